-- jobs/sqlcspread.go: sqlc's prepared-query mode; a bounce is unique by the
-- message's (email, message_id, domain).
create table sq_bounces (email text not null, message_id text not null, domain text not null, reason text);
create unique index sq_bounces_key on sq_bounces (email, message_id, domain);
