-- natkeyfix/sqlc.go: sqlc's prepared-query shape; a bounce is unique by
-- the message's (email, message_id, domain), a stamp by (email, at).
create table nk_bounces (email text not null, message_id text not null, at timestamp, domain text not null, msg text);
create unique index nk_bounces_key on nk_bounces (email, message_id, domain);
create table nk_stamps (email text not null, at timestamp not null, msg text, unique (email, at));
