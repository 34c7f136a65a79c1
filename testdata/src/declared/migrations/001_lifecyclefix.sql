-- The lifecyclefix fixture's tables (the shared analysistest run reads the
-- migrations under its config's directory, which is this fixture's).
create table lc_claims (
  job_key    text primary key,
  kind       text,
  created_at timestamptz not null default now()
);

create table lc_composite (tenant text, job_id bigint, created_at timestamptz);
create unique index lc_composite_key on lc_composite (tenant, job_id);

-- No unique key: a claim into it dedupes nothing.
create table lc_nokey (job_key text not null, created_at timestamptz);
create index lc_nokey_job_key on lc_nokey (job_key);

create table lc_ledger (order_id text, amount bigint);
