-- Schema for example.com/ecosystem (PostgreSQL).

create table if not exists processed_jobs (
    job_key text primary key,
    done_at timestamptz not null default now()
);

create table if not exists users (
    id    bigserial primary key,
    email text not null
);

create table if not exists accounts (
    id      bigint primary key,
    balance bigint not null default 0
);

create table if not exists orders (
    id     bigserial primary key,
    ref    text not null,
    amount bigint not null
);

create table if not exists payments (
    id       bigserial primary key,
    order_id bigint not null,
    amount   bigint not null
);

create table if not exists counters (
    id text primary key,
    n  bigint not null default 0
);

create table if not exists customers (
    id      bigserial primary key,
    email   text not null unique,
    balance bigint not null default 0
);

-- Every order is audited: an implicit insert into audit_log.
create table if not exists audit_log (
    id     bigserial primary key,
    tbl    text not null,
    row_id bigint not null,
    at     timestamptz not null default now()
);

create or replace function audit_order() returns trigger
language plpgsql as $$
begin
    insert into audit_log (tbl, row_id) values ('orders', new.id);
    return new;
end;
$$;

create trigger orders_audit
    after insert on orders
    for each row execute function audit_order();
