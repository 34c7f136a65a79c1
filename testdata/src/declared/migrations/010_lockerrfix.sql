-- The lockerrfix fixture's tables: a lock table claimed by its key, a
-- document with an optimistic-lock version, runs unique by their key.
create table lef_mail_lock (id text not null, kind text not null, value integer not null, primary key (id, kind));
create table lef_docs (id text primary key, state text not null, version integer not null);
create table lef_runs (id uuid primary key, run_key text not null unique);
