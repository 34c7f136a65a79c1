-- Profiles: a BEFORE UPDATE trigger that only stamps NEW.updated_at runs
-- no SQL: it adds no effect to the update that fires it.
create or replace function touch_updated_at() returns trigger language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end $$;

create trigger profiles_touch before update on profiles
  for each row execute function touch_updated_at();

-- Accounts: the trigger's function is not declared by the migrations (an
-- extension's, say): what it runs is not known.
create trigger accounts_ext after update on accounts
  for each row execute function ext_audit();

-- Visits: the trigger function runs no SQL statement, but the expression
-- it assigns calls a function that inserts.
create or replace function log_seen(id bigint) returns bigint language plpgsql as $$
begin
  insert into seen_log(visit_id) values (id);
  return id;
end $$;

create or replace function stamp_visit() returns trigger language plpgsql as $$
begin
  new.seen_id := log_seen(new.id);
  return new;
end $$;

create trigger visits_stamp before update on visits
  for each row execute function stamp_visit();
