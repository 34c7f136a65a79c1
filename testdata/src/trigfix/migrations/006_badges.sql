-- +goose Up
-- Badges: the function is replaced by one that writes elsewhere: the new
-- body's effect is the trigger's.
create function badge_history() returns trigger language plpgsql as $$
begin
  insert into badge_log(badge_id) values (new.id);
  return new;
end $$;

create trigger badges_history after update on badges
  for each row execute function badge_history();

create or replace function badge_history() returns trigger language plpgsql as $$
begin
  insert into badge_events(badge_id) values (new.id);
  return new;
end $$;

-- +goose Down
drop trigger badges_history on badges;
drop function badge_history();
