-- An entity mirrored with write-if-changed upserts (jobs/anychanged.go).
create table if not exists any_entities (
    key text primary key,
    version bigint not null
);
create table if not exists any_labels (
    key text primary key,
    label text not null
);
create table if not exists any_change_events (
    id bigserial primary key,
    key text not null
);
