-- Release gates (jobs/gates.go, internal/gatestore): the readiness row
-- moved out of 'pending' by a compare-and-set; events and runs have only
-- generated keys.
create table if not exists gate_readiness (
    id text primary key,
    status text not null default 'pending',
    timeout_at timestamptz,
    opened_at timestamptz
);
create table if not exists gate_events (
    id bigserial primary key,
    readiness_id text not null,
    kind text not null
);
create table if not exists gate_runs (
    id bigserial primary key,
    readiness_id text not null
);
