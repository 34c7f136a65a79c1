-- The duperrfix fixture's tables: a natural key, and a surrogate id only.
create table de_workflows (
  workflow_id text primary key,
  pull_request_id integer not null unique,
  finished boolean not null default false
);

create table de_events (id uuid primary key, body text);

-- sqlxnamed.go: one analysis a day per plan (a natural key besides the id).
create table de_audits (
  id uuid primary key,
  plan_id text not null,
  day date not null,
  constraint de_audits_plan_day unique (plan_id, day)
);

-- freshid.go: a parent with only its serial id, a child unique per
-- parent, and a parent upserted by its name.
create table de_parents (id bigserial primary key, name text);
create table de_children (id bigserial primary key, parent_id bigint not null unique, kind text);
create table de_named (id bigserial primary key, name text not null unique);

-- missplan.go: tags unique per (item_id, name).
create table de_tags (id bigserial primary key, item_id bigint not null, name text not null, unique (item_id, name));

-- linkplan.go: a source linked to its target by the target's serial id;
-- a target's kind unique per target.
create table de_sources (id bigserial primary key, target_id bigint, name text not null);
create table de_targets (id bigserial primary key, name text not null);
create table de_target_kinds (id bigserial primary key, target_id bigint not null unique, kind text not null);

-- selectrow.go: mails unique by their message id.
create table de_mails (id bigserial primary key, message_id text not null unique, body text);

-- joinmiss.go: a rotation's state, one row per rotation, outer-joined
-- by its read.
create table de_rotations (id text primary key, name text not null);
create table de_rotation_state (
  rotation_id text primary key references de_rotations (id),
  position integer not null default 0,
  version integer not null default 2
);
