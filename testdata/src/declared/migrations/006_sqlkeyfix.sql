-- The natkeyfix fixture's SQL table (sql.go): a primary key on a uuid the
-- code makes, and a business key.
create table nk_acos (uuid text primary key, cms_id text unique, name text);
