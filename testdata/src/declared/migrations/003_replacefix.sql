-- The replacefix fixture's tables: tags kept per post (natural key), a
-- queue whose rows are single items by id, rows kept per day and labels
-- per post behind a surrogate id (an insert of them never fails).
create table rp_tags (
  post_id text not null,
  tag text not null,
  primary key (post_id, tag)
);

create table rp_queue (id text primary key, body text);

create table rp_days (id bigserial primary key, day text not null, slot integer not null);

create table rp_labels (id bigserial primary key, post_id text not null, label text not null);

-- A snapshot table emptied and refilled as a whole (truncate.go).
create table rp_snapshot (key text primary key, val text not null);
