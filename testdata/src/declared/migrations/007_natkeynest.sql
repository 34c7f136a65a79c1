-- The natkeynest fixture's table: a primary key that is only an id column,
-- filled from a field of the event struct a channel builds (from the
-- payload, from its caller's argument, or from uuid.New).
create table nk_events (id char(26) primary key, event_type text not null);
