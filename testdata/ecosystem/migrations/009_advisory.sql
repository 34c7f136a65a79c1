-- jobs/advisory.go: findings looked up by key (not unique: the advisory
-- lock is what keeps two at once apart) and a ledger.
create table if not exists adv_findings (id bigserial primary key, key text not null, seen_at timestamptz);
create table if not exists adv_ledger (id bigserial primary key, key text not null);
