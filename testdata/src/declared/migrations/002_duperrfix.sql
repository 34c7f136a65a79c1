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
