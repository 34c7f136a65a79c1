-- +migrate Up
-- Triggers that enqueue River jobs by inserting into river_job, through a
-- helper whose kind is a parameter (jobs.go).
create table river_job (id bigserial primary key, queue text, kind text, args jsonb,
  max_attempts int, priority int, scheduled_at timestamptz);
create table shift_state (shift_id bigint primary key, position int);
create table profile_sync (profile_id bigint primary key, n int);
create table digest_state (digest_id bigint primary key, n int);
create table posted_jobs (job_id bigint primary key);
create table posting_state (account_id bigint primary key, n int);
create table postings (id bigserial primary key, account_id bigint);

create function enqueue_job(queue_name text, kind text, args jsonb) returns void language plpgsql as $$
begin
  insert into river_job (queue, kind, args, max_attempts, priority)
    values (queue_name, kind, args, 25, 2);
end $$;

-- The kind passes through a second function's parameter.
create function enqueue_shift(id bigint) returns void language plpgsql as $$
begin
  perform enqueue_job('shifts'::text, 'shift-advance'::text, jsonb_build_object('ShiftID', id));
end $$;

create function track_shift() returns trigger language plpgsql as $$
begin
  perform enqueue_shift(new.shift_id);
  return new;
end $$;

create trigger shift_state_updates after update on shift_state
  for each row execute function track_shift();

-- A profile's change enqueues another task.
create function track_profile() returns trigger language plpgsql as $$
begin
  perform enqueue_job('audit', 'profile-audit', jsonb_build_object('ID', new.profile_id));
  return new;
end $$;

create trigger profile_sync_updates after update on profile_sync
  for each row execute function track_profile();

-- A digest's change schedules the digest's own next run an hour later.
create function track_digest() returns trigger language plpgsql as $$
begin
  insert into river_job (kind, args, scheduled_at)
    values ('digest', jsonb_build_object('ID', new.digest_id), now() + interval '1 hour');
  return new;
end $$;

create trigger digest_state_updates after update on digest_state
  for each row execute function track_digest();

-- A posting's change enqueues the posting task again.
create function track_posting() returns trigger language plpgsql as $$
begin
  perform enqueue_job('postings', 'posting', jsonb_build_object('ID', new.account_id));
  return new;
end $$;

create trigger posting_state_updates after update on posting_state
  for each row execute function track_posting();

-- +migrate Down
drop trigger shift_state_updates on shift_state;
