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

-- Orders: a state change is recorded in the order's history.
create or replace function order_history() returns trigger language plpgsql as $$
begin
  insert into order_events(order_id, state) values (new.id, new.state);
  return new;
end $$;

create trigger orders_history after update on orders
  for each row execute function order_history();

-- A processed key is announced.
create or replace function announce_processed() returns trigger language plpgsql as $$
begin
  insert into processed_log(job_key) values (new.job_key);
  return new;
end $$;

create trigger processed_announce after insert on processed_jobs
  for each row execute function announce_processed();
