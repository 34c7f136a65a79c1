-- checkactfix/zerokey.go: a find-or-create tested by the row's id. zk_tags
-- has no unique key but its id; zk_labels one per name.
create table zk_tags (id bigserial primary key, name text not null);
create table zk_labels (id bigserial primary key, name text not null unique);
