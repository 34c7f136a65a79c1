-- Events inserted two interface calls below their handlers
-- (jobs/nestkey.go, internal/nkevents): the only key is the id.
create table if not exists nk_events (
    id text primary key,
    event_type text not null,
    acked_at timestamptz
);
