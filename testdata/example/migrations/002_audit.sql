-- Every ledger row is audited: an implicit effect of any insert into ledger.
create table if not exists audit_log (
    id     bigserial primary key,
    tbl    text not null,
    row_id bigint not null,
    at     timestamptz not null default now()
);

create or replace function audit_ledger() returns trigger language plpgsql as $$
begin
  insert into audit_log(tbl, row_id) values ('ledger', new.id);
  return new;
end $$;

create trigger ledger_audit after insert on ledger
  for each row execute function audit_ledger();
