-- jobs/selectrow.go: mails recorded by an INSERT … SELECT of parameters.
create table sr_campaigns (id bigserial primary key, uuid text not null unique);
create table sr_mails (
    id          bigserial primary key,
    message_id  text not null unique,
    campaign_id bigint references sr_campaigns (id),
    recipient   text not null,
    body        text not null
);
