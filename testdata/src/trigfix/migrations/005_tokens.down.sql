-- A down migration's file (golang-migrate): never applied on the way up.
create function token_log() returns trigger language plpgsql as $$
begin
  insert into token_log(token_id) values (new.id);
  return new;
end $$;

create trigger tokens_log after update on tokens
  for each row execute function token_log();
