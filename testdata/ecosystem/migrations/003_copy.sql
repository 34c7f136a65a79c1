-- Tags refilled whole by a job (jobs/copy.go): no key of their own.
create table if not exists cp_tags (
    name text not null
);
