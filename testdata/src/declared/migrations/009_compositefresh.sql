-- afterduptx: a recipe given a struct uuid, and its parts, unique by
-- (n, recipe_id): the stable column first, the fresh one second.
create table sb_recipes2 (id uuid primary key, name text);
create table sb_parts2 (id serial primary key, n integer not null, recipe_id uuid not null, name text, unique (n, recipe_id));
