-- Tables of the River workers in jobs/resume.go (refund:cancel-tx,
-- import:steps). River's own tables come from its migrations (rivermigrate).
create table if not exists refunds (
    id       bigserial primary key,
    order_id text not null,
    amount   bigint not null
);

create table if not exists imports (
    id   bigserial primary key,
    file text not null
);
