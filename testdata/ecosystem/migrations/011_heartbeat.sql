-- jobs/heartbeat.go: pass telemetry (success and sample counts, last seen)
-- and, in the same table, a usage counter (the near miss).
create table if not exists hb_operation_heartbeats (
    component text primary key,
    success_count bigint not null default 0,
    sample_count bigint not null default 0,
    usage_count bigint not null default 0,
    last_success_at timestamptz not null
);
