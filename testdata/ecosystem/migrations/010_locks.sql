-- Mail locks, documents and runs (jobs/locks.go, internal/lockstore): a
-- lock row claimed by (id, kind) and moved 0 → 1 by a compare-and-set,
-- a document with an optimistic-lock version, runs unique by their key.
create table if not exists mail_locks (
    id text not null,
    kind text not null,
    value integer not null,
    primary key (id, kind)
);
create table if not exists lock_docs (
    id text primary key,
    state text not null,
    version integer not null default 0
);
create table if not exists lock_runs (
    id bigserial primary key,
    run_key text not null unique
);
