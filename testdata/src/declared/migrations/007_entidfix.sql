-- ecoent/setid.go: an ent entity whose only unique key is the id the
-- code gives it (SetID).
create table exports (id text primary key, name text);
