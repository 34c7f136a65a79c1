-- The duperrfix fixture's tables: a natural key, and a surrogate id only.
create table de_workflows (
  workflow_id text primary key,
  pull_request_id integer not null unique,
  finished boolean not null default false
);

create table de_events (id uuid primary key, body text);
