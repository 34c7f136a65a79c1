-- PostgreSQL tables of example.com/shapes. (The MySQL stats table and the
-- bun models' tables are not here: bun's are created from the models,
-- internal/bunmodels.)
create table shape_docs (id bigint primary key, attrs jsonb, labels text[], note text);

create table imports (source text not null, ref text not null, primary key (source, ref));
create table import_rows (id bigserial primary key, ref text not null);

create table cw_orders (id text primary key, state bigint);
create table cw_counters (id text primary key, n bigint);
create table cw_moves (id text primary key, n bigint);

create table gw_sessions (id bigserial primary key, expires_at timestamptz);
