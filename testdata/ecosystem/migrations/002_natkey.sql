-- Orders keyed by the order's own UID (from the message), not a sequence:
-- the id is the business key (jobs/natkey.go).
create table if not exists nk_orders (
    id    varchar(100) primary key,
    track text not null
);
