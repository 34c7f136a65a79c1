-- jobs/dupshapes.go: a workflow run per id (the only key), and events
-- read by a check of another table.
create table if not exists wf_runs (
    workflow_id text primary key,
    pull_request_id integer not null,
    finished boolean not null default false
);

create table if not exists wf_events (
    id bigserial primary key,
    body text not null
);
