-- jobs/partsfresh.go: a recipe given a new uuid, its parts unique by
-- (display_order, recipe_id) (socialchef's recipe_parts, the stable
-- column first), and its steps.
create table pf_recipes (id uuid primary key, name text not null);
create table pf_parts (
    id serial primary key,
    display_order integer not null,
    recipe_id uuid not null references pf_recipes(id),
    name text not null,
    unique (display_order, recipe_id)
);
create table pf_steps (id serial primary key, recipe_id uuid not null, n integer not null);
