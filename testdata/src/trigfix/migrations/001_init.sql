create table ledger (id bigserial primary key, amount bigint);
create table audit_log (id bigserial primary key, tbl text, row_id bigint);
create table big_moves (n bigint);
