-- Every ledger write is audited and announced.
create or replace function audit_ledger() returns trigger language plpgsql as $$
begin
  insert into audit_log(tbl, row_id) values ('ledger', new.id);
  perform pg_notify('ledger_changed', new.id::text);
  return new;
end $$;

create trigger ledger_audit after insert or update on ledger
  for each row execute function audit_ledger();

create or replace function count_big() returns trigger language plpgsql as $$
begin
  update big_moves set n = n + 1;
  return new;
end $$;

create trigger audit_big after insert on audit_log
  for each row execute function count_big();
