-- Exports keyed by the id the code gives them (ent SetID, jobs/entid.go):
-- the id is the only unique key.
create table if not exists exports (
    id   varchar(100) primary key,
    name text not null
);
