-- +migrate Up
-- The schema is what the up migrations leave, in file order.

-- Archives: a trigger created, then dropped with its function by the same
-- migration's next step: an archive delete fires nothing.
create function archive_log() returns trigger language plpgsql as $$
begin
  insert into archive_log(archive_id) values (old.id);
  return old;
end $$;

create trigger archives_log after delete on archives
  for each row execute function archive_log();

drop trigger archives_log on archives;
drop function archive_log();

-- Carts: the trigger's function is replaced by one that only stamps NEW:
-- the old body's insert is gone.
create function cart_history() returns trigger language plpgsql as $$
begin
  insert into cart_log(cart_id) values (new.id);
  return new;
end $$;

create trigger carts_history before update on carts
  for each row execute function cart_history();

create or replace function cart_history() returns trigger language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end $$;

-- +migrate Down
-- Sessions: a trigger created only when the migration is rolled back, and
-- the carts function's old body restored then: neither is live.
create function session_log() returns trigger language plpgsql as $$
begin
  insert into session_log(session_id) values (new.id);
  return new;
end $$;

create trigger sessions_log after update on sessions
  for each row execute function session_log();

create or replace function cart_history() returns trigger language plpgsql as $$
begin
  insert into cart_log(cart_id) values (new.id);
  return new;
end $$;
