-- jobs/checkshapes.go: check-then-act by column, and its set form.
create table cs_campaigns (id bigint primary key, status text not null, sent_count int not null default 0, updated_at timestamptz);
create table cs_sends (campaign_id bigint not null);
create table cs_debriefs (incident_id bigint not null, user_id bigint not null);
create table cs_assignments (incident_id bigint not null, user_id bigint not null);
