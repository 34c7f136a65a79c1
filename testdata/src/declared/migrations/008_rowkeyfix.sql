-- sqlbuildfix/rowkey.go: a recipe whose id the code gives it, and its
-- parts, unique by (recipe_id, n).
create table sb_recipes (id text primary key, name text);
create table sb_parts (id serial primary key, recipe_id text not null, n integer not null, unique (recipe_id, n));
