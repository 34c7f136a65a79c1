-- A waitlist whose rows a BEFORE UPDATE trigger stamps: the trigger runs
-- no SQL (it only sets NEW.updated_at), so it adds no effect.
create table waitlist_entries (
    id bigserial primary key,
    status text not null,
    joined_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);

create or replace function touch_updated_at() returns trigger
language plpgsql as $$
begin
    new.updated_at := now();
    return new;
end;
$$;

create trigger waitlist_touch
    before update on waitlist_entries
    for each row execute function touch_updated_at();
