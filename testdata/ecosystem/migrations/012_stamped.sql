-- jobs/stamped.go: runs upserted only when changed and stamped with the
-- transaction's clock; the history copies the rows carrying that stamp.
create table if not exists st_runs (
    id bigint primary key,
    status text not null,
    synced_at timestamptz not null,
    last_checked_at timestamptz
);
create table if not exists st_run_history (
    run_id bigint not null,
    status text not null,
    at timestamptz not null default now()
);
