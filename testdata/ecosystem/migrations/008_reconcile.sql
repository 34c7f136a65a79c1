-- jobs/reconcile.go: a parent with only its serial id, one child per
-- parent, and labels unique per (item_id, name).
create table if not exists rc_parents (id bigserial primary key, name text);
create table if not exists rc_children (id bigserial primary key, parent_id bigint not null unique, kind text);
create table if not exists rc_labels (id bigserial primary key, item_id bigint not null, name text not null, unique (item_id, name));
-- rc:links: a source names its target by the target's serial id.
create table if not exists rc_sources (id bigserial primary key, target_id bigint, name text not null);
create table if not exists rc_targets (id bigserial primary key, name text not null);
