-- jobs/orphanscan.go: outstanding refresh generations (completed by the
-- refresh under the same advisory lock) and the near miss's backlog,
-- which nothing writes.
create table if not exists orphan_intents (
    key text primary key,
    generation bigint not null default 0,
    completed bigint not null default 0
);

create table if not exists orphan_backlog (
    key text primary key,
    generation bigint not null default 0,
    completed bigint not null default 0
);
