-- The sqlbuildfix fixture's tables (query builders): a file row whose
-- name is unique, records, counters.
create table sb_files (id serial primary key, name text not null unique, status text);
create table sb_records (id serial primary key, file_id integer not null, mbi text);
create table sb_counters (id integer primary key, n integer not null default 0, state text);
