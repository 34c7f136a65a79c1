-- ecoent/findcreate.go: handovers are one per shift (a unique shift_id);
-- memos have no unique key but their id.
create table handovers (id serial primary key, shift_id text not null unique, contents text, reminder_sent boolean);
create table memos (id serial primary key, shift_id text not null, contents text);
