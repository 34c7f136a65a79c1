-- Schema for example.com/shop (PostgreSQL).

create table if not exists processed_jobs (
    job_key text primary key,
    done_at timestamptz not null default now()
);

create table if not exists ledger (
    id       bigserial primary key,
    account  bigint,
    amount   bigint,
    order_id text
);

create table if not exists accounts (
    id      bigint primary key,
    balance bigint not null default 0
);

create table if not exists profiles (
    user_id    bigint primary key,
    avatar_url text
);

create table if not exists shipments (
    order_id text primary key,
    carrier  text,
    tracking text
);

create table if not exists users (
    id    bigint primary key,
    email text
);
