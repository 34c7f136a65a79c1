-- Receipts (jobs/receipt.go). receipt_claims is the claim table of
-- receipt:send; its job_key has an index but no unique one, so the claim's
-- "on conflict do nothing" never conflicts: jobeffects reports
-- claim-without-constraint. processed_jobs (001_schema.sql) has its primary
-- key.
create table if not exists receipt_claims (
    job_key    text not null,
    claimed_at timestamptz not null default now()
);
create index if not exists receipt_claims_job_key on receipt_claims (job_key);

create table if not exists receipts (
    id       bigserial primary key,
    order_id text not null,
    amount   bigint not null
);
