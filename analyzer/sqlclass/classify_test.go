package sqlclass

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// classifyCase is one row of the table. want lists the entries as
// "op:table", with ":ret" appended when the statement has RETURNING,
// separated by " ; ". detail, when set, must occur in the Detail of the
// entry Worst picks.
type classifyCase struct {
	id     string
	sql    string
	want   string
	detail string
}

var classifyCases = []classifyCase{
	// INSERT
	{"insert", `insert into ledger (order_id, amount) values ($1, $2)`, "insert:ledger", ""},
	{"insert-select", `insert into archive select * from jobs where done`, "insert:archive", "insert ... select"},
	{"insert-default-values", `insert into events default values`, "insert:events", ""},
	{"insert-schema", `insert into audit.log (msg) values ($1)`, "insert:audit.log", ""},
	{"insert-quoted", `insert into "Audit"."Log" values (1)`, "insert:Audit.Log", ""},
	{"insert-upper-folded", `INSERT INTO Ledger VALUES (1)`, "insert:ledger", ""},
	{"insert-returning", `insert into orders (k) values ($1) returning id`, "insert:orders:ret", ""},
	{"insert-nextval-values", `insert into t (id, k) values (nextval('t_id_seq'), $1)`, "insert:t", ""},
	{"insert-user-fn", `insert into t (k, v) values ($1, compute_v($2))`, "insert:t ; call:", ""},
	{"insert-pg-notify-in-rows", `insert into t (k) select pg_notify('c', 'x')`, "insert:t ; notify:c", ""},

	// claims
	{"claim", `insert into processed_jobs (job_id) values ($1) on conflict do nothing`, "claim:processed_jobs", "do nothing"},
	{"claim-target-returning", `insert into processed_jobs (job_id) values ($1) on conflict (job_id) do nothing returning job_id`, "claim:processed_jobs:ret", ""},
	{"claim-on-constraint", `insert into processed (id) values ($1) on conflict on constraint processed_pkey do nothing`, "claim:processed", "on constraint processed_pkey"},
	{"claim-insert-select", `insert into processed (id) select id from staging where batch = $1 on conflict do nothing`, "claim:processed", ""},
	{"claim-nextval-id", `insert into t (id, k) values (nextval('t_id_seq'), $1) on conflict (k) do nothing`, "claim:t", ""},
	// compare-and-set updates: the row changes only from the value the WHERE requires
	{"cas-state", `update orders set state = 'paid' where id = $1 and state = 'new'`, "claim:orders", "compare-and-set"},
	{"cas-version", `update orders set version = version + 1, total = $3 where id = $1 and version = $2`, "claim:orders", "version"},
	// the optimistic lock's near miss: the version stepped with no test of
	// the one read is an increment
	// a version stepped alone and returned is a change token drawn, as a
	// sequence (ghsync's AdvanceEntityObservationVersion,
	// dbgen/observation_versions.sql.go:12-17)
	{"version-drawn", `update docs set version = version + 1 where id = $1 returning version`, "nextval:docs:ret", "a sequence kept in a table: version"},
	{"version-drawn-upsert", `insert into entity_observation_versions (entity_key, version) values ($1, 1) on conflict (entity_key) do update set version = entity_observation_versions.version + 1 returning version`, "nextval:entity_observation_versions:ret", "version stepped by one"},
	{"version-not-returned", `insert into v (k, version) values ($1, 1) on conflict (k) do update set version = v.version + 1`, "upsert-increment:v", ""},
	{"counter-upsert-returned", `insert into views (k, n) values ($1, 1) on conflict (k) do update set n = views.n + 1 returning n`, "upsert-increment:views:ret", ""},
	// goctl's go-zero model (looklook homestayOrderModel_gen.go:182), its
	// set list assembled from the struct's db tags: an optimistic lock
	{"cas-version-mysql-goctl", "update `order` set `sn`=?,`trade_state`=?,`version`=? where `id` = ? and version = ? ", "claim:order", "version"},
	// attempt counters count the runs, a redelivery among them (attempt.go)
	{"attempt-counter", `update pages as page set attempt_count = page.attempt_count + 1, last_started_at = clock_timestamp() where page.id = $1 and page.status = 'pending'`, "update-set:pages", "an attempt counter (attempt_count + 1)"},
	{"attempt-counter-retries", `update jobs set retries = retries + 1 where id = $1`, "update-set:jobs", "attempt counter"},
	{"attempt-counter-by-two", `update jobs set attempts = attempts + 2 where id = $1`, "update-increment:jobs", ""},
	{"attempt-counter-and-count", `update jobs set attempts = attempts + 1, processed = processed + 1 where id = $1`, "update-increment:jobs", ""},
	{"cas-version-missing", `update orders set version = version + 1, total = $2 where id = $1`, "update-increment:orders", ""},
	{"cas-qualified", `update orders o set state = $2 where o.id = $1 and o.state = 'new' returning o.id`, "claim:orders:ret", "state"},
	{"cas-is-null", `update jobs set processed_at = now() where id = $1 and processed_at is null`, "claim:jobs", "processed_at"},
	{"not-cas-is-not-null", `update jobs set processed_at = now() where id = $1 and processed_at is not null`, "update-set:jobs", ""},
	{"not-cas-null-other-col", `update jobs set state = 'done' where id = $1 and deleted_at is null`, "update-set:jobs", ""},
	{"not-cas-inequality", `update accounts set balance = balance - $1 where id = $2 and balance >= $1`, "update-increment:accounts", "self-reference"},
	{"not-cas-or", `update orders set state = 'x' where id = $1 or state = 'y'`, "update-set:orders", ""},
	{"not-cas-key-only", `update orders set state = 'paid' where id = $1`, "update-set:orders", ""},
	{"not-cas-self", `update orders set state = 'x' where state = state`, "update-set:orders", ""},
	// batches of "the next n": a LIMIT subquery of the updated table that
	// picks by a column the update sets takes other rows on a second run
	{"takes-next-in", `update applications set waitlist_join_time = null, status = 'accepted' where user_id in (select user_id from applications where status = 'waitlisted' order by waitlist_join_time limit $2) returning user_id`, "update-increment:applications:ret", "takes the next rows"},
	{"takes-next-cleared", `with batch as (select c.guid from deliveries as c where c.received_at < $2 and c.raw_body is not null order by c.received_at limit $3 for update skip locked) update deliveries as d set raw_body = null, pruned_at = $1 from batch where d.guid = batch.guid`, "update-set:deliveries", ""},
	{"takes-next-order", `update jobs set last_run = now() where id = (select id from jobs order by last_run limit 1)`, "update-increment:jobs", "by last_run"},
	{"takes-next-from", `update jobs j set state = 'running' from (select id from jobs where state = 'queued' order by id limit 10) n where j.id = n.id`, "update-increment:jobs", "by state"},
	{"not-takes-next-same-rows", `update jobs set flag = true where id in (select id from jobs where kind = $1 order by created limit 10)`, "update-set:jobs", ""},
	{"not-takes-next-other-table", `update users set status = 'invited' where id in (select user_id from signups where status = 'new' order by at limit $1)`, "update-set:users", ""},
	{"not-takes-next-no-limit", `update applications set status = 'accepted' where user_id in (select user_id from applications where status = 'waitlisted')`, "update-set:applications", ""},
	// a sweep in batches (sweep.go): a constant LIMIT over the rows not
	// yet holding the constant set; goalert's CleanupMgrDisableOldCalSub
	// (engine/cleanupmanager/queries.sql:208-225)
	{"sweep-not-flag", `update user_calendar_subscriptions set disabled = true where id = any (select id from user_calendar_subscriptions where greatest(last_access, last_update) < (now() - '1 day'::interval * $1::int) and not disabled order by id limit 100 for update skip locked)`, "update-set:user_calendar_subscriptions", "a sweep in batches"},
	{"sweep-distinct", `update reports set state = 'archived' where id in (select id from reports where created_at < $1 and state is distinct from 'archived' limit 500)`, "update-set:reports", "a sweep in batches"},
	{"sweep-ne", `update reports r set state = 'archived' where r.id in (select id from reports where state <> 'archived' order by id limit 500)`, "update-set:reports", "a sweep"},
	{"sweep-is-null", `update items set tag = 'legacy' where id in (select id from items where tag is null limit 50)`, "update-set:items", "a sweep"},
	{"sweep-flag-false", `update users set active = false where id in (select id from users where active and last_seen < $1 limit 100)`, "update-set:users", "a sweep"},
	{"sweep-is-not-true", `update users set notified = true where id in (select id from users where notified is not true limit 100)`, "update-set:users", "a sweep"},
	{"sweep-cte", `with batch as (select id from users where not notified limit 100) update users u set notified = true from batch where u.id = batch.id`, "update-set:users", "a sweep"},
	{"not-sweep-param-limit", `update subs set disabled = true where id = any (select id from subs where not disabled order by id limit $1)`, "update-increment:subs", "takes the next rows"},
	{"not-sweep-param-value", `update jobs set owner = $1 where id in (select id from jobs where owner is null order by id limit 10)`, "update-increment:jobs", "takes the next rows"},
	{"not-sweep-clock", `update jobs set picked_at = now() where id in (select id from jobs where picked_at is null limit 10)`, "update-increment:jobs", "takes the next rows"},
	{"not-sweep-pool", `update applications set status = 'accepted' where id in (select id from applications where status = 'waitlisted' order by joined limit 10)`, "update-increment:applications", "by status"},
	{"not-sweep-or", `update subs set disabled = true where id = any (select id from subs where not disabled or stale limit 100)`, "update-increment:subs", "takes the next rows"},
	{"not-sweep-same-bool", `update subs set disabled = true where id = any (select id from subs where disabled = true limit 100)`, "update-increment:subs", "takes the next rows"},

	// upserts
	{"upsert-set", `insert into users (id, email) values ($1, $2) on conflict (id) do update set email = excluded.email`, "upsert-set:users", ""},
	{"p05", `insert into counters (k,n) values ($1,1) on conflict (k) do update set n = counters.n + 1`, "upsert-increment:counters", `n is an operand of "+"`},
	{"upsert-incr-alias", `insert into totals as t (k, n) values ($1, $2) on conflict (k) do update set n = t.n + excluded.n`, "upsert-increment:totals", ""},
	{"upsert-incr-unqualified", `insert into totals (k, n) values ($1, 1) on conflict (k) do update set n = n + 1`, "upsert-increment:totals", ""},
	{"upsert-excluded-arith", `insert into totals (k, n) values ($1, $2) on conflict (k) do update set n = excluded.n + 1`, "upsert-set:totals", ""},
	{"upsert-greatest", `insert into seen (k, at) values ($1, $2) on conflict (k) do update set at = greatest(seen.at, excluded.at)`, "upsert-set:seen", ""},
	{"upsert-jsonb-set", `insert into docs (k, data) values ($1, $2) on conflict (k) do update set data = jsonb_set(docs.data, '{a}', excluded.data)`, "upsert-set:docs", ""},
	{"upsert-array-append", `insert into tags (k, tags) values ($1, array[$2]) on conflict (k) do update set tags = array_append(tags.tags, $2)`, "upsert-increment:tags", "array_append()"},
	{"upsert-returning", `insert into kv (k, v) values ($1, $2) on conflict (k) do update set v = excluded.v returning k`, "upsert-set:kv:ret", ""},
	{"upsert-where", `insert into kv (k, v) values ($1, $2) on conflict (k) do update set v = excluded.v where kv.v is distinct from excluded.v`, "upsert-set:kv", ""},
	// write-if-newer: the update applies while the row is older than what
	// is inserted, and sets the compared column: once per inserted value
	{"upsert-newer-incr", `insert into t (k, n, updated_at) values ($1, 1, $2) on conflict (k) do update set n = t.n + 1, updated_at = excluded.updated_at where t.updated_at < excluded.updated_at`, "upsert-set:t", "write-if-newer"},
	{"upsert-newer-flipped-or-null", `insert into t (k, n, v) values ($1, 1, $2) on conflict (k) do update set n = t.n + 1, v = excluded.v where t.v is null or excluded.v > t.v`, "upsert-set:t", "write-if-newer"},
	{"upsert-newer-distinct", `insert into t (k, n, v) values ($1, 1, $2) on conflict (k) do update set n = t.n + 1, v = excluded.v where t.v is distinct from excluded.v`, "upsert-set:t", "write-if-newer"},
	{"upsert-newer-version-and", `insert into docs as d (id, edits, version) values ($1, 1, 7) on conflict (id) do update set edits = d.edits + 1, version = excluded.version where d.id = excluded.id and d.version < excluded.version`, "upsert-set:docs", "write-if-newer"},
	// near misses stay increments: no WHERE, a WHERE on a column not set
	// from excluded, the wrong direction, a value from now()
	{"upsert-newer-no-where", `insert into t (k, n, updated_at) values ($1, 1, $2) on conflict (k) do update set n = t.n + 1, updated_at = excluded.updated_at`, "upsert-increment:t", ""},
	{"upsert-newer-not-set", `insert into t (k, n, v) values ($1, 1, $2) on conflict (k) do update set n = t.n + 1 where t.v < excluded.v`, "upsert-increment:t", ""},
	{"upsert-newer-wrong-way", `insert into t (k, n, v) values ($1, 1, $2) on conflict (k) do update set n = t.n + 1, v = excluded.v where t.v > excluded.v`, "upsert-increment:t", ""},
	{"upsert-newer-now", `insert into t (k, n, updated_at) values ($1, 1, now()) on conflict (k) do update set n = t.n + 1, updated_at = excluded.updated_at where t.updated_at < excluded.updated_at`, "upsert-increment:t", ""},
	{"upsert-newer-or-other", `insert into t (k, n, v) values ($1, 1, $2) on conflict (k) do update set n = t.n + 1, v = excluded.v where t.v < excluded.v or t.n < 10`, "upsert-increment:t", ""},
	{"upsert-on-constraint-incr", `insert into hits (k, n) values ($1, 1) on conflict on constraint hits_pkey do update set n = hits.n + excluded.n`, "upsert-increment:hits", ""},
	{"upsert-multiassign", `insert into stats (k, hits, at) values ($1, 1, now()) on conflict (k) do update set (hits, at) = (stats.hits + 1, now())`, "upsert-increment:stats", ""},

	// UPDATE
	{"update-set", `update jobs set status = 'done', finished_at = now() where id = $1`, "update-set:jobs", ""},
	{"update-incr", `update accounts set balance = balance + $1 where id = $2`, "update-increment:accounts", `balance is an operand of "+"`},
	{"update-decr", `update stock set qty = qty - $1 where sku = $2`, "update-increment:stock", ""},
	{"p14", `update users set last_seen = greatest(last_seen, $1)`, "update-set:users", ""},
	{"p15", `update stats set (hits, updated_at) = (hits + 1, now())`, "update-increment:stats", ""},
	{"p15-second-col", `update stats set (updated_at, hits) = (now(), hits + 1)`, "update-increment:stats", ""},
	{"multiassign-no-self", `update stats set (a, b) = (b + 1, a + 1)`, "update-set:stats", ""},
	{"multiassign-subselect", `update t set (a, b) = (select a + 1, b from u where u.id = t.id)`, "update-set:t", ""},
	{"p16", `update accounts a set balance = a.balance + t.amount from transfers t where t.account_id = a.id`, "update-increment:accounts", ""},
	{"update-from-other-col", `update accounts a set balance = t.balance + 1 from transfers t where t.id = a.id`, "update-set:accounts", ""},
	{"update-table-qualified", `update accounts set balance = accounts.balance * 2`, "update-increment:accounts", ""},
	{"update-schema-qualified", `update bank.accounts set balance = bank.accounts.balance + 1`, "update-increment:bank.accounts", ""},
	{"h01", `update t set n = greatest(n, $1 + 1)`, "update-set:t", ""},
	{"greatest-plus-outside", `update t set n = greatest(n, $1) + 1`, "update-increment:t", ""},
	{"n-times-zero", `update t set n = n * 0 + $1`, "update-increment:t", ""}, // operand rule: pessimistic, documented
	{"coalesce-plus", `update t set n = coalesce(n, 0) + 1`, "update-increment:t", ""},
	// a counter table standing in for a sequence: stepped by one, returned, named as an ID or a sequence
	{"seq-table-stream-id", `UPDATE syncapi_stream_id SET stream_id = stream_id + 1 WHERE stream_name = $1 RETURNING stream_id`, "nextval:syncapi_stream_id:ret", "sequence kept in a table"},
	{"seq-table-one-plus", `update id_seq set next = 1 + next returning next`, "nextval:id_seq:ret", "sequence"},
	{"seq-table-camel", `update counters set "nextId" = "nextId" + 1 where name = $1 returning "nextId"`, "nextval:counters:ret", "sequence"},
	{"seq-views-counter", `update posts set views = views + 1 where id = $1 returning views`, "update-increment:posts:ret", ""},
	{"seq-no-returning", `update seqs set stream_id = stream_id + 1 where name = $1`, "update-increment:seqs", ""},
	{"seq-step-two", `update seqs set stream_id = stream_id + 2 where name = $1 returning stream_id`, "update-increment:seqs:ret", ""},
	{"seq-returns-more", `update seqs set stream_id = stream_id + 1 where name = $1 returning stream_id, owner`, "update-increment:seqs:ret", ""},
	{"seq-two-columns", `update seqs set stream_id = stream_id + 1, hits = hits + 1 where name = $1 returning stream_id`, "update-increment:seqs:ret", ""},
	{"coalesce-only", `update t set seen_at = coalesce(seen_at, now())`, "update-set:t", ""},
	{"least", `update t set n = least(n, $1)`, "update-set:t", ""},
	{"case-choose", `update t set n = case when n > $1 then n else $1 end`, "update-set:t", ""},
	{"case-incr", `update t set n = case when n is null then 1 else n + 1 end`, "update-increment:t", ""},
	{"text-concat", `update t set note = note || $1`, "update-increment:t", `"||"`},
	{"concat-fn", `update t set s = concat(s, $1)`, "update-increment:t", "concat()"},
	{"concat-ws", `update t set s = concat_ws(',', s, $1)`, "update-increment:t", ""},
	{"array-prepend", `update t set tags = array_prepend($1, tags)`, "update-increment:t", ""},
	{"array-cat", `update t set tags = array_cat(tags, $1)`, "update-increment:t", ""},
	{"array-remove", `update t set tags = array_remove(tags, $1)`, "update-set:t", ""},
	{"jsonb-concat", `update t set data = data || $1::jsonb`, "update-increment:t", ""},
	// jsonb object merge is idempotent (issue 28); array and text concatenation are not
	{"jsonb-merge-coalesce", `update t set attrs = coalesce(attrs, '{}'::jsonb) || $1 where id = $2`, "update-set:t", ""},
	{"jsonb-merge-literal", `update t set attrs = attrs || '{"seen": true}'::jsonb`, "update-set:t", ""},
	{"jsonb-merge-build", `update t set attrs = attrs || jsonb_build_object('k', $1::text)`, "update-set:t", ""},
	{"jsonb-merge-upsert", `insert into t (k, attrs) values ($1, $2) on conflict (k) do update set attrs = t.attrs || excluded.attrs || '{}'::jsonb`, "upsert-set:t", ""},
	{"jsonb-array-append", `update t set events = coalesce(events, '[]'::jsonb) || $1`, "update-increment:t", ""},
	{"jsonb-array-build", `update t set events = events || jsonb_build_array($1::text)`, "update-increment:t", ""},
	{"text-concat-cast", `update t set note = note || $1::text`, "update-increment:t", ""},
	{"array-concat-ctor", `update t set tags = tags || array[$1]`, "update-increment:t", ""},
	{"array-concat-cast", `update t set tags = tags || $1::text[]`, "update-increment:t", ""},
	{"concat-untyped-literal", `update t set tags = tags || '{a}'`, "update-increment:t", ""},
	{"h10-key-removal", `update t set data = data - 'tmp_key'`, "update-set:t", ""},
	{"key-removal-array", `update t set data = data - '{a,b}'::text[]`, "update-set:t", ""},
	{"minus-param", `update t set data = data - $1`, "update-increment:t", ""},
	{"minus-numeric-literal", `update t set n = n - '1'`, "update-increment:t", ""},
	{"unary-minus", `update t set n = -n`, "update-increment:t", ""},
	{"cast-operand", `update t set n = n::bigint + 1`, "update-increment:t", ""},
	{"subselect-skipped", `update t set n = (select max(n) + 1 from t)`, "update-set:t", ""},
	{"second-target", `update t set updated_at = now(), n = n + 1 where id = $1`, "update-increment:t", ""},
	{"other-column-arith", `update t set total = price * qty`, "update-set:t", ""},
	{"update-only", `update only t set n = t.n + 1`, "update-increment:t", ""},
	{"update-returning", `update jobs set status = 'running' where id = $1 returning id`, "update-set:jobs:ret", ""},
	{"update-user-fn", `update t set x = compute_x(y) where id = $1`, "update-set:t ; call:", "compute_x"},
	{"update-nextval-set", `update orders set invoice_no = nextval('invoice_seq') where id = $1`, "update-set:orders ; nextval:invoice_seq", ""},
	{"update-where-current-of", `update t set n = 1 where current of c`, "update-set:t", ""},

	// DELETE / TRUNCATE
	{"delete", `delete from jobs where id = $1`, "delete:jobs", ""},
	{"h06", `delete from only t where id = $1`, "delete:t", ""},
	{"delete-using-returning", `delete from t using u where t.id = u.id returning t.id`, "delete:t:ret", ""},
	{"truncate", `truncate a, b`, "delete:a ; delete:b", ""},
	{"truncate-only", `truncate table only audit.log restart identity cascade`, "delete:audit.log", ""},

	// SELECT
	{"select", `select * from users where id = $1`, "select:users", ""},
	{"p19", `select * from users where id = $1 for update`, "select:users", ""},
	{"h09", `select * from jobs where id = $1 for update skip locked`, "select:jobs", ""},
	{"select-join", `select u.* from users u join orders o on o.user_id = u.id`, "select:users", ""},
	{"select-builtins", `select count(*), now(), coalesce(a, b), lower(x), date_trunc('day', now()), extract(epoch from ts),
		trim(s), substring(s from 1 for 2), gen_random_uuid(), jsonb_build_object('a', 1), current_timestamp,
		string_agg(x, ','), array_agg(x), random(), to_char(ts, 'YYYY'), make_interval(days => 1)
		from t group by a, b, x, ts, s`, "select:t", ""},
	// builtins and casts written as calls are reads (issue 33): date(),
	// timestamp 'yesterday', to_char, age, jsonb functions, aggregates
	{"select-date-cast-calls", `select id from orders where DATE(created_at) = DATE(timestamp 'yesterday')`, "select:orders", ""},
	{"select-more-builtins", `select to_char(age(now(), created_at), 'DD'), jsonb_array_length(data), string_agg(name, ','),
		bool_or(done), int8(n), array_to_string(tags, ','), make_interval(days => 1) from t group by 1, 2, 5, 6`, "select:t", ""},
	{"select-volatile-builtin-writes", `select query_to_xml('delete from t returning 1', true, false, '')`, "call:", "query_to_xml() may write"},
	{"select-unnest", `select * from unnest($1::int[]) as u(id)`, "select:", ""},
	{"select-generate-series", `select g from generate_series(1, 10) g`, "select:", ""},
	{"select-pg-catalog", `select pg_catalog.pg_get_userbyid(1)`, "select:", ""},
	{"select-advisory-lock", `select pg_advisory_xact_lock($1)`, "select:", ""},
	{"nextval", `select nextval('order_seq')`, "nextval:order_seq", ""},
	{"nextval-regclass", `select nextval('order_seq'::regclass)`, "nextval:order_seq", ""},
	{"nextval-quoted", `select nextval('Billing."InvoiceSeq"')`, "nextval:billing.InvoiceSeq", ""},
	{"nextval-param", `select nextval($1)`, "nextval:", ""},
	{"setval", `select setval('order_seq', 100)`, "update-set:order_seq", ""},
	{"currval", `select currval('order_seq')`, "select:", ""},
	{"p24", `select pg_notify('job_done', $1)`, "notify:job_done", ""},
	{"pg-notify-param", `select pg_notify($1, $2)`, "notify:", ""},
	{"user-fn", `select do_work($1)`, "call:", "function do_work() may write"},
	{"schema-fn", `select billing.charge($1)`, "call:", "billing.charge()"},
	{"public-count", `select public.count(x) from t`, "call:", "public.count()"},
	{"fn-in-from", `select * from process_batch($1)`, "call:", ""},
	{"fn-in-where", `select * from t where id = pick_id()`, "call:", ""},
	{"fn-twice-dedup", `select audit($1), audit($1)`, "call:", ""},
	{"fn-nested", `select my_fn(nextval('s'))`, "call: ; nextval:s", ""},
	{"p34", `select $$insert into x values (1)$$ as s`, "select:", ""},
	{"string-with-dml", `select 'delete from x; insert into y' as s`, "select:", ""},
	{"jsonb-question-op", `select * from docs where data ? 'k' and data ?| array['a']`, "select:docs", ""},
	{"union", `select id from a union all select id from b`, "select:a", ""},
	{"values", `values (1), (2)`, "select:", ""},
	{"select-into", `select * into backup from t`, "ddl:backup", ""},
	{"select-1", `select 1`, "select:", ""},
	{"cte-read", `with x as (select * from t) select * from x`, "select:", ""},
	{"cte-recursive", `with recursive r(n) as (select 1 union all select n + 1 from r where n < 5) select * from r`, "select:", ""},
	{"lateral-subquery", `select * from t, lateral (select * from u where u.t_id = t.id) s`, "select:t", ""},

	// data-modifying CTEs
	{"p21", `with d as (delete from jobs where id = $1 returning 1) select count(*) from d`, "delete:jobs", ""},
	{"p22", `with ins as (insert into audit_log (msg) values ($1) returning id) update orders set audit_id = (select id from ins) where id = $2`, "insert:audit_log:ret ; update-set:orders", ""},
	{"cte-move", `with moved as (delete from queue where id = $1 returning *) insert into done select * from moved`, "delete:queue:ret ; insert:done", ""},
	{"cte-two-dml", `with a as (update t set n = n + 1 returning id), b as (insert into log (id) select id from a returning id) select * from b`, "update-increment:t:ret ; insert:log:ret", ""},
	{"cte-claim-then-insert", `with c as (insert into processed (id) values ($1) on conflict do nothing returning id) insert into ledger (id) select id from c`, "claim:processed:ret ; insert:ledger", ""},
	{"cte-dml-plus-fn", `with d as (delete from t returning id) select notify_fn(id) from d`, "delete:t:ret ; call:", ""},
	{"cte-cleared-before-update", `with cleared as (delete from seen where scope = $1 returning key) update cursors set page = 1 where scope = $1 and (select count(*) from cleared) >= 0 returning page`, "delete:seen ; update-set:cursors:ret", ""},
	{"cte-delete-filters-update", `with d as (delete from seen where scope = $1 returning key) update cursors set page = 1 where scope = $1 and exists (select 1 from d) returning page`, "delete:seen:ret ; update-set:cursors:ret", ""},
	{"cte-delete-joined-update", `with d as (delete from seen where scope = $1 returning key) update cursors c set page = 1 from d where c.key = d.key returning page`, "delete:seen:ret ; update-set:cursors:ret", ""},
	{"cte-read-in-dml", `with x as (select id from t where done) delete from u where id in (select id from x)`, "delete:u", ""},
	{"cte-merge", `with m as (merge into stock s using d on s.sku = d.sku when matched then update set qty = d.qty returning s.sku) select * from m`, "upsert-set:stock:ret", ""},

	// MERGE
	{"p28", `merge into stock s using deliveries d on s.sku = d.sku when matched then update set qty = s.qty + d.qty when not matched then insert (sku, qty) values (d.sku, d.qty)`, "upsert-increment:stock", ""},
	{"merge-upsert-set", `merge into stock s using deliveries d on s.sku = d.sku when matched then update set qty = d.qty when not matched then insert (sku, qty) values (d.sku, d.qty)`, "upsert-set:stock", ""},
	{"merge-update-only-unqualified", `merge into stock s using d on s.sku = d.sku when matched then update set qty = qty + d.qty`, "upsert-increment:stock", ""},
	{"merge-insert-only", `merge into processed p using (values ($1::bigint)) v(id) on p.id = v.id when not matched then insert (id) values (v.id)`, "claim:processed", "insert only when not matched"},
	{"merge-insert-do-nothing", `merge into processed p using (values ($1::bigint)) v(id) on p.id = v.id when matched then do nothing when not matched then insert (id) values (v.id)`, "claim:processed", ""},
	{"merge-delete", `merge into t using s on t.id = s.id when matched then delete`, "delete:t", ""},
	{"merge-sync", `merge into t using s on t.id = s.id when not matched by target then insert values (s.id) when not matched by source then delete`, "upsert-set:t", ""},
	{"merge-returning", `merge into t using s on t.id = s.id when matched then update set v = s.v returning t.id`, "upsert-set:t:ret", ""},
	{"merge-user-fn", `merge into t using s on t.id = s.id when matched then update set v = transform(s.v)`, "upsert-set:t ; call:", ""},

	// NOTIFY, LISTEN
	{"notify", `NOTIFY job_events, 'done'`, "notify:job_events", ""},
	{"listen", `listen job_events`, "none:", ""},
	{"unlisten", `unlisten *`, "none:", ""},

	// COPY
	{"copy-from", `copy ledger from stdin`, "insert:ledger", ""},
	{"copy-from-file", `copy ledger (a, b) from '/tmp/x.csv' with (format csv, header)`, "insert:ledger", ""},
	{"h16", `copy (select * from t) to stdout`, "select:t", ""},
	{"copy-table-to", `copy t to stdout with (format csv)`, "select:t", ""},
	{"copy-delete-returning-to", `copy (delete from t where done returning *) to stdout`, "delete:t:ret", ""},

	// CALL, DO
	{"call", `call refresh_totals($1)`, "call:", "refresh_totals"},
	{"h17", "DO $$ BEGIN UPDATE t SET n = n + 1; END $$", "call:", "DO block"},
	{"do-language", `do language plpgsql $body$ begin perform 1; end $body$`, "call:", ""},

	// EXPLAIN, PREPARE, EXECUTE
	{"explain-analyze", `explain analyze delete from t where id = $1`, "delete:t", ""},
	{"explain-analyze-options", `explain (analyze, buffers, format json) update t set n = n + 1`, "update-increment:t", ""},
	{"explain-analyze-false", `explain (analyze false) delete from t`, "none:", ""},
	{"explain", `explain delete from t`, "none:", ""},
	{"explain-select", `explain select * from t`, "none:", ""},
	{"prepare", `prepare ins (int) as insert into t values ($1)`, "insert:t", ""},
	{"execute", `execute ins(1)`, "unknown:", "ins"},
	{"declare-cursor", `declare c cursor for select * from t`, "select:t", ""},

	// DDL
	{"create-table", `create table t (id int primary key)`, "ddl:", ""},
	{"create-table-if", `create table if not exists t (id int)`, "ddl:", ""},
	{"alter-table", `alter table t add column n int`, "ddl:", ""},
	{"drop-table", `drop table if exists t`, "ddl:", ""},
	{"create-index", `create index concurrently on t (n)`, "ddl:", ""},
	{"grant", `grant select on t to reader`, "ddl:", ""},
	{"comment", `comment on table t is 'x'`, "ddl:", ""},
	{"create-function", `create function f() returns int language sql as $$ insert into t values (1) returning 1 $$`, "ddl:", ""},
	{"create-table-as", `create table t2 as select * from t`, "ddl:t2", ""},
	{"create-view", `create view v as select * from t`, "ddl:", ""},
	{"refresh-matview", `refresh materialized view concurrently totals`, "update-set:totals", ""},

	// no data effect
	{"begin", `begin`, "none:", ""},
	{"start-transaction", `start transaction isolation level serializable`, "none:", ""},
	{"commit", `commit`, "none:", ""},
	{"rollback", `rollback`, "none:", ""},
	{"savepoint", `savepoint s1`, "none:", ""},
	{"release", `release savepoint s1`, "none:", ""},
	{"rollback-to", `rollback to savepoint s1`, "none:", ""},
	{"set", `set statement_timeout = '5s'`, "none:", ""},
	{"set-local", `set local lock_timeout to 1000`, "none:", ""},
	{"reset", `reset all`, "none:", ""},
	{"show", `show search_path`, "none:", ""},
	{"lock", `lock table t in exclusive mode`, "none:", ""},
	{"deallocate", `deallocate all`, "none:", ""},
	{"discard", `discard all`, "none:", ""},
	{"vacuum", `vacuum analyze t`, "none:", ""},
	{"analyze", `analyze t`, "none:", ""},

	// multi-statement strings, comments, quoting
	{"multi", `begin; insert into a values (1); update b set n = n + 1; commit;`, "none: ; insert:a ; update-increment:b ; none:", ""},
	{"multi-literals", `insert into a values (';'); update b set s = $$;$$`, "insert:a ; update-set:b", ""},
	{"comments", "-- leading; comment\n/* block; with semicolon */ delete from t where id = $1; -- trailing", "delete:t", ""},
	{"comment-in-middle", "update t set /* n = n + 1 */ n = 1 -- , m = m + 1\n where id = $1", "update-set:t", ""},
	{"dollar-tag", `insert into scripts (body) values ($body$ update x set n = n + 1; $body$)`, "insert:scripts", ""},
	{"escape-string", `insert into t (s) values (E'it\'s; fine')`, "insert:t", ""},
	{"quoted-column-keyword", `update "order" set "update" = "update" + 1`, "update-increment:order", ""},

	// unknown
	{"empty", ``, "unknown:", "empty"},
	{"whitespace", " \n\t ", "unknown:", "empty"},
	{"comment-only", `-- nothing here`, "unknown:", "no statement"},
	{"semicolons", `;;`, "unknown:", "no statement"},
	{"garbage", `this is not sql`, "unknown:", "parse error"},
	// MySQL/SQLite text, read only after PostgreSQL refused it
	{"mysql-insert-ignore", `insert ignore into t values (1)`, "claim:t", "INSERT IGNORE"},
	{"question-placeholder", `select * from t where id = ?`, "select:t", ""},
	// GORM's "IN ?" (expanded to a list at run time)
	{"question-in-list", "select distinct on (book_id) * from borrowings where book_id in ? and deleted_at is null", "select:borrowings", ""},
	{"question-not-in-list", "delete from t where id NOT IN ? and name = ?", "delete:t", ""},
	{"question-in-column", "select * from t where login = ?", "select:t", ""},
	{"partial-parse", `insert into a values (1); update`, "unknown:", "parse error"},
}

func format(stmts []Stmt) string {
	parts := make([]string, len(stmts))
	for i, s := range stmts {
		parts[i] = string(s.Op) + ":" + s.Table
		if s.Returning {
			parts[i] += ":ret"
		}
	}
	return strings.Join(parts, " ; ")
}

func TestClassify(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range classifyCases {
		if seen[c.id] {
			t.Fatalf("duplicate case id %s", c.id)
		}
		seen[c.id] = true
		t.Run(c.id, func(t *testing.T) {
			got := Classify(c.sql)
			if g := format(got); g != c.want {
				t.Errorf("Classify(%q)\n got  %s\n want %s\n (%+v)", c.sql, g, c.want, got)
			}
			if c.detail != "" {
				if d := Worst(got).Detail; !strings.Contains(d, c.detail) {
					t.Errorf("Classify(%q): Worst detail %q does not contain %q", c.sql, d, c.detail)
				}
			}
		})
	}
}

func TestClassifyCachedAndShared(t *testing.T) {
	const q = `update accounts set balance = balance + $1 where id = $2`
	a, b := Classify(q), Classify(q)
	if &a[0] != &b[0] {
		t.Errorf("second Classify did not return the cached slice")
	}
}

func TestClassifyConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := 0; g < 16; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i, c := range classifyCases {
				if got := format(Classify(c.sql)); got != c.want {
					t.Errorf("goroutine %d: %s: got %s want %s", g, c.id, got, c.want)
				}
				// distinct texts per goroutine exercise concurrent cache fills
				q := fmt.Sprintf("update t%d set n = n + %d", g, i)
				if got := Classify(q); len(got) != 1 || got[0].Op != UpdateIncrement {
					t.Errorf("goroutine %d: %q: %+v", g, q, got)
				}
			}
		}(g)
	}
	wg.Wait()
}

func TestClassifyParseErrorDetail(t *testing.T) {
	got := Classify(`select from where`)
	if len(got) != 1 || got[0].Op != Unknown || !strings.Contains(got[0].Detail, "syntax error") {
		t.Errorf("got %+v, want one Unknown with the parser's syntax error", got)
	}
}

func TestWorst(t *testing.T) {
	cases := []struct {
		in   []Stmt
		want int // index into in; -1 for the empty case
	}{
		{nil, -1},
		{[]Stmt{{Op: Select}}, 0},
		{[]Stmt{{Op: Select}, {Op: None}}, 0},
		{[]Stmt{{Op: None}, {Op: Claim}, {Op: DDL}}, 2},
		{[]Stmt{{Op: Call}, {Op: Unknown}}, 0},
		{[]Stmt{{Op: Claim}, {Op: Call}, {Op: Insert, Table: "ledger"}, {Op: Notify}}, 2},
		{[]Stmt{{Op: UpdateSet}, {Op: UpdateIncrement}, {Op: Unknown}}, 1},
		{[]Stmt{{Op: Delete}, {Op: Nextval}, {Op: UpsertIncrement}}, 2}, // a sequence draw is safe (sequence.go)
	}
	for i, c := range cases {
		got := Worst(c.in)
		if c.want < 0 {
			if got.Op != Unknown {
				t.Errorf("%d: Worst(empty) = %+v, want Unknown", i, got)
			}
			continue
		}
		if got != c.in[c.want] {
			t.Errorf("%d: Worst = %+v, want %+v", i, got, c.in[c.want])
		}
	}
}

func TestOpProperties(t *testing.T) {
	cases := []struct {
		op         Op
		idempotent bool
		risk       Risk
	}{
		{Insert, false, RiskMedium},
		{Claim, true, RiskSafe},
		{UpsertSet, true, RiskSafe},
		{UpsertIncrement, false, RiskMedium},
		{UpdateSet, true, RiskSafe},
		{UpdateIncrement, false, RiskMedium},
		{Delete, true, RiskSafe},
		{Select, true, RiskSafe},
		{Nextval, false, RiskSafe},
		{Notify, false, RiskSafe},
		{Call, false, RiskUnknown},
		{Unknown, false, RiskUnknown},
		{None, true, RiskSafe},
		{DDL, true, RiskUnknown},
		{Op("bogus"), false, RiskUnknown},
	}
	if len(cases)-1 != len(Ops()) {
		t.Fatalf("table covers %d ops, Ops() has %d", len(cases)-1, len(Ops()))
	}
	for _, c := range cases {
		if got := c.op.Idempotent(); got != c.idempotent {
			t.Errorf("%s.Idempotent() = %v, want %v", c.op, got, c.idempotent)
		}
		if got := c.op.Risk(); got != c.risk {
			t.Errorf("%s.Risk() = %v, want %v", c.op, got, c.risk)
		}
		if got := c.op.Valid(); got != (c.op != "bogus") {
			t.Errorf("%s.Valid() = %v", c.op, got)
		}
	}
	for r, s := range map[Risk]string{RiskSafe: "safe", RiskUnknown: "unknown", RiskMedium: "medium", Risk(9): "invalid"} {
		if r.String() != s {
			t.Errorf("Risk(%d).String() = %q, want %q", int(r), r.String(), s)
		}
	}
}

var fragmentCases = []struct {
	expr, column string
	want         Op
}{
	{"balance + ?", "balance", UpdateIncrement},
	{"balance - ?", "accounts.balance", UpdateIncrement},
	{"?", "balance", UpdateSet},
	{"$1", "balance", UpdateSet},
	{"greatest(last_seen, ?)", "last_seen", UpdateSet},
	{"excluded.n", "n", UpdateSet},
	{"excluded.n + 1", "n", UpdateSet},
	{"now()", "updated_at", UpdateSet},
	{"array_append(tags, ?)", "tags", UpdateIncrement},
	{"array_remove(tags, ?)", "tags", UpdateSet},
	{"t.n + excluded.n", "n", UpdateIncrement},
	{"data || ?::jsonb", "data", UpdateIncrement},
	{"total + %d", "total", UpdateIncrement},
	{"total + %v", "total", UpdateIncrement},
	{"n - :delta", "n", UpdateIncrement},
	{"balance + @amount", "balance", UpdateIncrement},
	{"n::bigint + ?1", "n", UpdateIncrement},
	{"n % 2", "n", UpdateSet},
	{"'?' || name", "name", UpdateIncrement},
	{"coalesce(n, 0) + 1", "n", UpdateIncrement},
	{"(select max(n) + 1 from t)", "n", UpdateSet},
	{"other + 1", "n", UpdateSet},
	{"balance + ?", "", UpdateSet},
	{"balance = balance + ?", "balance", UpdateIncrement},
	{"my_fn(x)", "x", Call},
	{"my_fn(x) + x", "x", UpdateIncrement},
	{"pg_notify('c', 'x')", "x", Notify},
	{"nextval('s')", "id", Nextval},
	{"balance +", "balance", Unknown},
	{"", "balance", Unknown},
	{"1); drop table x; select (1", "x", Unknown},
	{"x from t", "x", Unknown},
}

func TestClassifyFragment(t *testing.T) {
	for _, c := range fragmentCases {
		if got := ClassifyFragment(c.expr, c.column); got != c.want {
			t.Errorf("ClassifyFragment(%q, %q) = %s, want %s", c.expr, c.column, got, c.want)
		}
	}
}

func TestNormalizePlaceholders(t *testing.T) {
	cases := []struct{ in, want string }{
		{"balance + ?", "balance + $1"},
		{"? + ?", "$1 + $2"},
		{"?1 + ?2", "$1 + $2"},
		{"n - :delta", "n - $1"},
		{"x::int + :a", "x::int + $1"},
		{"a[1:2]", "a[1:2]"},
		{"a[lo:hi]", "a[lo:hi]"},
		{"@amount", "$1"},
		{"a @> b", "a @> b"},
		{"total + %d", "total + $1"},
		{"total + %5.2f", "total + $1"},
		{"n % 2", "n % 2"},
		{"n %dx", "n %dx"},
		{"'?' || \"?\"", "'?' || \"?\""},
		{"'it''s ?' || ?", "'it''s ?' || $1"},
		{"x -- ? comment\n+ ?", "x -- ? comment\n+ $1"},
		{"'unterminated ?", "'unterminated ?"},
	}
	for _, c := range cases {
		if got := NormalizePlaceholders(c.in); got != c.want {
			t.Errorf("NormalizePlaceholders(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFoldQualifiedName(t *testing.T) {
	cases := map[string]string{
		"Seq":             "seq",
		"public.Seq":      "public.seq",
		`"MySeq"`:         "MySeq",
		`Billing."A""B"`:  `billing.A"B`,
		`"a.b"`:           "a.b",
		` spaced `:        "spaced",
		``:                "",
		`"unterminated.x`: "unterminated.x",
	}
	for in, want := range cases {
		if got := foldQualifiedName(in); got != want {
			t.Errorf("foldQualifiedName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCacheFullIsEmptiedAndRefilled(t *testing.T) {
	defer func(max int) { texts.Max = max; resetCaches() }(texts.Max)
	resetCaches()
	texts.Max = 2 // a small cache, filled
	Classify(`delete from a where id = $1`)
	Classify(`delete from b where id = $1`)
	const q = `delete from jobs where id = $1`
	a := Classify(q)
	if n := texts.Len(); n != 1 {
		t.Fatalf("after a full cache, count = %d, want 1 (emptied, then this text)", n)
	}
	if b := Classify(q); &a[0] != &b[0] {
		t.Errorf("text not cached after refill")
	}
}

func TestVendorForms(t *testing.T) {
	for _, tc := range []struct {
		sql   string
		op    Op
		table string
	}{
		{"INSERT IGNORE INTO processed_jobs (job_key) VALUES (?)", Claim, "processed_jobs"},
		{"insert ignore processed (k) values (?)", Claim, "processed"},
		{"INSERT OR IGNORE INTO processed (id) VALUES (?1)", Claim, "processed"},
		{"REPLACE INTO settings (k, v) VALUES (?, ?)", UpsertSet, "settings"},
		{"INSERT OR REPLACE INTO `settings` (k, v) VALUES (?, ?)", UpsertSet, "settings"},
		{"INSERT INTO ledger (account, amount) VALUES (?, ?)", Insert, "ledger"},
		{"UPDATE `accounts` SET balance = balance + ? WHERE id = ?", UpdateIncrement, "accounts"},
		{"insert into counters (k, n) values (?1, 1) on conflict(k) do update set n = n + 1", UpsertIncrement, "counters"},
		// PostgreSQL's jsonb ? operator is not rewritten: the text parses as is.
		{"select * from docs where data ? 'key'", Select, "docs"},
	} {
		got := Classify(tc.sql)
		if len(got) != 1 || got[0].Op != tc.op || got[0].Table != tc.table {
			t.Errorf("Classify(%q) = %+v, want %s %s", tc.sql, got, tc.op, tc.table)
		}
	}
}

func TestMySQLUpsertAndNamedBinds(t *testing.T) {
	for _, tc := range []struct {
		sql   string
		op    Op
		table string
	}{
		{"INSERT INTO counters (k, n) VALUES (?, 1) ON DUPLICATE KEY UPDATE n = n + 1", UpsertIncrement, "counters"},
		{"INSERT INTO users (id, name) VALUES (?, ?) ON DUPLICATE KEY UPDATE name = VALUES(name)", UpsertSet, "users"},
		{"insert into `stats` (k, hits, seen) values (?, 1, now()) on duplicate key update seen = now(), hits = hits + values(hits)", UpsertIncrement, "stats"},
		{"INSERT INTO ledger (account, amount) VALUES (:account, :amount)", Insert, "ledger"},
		{"UPDATE accounts SET balance = balance + :amount WHERE id = :id", UpdateIncrement, "accounts"},
		{"select created_at::date from t where id = $1", Select, "t"},
	} {
		got := Classify(tc.sql)
		if len(got) != 1 || got[0].Op != tc.op || got[0].Table != tc.table {
			t.Errorf("Classify(%q) = %+v, want %s %s", tc.sql, got, tc.op, tc.table)
		}
	}
}

// TestCallNamesTheFunction: a Call of a function that is not a builtin
// names it, so that a caller knowing the migrations can look at its body;
// builtins that write name none.
func TestCallNamesTheFunction(t *testing.T) {
	for sql, want := range map[string]string{
		"select do_work($1)":                   "do_work",
		"select Billing.Charge($1)":            "billing.charge",
		"select lo_unlink($1)":                 "",
		"insert into t values (compute_v($1))": "compute_v",
	} {
		got := ""
		for _, st := range Classify(sql) {
			if st.Op == Call {
				got = st.Function
			}
		}
		if got != want {
			t.Errorf("%s: Function = %q, want %q", sql, got, want)
		}
	}
}

// TestConcatColumns: an increment whose accumulations are all "||" of
// untold types names their columns (the schema decides); a definite one
// names none.
func TestConcatColumns(t *testing.T) {
	for sql, want := range map[string]string{
		`update t set attrs = attrs || $1 where id = $2`:                                                           "attrs",
		`update t set a = a || $1, b = coalesce(b, $2) || $3`:                                                      "a,b",
		`update t set a = a || $1, n = n + 1`:                                                                      "",
		`update t set note = note || $1::text`:                                                                     "",
		`insert into t (k, attrs) values ($1, $2) on conflict (k) do update set attrs = t.attrs || excluded.attrs`: "attrs",
	} {
		got := Classify(sql)
		if len(got) != 1 || got[0].Concat != want || !strings.Contains(string(got[0].Op), "increment") {
			t.Errorf("%s: %+v, want Concat %q", sql, got, want)
		}
	}
}

// TestSetParams: the parameters a set assigns as they are, so that the
// caller can see a value read and written back changed.
func TestSetParams(t *testing.T) {
	for sql, want := range map[string]string{
		`update counters set n = $1 where id = $2`:                                                 "1",
		`update counters set n = $2::bigint, at = now(), note = $1 where id = $3`:                  "1,2",
		`update counters set n = greatest(n, $1) where id = $2`:                                    "",
		`insert into kv (k, v) values ($1, $2) on conflict (k) do update set v = excluded.v`:       "2",
		`insert into kv (k, v) values ($1, $2) on conflict (k) do update set v = $3`:               "3",
		"INSERT INTO `stats` (`key`, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE value = ?":       "3",
		"INSERT INTO stats (k, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE value = VALUES(value)": "2",
		`update counters set n = n + 1 where id = $1`:                                              "",
	} {
		got := Classify(sql)
		if len(got) != 1 || got[0].SetParams != want {
			t.Errorf("%s: %+v, want SetParams %q", sql, got, want)
		}
	}
}

// TestClaimOutcome: a claim in a CTE read as one row whatever happened
// says what the row holds.
func TestClaimOutcome(t *testing.T) {
	for sql, want := range map[string]string{
		`WITH ins AS (INSERT INTO x (a, b) VALUES ($1, $2) ON CONFLICT (a, b) DO NOTHING RETURNING 1) SELECT EXISTS (SELECT 1 FROM ins)`: "exists",
		`with ins as (insert into x (a) values ($1) on conflict do nothing returning 1) select count(*) from ins`:                        "count",
		`with ins as (insert into x (a) values ($1) on conflict do nothing returning id) select id from ins`:                             "",
		`with ins as (insert into x (a) values ($1) on conflict do nothing returning id) select exists (select 1 from other)`:            "",
		// ghsync's CompleteBranchReconciliationPage (dbgen/branch.sql.go:468): a cast count under a
		// WHERE is still one row; exists under a WHERE, or a count under HAVING, may be none
		`with c as (update p set status = 'done' where id = $1 and status = 'pending' returning id) select count(*)::bigint as n from c where (select 1) >= 0`: "count",
		`with ins as (insert into x (a) values ($1) on conflict do nothing returning 1) select exists (select 1 from ins) where $2`:                            "",
		`with ins as (insert into x (a) values ($1) on conflict do nothing returning 1) select count(*) from ins having count(*) > 0`:                          "",
	} {
		got := Classify(sql)
		if len(got) != 1 || got[0].Op != Claim || got[0].Outcome != want || got[0].Returning != (want == "") {
			t.Errorf("%s: %+v, want Outcome %q", sql, got, want)
		}
	}
}

// TestReportsChange: statements that change nothing when a previous run
// made their change are marked, to be claims where tested.
func TestReportsChange(t *testing.T) {
	for sql, want := range map[string]bool{
		`delete from pending where id = $1 returning id`: true,
		`delete from pending where id = $1`:              true,
		`insert into kv (k, v) values ($1, $2) on conflict (k) do update set v = excluded.v where kv.v is distinct from excluded.v returning k`: true,
		`insert into kv (k, v) values ($1, $2) on conflict (k) do update set v = excluded.v returning k`:                                        false,
		`update kv set v = $1 where k = $2`: false,
		// set-if-different (changed.go)
		`update kv set v = $1 where k = $2 and v is distinct from $1`:       true,
		`update kv set v = $1::text where k = $2 and kv.v <> $1::text`:      true,
		`update kv set v = $1 where k = $2 and v is distinct from $3`:       false,
		`update kv set v = now() where k = $2 and v is distinct from now()`: false,
		`update kv set v = $1 where k = $2 or v is distinct from $1`:        false,
		// set-if-newer: a strict order test against the value set
		// (goalert's alert close, alert/store.go:134-141)
		`update alerts set status = $1 where id = any ($2) and ($1 > status) returning id`: true,
		`update kv set v = $1 where k = $2 and kv.v < $1`:                                  true,
		`update kv set v = $1 where k = $2 and v <= $1`:                                    false,
		`update kv set v = $1 where k = $2 and v < $3`:                                     false,
	} {
		got := Classify(sql)
		if len(got) != 1 || got[0].ReportsChange != want {
			t.Errorf("%s: %+v, want ReportsChange %v", sql, got, want)
		}
	}
}

// TestCTEReportsChange: a delete in a CTE reports its change to the
// client only when the statement takes its rows from it (FROM/USING, an
// exists or in over it); one that only clears rows before an update (a
// scalar subquery that makes it run) does not.
func TestCTEReportsChange(t *testing.T) {
	for sql, want := range map[string]bool{
		`with cleared as (delete from seen where k = $1 returning k) update cur set p = 1 where k = $1 and (select count(*) from cleared) >= 0 returning p`: false,
		`with cleared as (delete from seen where k = $1 returning k) delete from cur where k = $1`:                                                          false,
		`with d as (delete from seen where k = $1 returning k) update cur set p = 1 where exists (select 1 from d) returning p`:                             true,
		`with d as (delete from seen where k = $1 returning k) update cur set p = 1 from d where cur.k = d.k returning p`:                                   true,
		`with d as (delete from seen where k = $1 returning k) delete from cur using d where cur.k = d.k`:                                                   true,
		`with d as (delete from seen where k = $1 returning k) select count(*) from d`:                                                                      true,
	} {
		got := Classify(sql)
		if len(got) < 1 || got[0].Table != "seen" || got[0].ReportsChange != want {
			t.Errorf("%s: %+v, want the CTE's ReportsChange %v", sql, got, want)
		}
	}
}

func TestRetention(t *testing.T) {
	for _, c := range []struct {
		sql, text, unit string
		param           int
	}{
		{"delete from processed_jobs where created_at < now() - interval '14 days'", "14 days", "", 0},
		{"DELETE FROM processed_jobs WHERE processed_at <= CURRENT_TIMESTAMP - '36 hours'::interval", "36 hours", "", 0},
		{"delete from processed_jobs where kind = $2 and created_at < now() - $1::interval", "", "", 1},
		{"delete from processed_jobs where created_at < now() - $1 * interval '1 day'", "", "1 day", 1},
		{"delete from processed_jobs where now() - interval '7 days' > created_at", "7 days", "", 0},
		{"delete from processed_jobs where created_at < $1", "", CutoffUnit, 1},
		{"delete from processed_jobs where job_key = $1", "", "", 0},
		{"with d as (delete from processed_jobs where done_at < now() - make_interval(days => $1) returning 1) select count(*) from d", "", "1 day", 1},
		{"delete from processed_jobs where done_at < now() - make_interval(0, 0, 2, 3)", "2 week 3 day", "", 0},
	} {
		st := Classify(c.sql)[0]
		if st.Retention != c.text || st.RetentionParam != c.param || st.RetentionUnit != c.unit {
			t.Errorf("%s: got %q $%d %q, want %q $%d %q", c.sql, st.Retention, st.RetentionParam, st.RetentionUnit, c.text, c.param, c.unit)
		}
	}
}

// TestDeleteMatches: a DELETE by no time lists the columns its WHERE fixes
// by equality, to tell a release of a key from a clear of a scope.
func TestDeleteMatches(t *testing.T) {
	for sql, want := range map[string]string{
		"delete from processed_jobs where job_key = $1":                               "job_key",
		"delete from processed_jobs":                                                  "*",
		"delete from seen where scope = $1 and kind = 'x' and id = any($2::bigint[])": "id,kind,scope",
		"delete from seen where scope in ($1, $2) or kind = $3":                       "",
		"delete from seen s where s.Scope = $1::text and s.n > 3":                     "scope",
		"with c as (delete from sweep_seen_keys where installation_id = $1 and sweep_kind = $2 and scope_key = $3 returning entity_key) update sweep_cursors set cursor = $4 where installation_id = $1": "installation_id,scope_key,sweep_kind",
		"delete from processed_jobs where created_at < now() - interval '14 days'": "",
		"truncate table only processed_jobs restart identity":                      "*",
	} {
		if got := Classify(sql)[0].Matches; got != want {
			t.Errorf("%s: got %q, want %q", sql, got, want)
		}
	}
}

// TestFromChange: an insert … select that takes its rows only from a
// data-modifying CTE of its statement whose second run changes nothing
// inserts once per change (changed.go); a CTE that changes again, a union
// arm or an outer join can add rows, and is no such source.
func TestFromChange(t *testing.T) {
	const changed = `with changed as (update items set state = $2 where id = $1 and state is distinct from $2 returning id, state) `
	for sql, want := range map[string]int{
		changed + `insert into item_history (item_id, state) select id, state from changed`:                                                                                   1,
		changed + `insert into item_history (item_id, state) select i.id, c.state from items i join changed c on c.id = i.id`:                                                 1,
		`with d as (delete from queue where id = $1 returning *) insert into archive select * from d`:                                                                         1,
		`with upd as (update alerts set status = $1 where id = any ($2) and $1 > status returning id) insert into alert_logs (alert_id, event) select id, 'closed' from upd`:  1,
		`with upd as (update alerts set status = $1 where id = any ($2) and $1 >= status returning id) insert into alert_logs (alert_id, event) select id, 'closed' from upd`: 0,
		`with c as (insert into processed (id) values ($1) on conflict do nothing returning id) insert into ledger select c.id, $2 from c`:                                    1,
		`with u as (update items set n = n + 1 where id = $1 returning id) insert into h select id from u`:                                                                    0,
		`with u as (update items set state = $2 where id = $1 returning id) insert into h select id from u`:                                                                   0,
		changed + `insert into item_history (item_id, state) select id, state from changed union all select $1, $2`:                                                           0,
		changed + `insert into item_history (item_id, state) select i.id, i.state from items i left join changed c on c.id = i.id`:                                            0,
		changed + `insert into item_history (item_id, state) select id, state from items`:                                                                                     0,
	} {
		got := Classify(sql)
		last := got[len(got)-1]
		if last.Op != Insert || last.FromChange != want {
			t.Errorf("%s: %+v, want an insert with FromChange %d", sql, got, want)
		}
	}
}

// TestRowsParam: an insert … select whose rows are the elements of one
// array parameter (from unnest($n), cast or not) names it; a join, a
// union arm, another FROM item or an unnest of something else does not.
func TestRowsParam(t *testing.T) {
	for sql, want := range map[string]int{
		`INSERT INTO alert_logs(alert_id, event, message) SELECT unnest, $2, $10 FROM unnest($1::bigint[])`: 1,
		`insert into h (item_id) select x from unnest($3) as x where x > 0`:                                 3,
		`insert into h (item_id) select x from pg_catalog.unnest(cast($2 as int[])) x`:                      2,
		`insert into h (item_id) select x from unnest($1) x union all select $2`:                            0,
		`insert into h (item_id) select x from unnest($1) x join items i on i.id = x`:                       0,
		`insert into h (item_id) select x from unnest($1) x, items`:                                         0,
		`insert into h (item_id) select x from unnest(array[1, 2]) x`:                                       0,
		`insert into h (item_id) select x from unnest($1, $2) x`:                                            0,
		`insert into h (item_id) select x from generate_series(1, $1) x`:                                    0,
		`insert into h (item_id) select id from items where id = any($1)`:                                   0,
		`insert into h (item_id) values ($1)`:                                                               0,
	} {
		got := Classify(sql)
		last := got[len(got)-1]
		if last.Op != Insert || last.RowsParam != want {
			t.Errorf("%s: %+v, want an insert with RowsParam %d", sql, got, want)
		}
	}
}

func TestPickParams(t *testing.T) {
	for q, want := range map[string]string{
		`update t set status = 'a' where id in (select id from u order by x limit $2) and hid = $1`: "1,2",
		`update t set n = $1 where id = $2`:                            "2",
		`update t set n = $1 where id = $1`:                            "",
		`update t set n = s.v from (select $2 as v) s where t.id = $1`: "1",
		`update t set n = 1`:                                           "",
	} {
		got := Classify(q)
		if len(got) == 0 || got[len(got)-1].PickParams != want {
			t.Errorf("%s: PickParams %+v, want %q", q, got, want)
		}
	}
}

// TestAdvisoryLock: only the waiting, exclusive transaction-level form is
// an advisory lock the guard analysis holds a check with.
func TestAdvisoryLock(t *testing.T) {
	for sql, want := range map[string]bool{
		`select pg_advisory_xact_lock(hashtextextended($1::text, 0))`:                                  true,
		`SELECT pg_catalog.pg_advisory_xact_lock($1)`:                                                  true,
		`SELECT pg_advisory_xact_lock(hashtextextended(current_database() || chr(31) || $1::text, 0))`: true,
		`select pg_advisory_xact_lock_shared($1)`:                                                      false,
		`select pg_try_advisory_xact_lock($1)`:                                                         false,
		`select pg_advisory_lock($1)`:                                                                  false,
		`select id from t where k = $1`:                                                                false,
	} {
		got := Classify(sql)
		if len(got) != 1 || got[0].AdvisoryLock != want {
			t.Errorf("%s: %+v, want AdvisoryLock %v", sql, got, want)
		}
	}
}

// TestAccumulates: an increment lists the columns it accumulates onto
// (attempt counters stepped by one left out), for the names to be read by
// a caller (infer.Telemetry); other statements list none.
func TestAccumulates(t *testing.T) {
	for sql, want := range map[string]string{
		`insert into operation_heartbeats (c, success_count, sample_count) values ($1, 1, $2) on conflict (c) do update set success_count = operation_heartbeats.success_count + 1, sample_count = operation_heartbeats.sample_count + excluded.sample_count, last_success_at = excluded.last_success_at`: "success_count,sample_count",
		"update accounts set balance = balance + $2, updated_at = now() where id = $1":                        "balance",
		"update pages set attempt_count = attempt_count + 1, processed = processed + 10 where id = $1":        "processed",
		"update accounts set balance = $2 where id = $1":                                                      "",
		"insert into t (id, n) values ($1, 1) on conflict (id) do update set n = excluded.n":                  "",
		"insert into seq (name, v) values ($1, 1) on conflict (name) do update set v = seq.v + 1 returning v": "",
	} {
		if got := Classify(sql)[0].Accumulates; got != want {
			t.Errorf("%s: got %q, want %q", sql, got, want)
		}
	}
}

// TestStamped: an insert … select of the rows of a table that carry the
// transaction's clock (StampedBy), and the conditional writes that stamp
// a column with it (ClockSets); clock_timestamp(), an outer join, a union
// or an aggregate stamp or copy nothing, and a WHERE that reads the stamp
// passes again (stamped.go).
func TestStamped(t *testing.T) {
	for sql, want := range map[string]string{
		`insert into h (run_id, status) select runs.id, runs.status from runs where runs.id = $1 and runs.synced_at = now()`:                  "runs.synced_at",
		`insert into h (run_id) select r.id from input join runs r on r.id = input.id and r.synced_at = transaction_timestamp()::timestamptz`: "runs.synced_at",
		`insert into h (run_id) select runs.id from runs where runs.synced_at = current_timestamp`:                                            "runs.synced_at",
		`insert into h (run_id) select runs.id from runs where runs.synced_at = clock_timestamp()`:                                            "",
		`insert into h (run_id) select runs.id from runs where runs.synced_at = $1`:                                                           "",
		`insert into h (run_id) select runs.id from runs where runs.synced_at = now() or runs.id = $1`:                                        "",
		`insert into h (run_id) select runs.id from input left join runs on runs.id = input.id where runs.synced_at = now()`:                  "",
		`insert into h (run_id) select runs.id from runs where runs.synced_at = now() union all select $1`:                                    "",
		`insert into h (n) select count(*) from runs where runs.synced_at = now()`:                                                            "",
	} {
		got := Classify(sql)
		last := got[len(got)-1]
		if last.Op != Insert || last.StampedBy != want {
			t.Errorf("%s: %+v, want an insert with StampedBy %q", sql, got, want)
		}
	}
	for sql, want := range map[string]string{
		`insert into runs (id, status, synced_at) values ($1, $2, now()) on conflict (id) do update set status = excluded.status, synced_at = excluded.synced_at where runs.status is distinct from excluded.status`: "synced_at",
		`insert into runs (id, status, synced_at) select i.id, i.status, now() from input i on conflict (id) do update set status = excluded.status, synced_at = now() where excluded.status <> runs.status`:         "synced_at",
		`insert into runs (id, status, synced_at) values ($1, $2, now()) on conflict (id) do update set status = excluded.status, synced_at = excluded.synced_at`:                                                    "",
		`insert into runs (id, status, synced_at) values ($1, $2, now()) on conflict (id) do update set synced_at = excluded.synced_at where runs.synced_at < excluded.synced_at`:                                    "",
		`insert into runs (id, status, synced_at) values ($1, $2, clock_timestamp()) on conflict (id) do update set synced_at = excluded.synced_at where runs.status is distinct from excluded.status`:               "",
		`update runs set status = $2, synced_at = now() where id = $1 and status is distinct from $2`:                                                                                                                "synced_at",
		`update runs set synced_at = now() where id = $1`: "",
	} {
		got := Classify(sql)
		last := got[len(got)-1]
		if last.ClockSets != want {
			t.Errorf("%s: %+v, want ClockSets %q", sql, got, want)
		}
	}
	// The same halves with the stamp a parameter: the caller tells whether
	// $n is the transaction's clock (StampedParam, ClockParams).
	for sql, want := range map[string]string{
		`insert into h (run_id) select runs.id from runs where runs.id = $1 and runs.synced_at = $2`:                                       "runs.id=$1,runs.synced_at=$2",
		`insert into h (run_id) select r.id from input join runs r on r.id = input.id where r.synced_at = $3::timestamptz and r.head = $2`: "runs.head=$2,runs.synced_at=$3",
		`insert into h (run_id) select runs.id from runs where runs.synced_at = now() and runs.checked_at = $1`:                            "",
		`insert into h (run_id) select runs.id from input left join runs on runs.id = input.id where runs.synced_at = $1`:                  "",
		`insert into h (run_id) select runs.id from runs where runs.synced_at = $1 or runs.id = $2`:                                        "",
		`insert into h (run_id) select runs.id from runs where runs.synced_at = $1 and runs.id = $2 union all select $3`:                   "",
	} {
		got := Classify(sql)
		last := got[len(got)-1]
		if last.Op != Insert || last.StampedParam != want {
			t.Errorf("%s: %+v, want an insert with StampedParam %q", sql, got, want)
		}
	}
	for sql, want := range map[string]string{
		`insert into runs (id, status, synced_at) values ($1, $2, $3) on conflict (id) do update set status = excluded.status, synced_at = excluded.synced_at where runs.status is distinct from excluded.status`:                               "synced_at=$3",
		`insert into runs (id, status, synced_at, seen_at) select i.id, i.status, $2, $3 from input i on conflict (id) do update set status = excluded.status, synced_at = $2, seen_at = excluded.seen_at where excluded.status <> runs.status`: "seen_at=$3,synced_at=$2",
		`insert into runs (id, status, synced_at) values ($1, $2, $3) on conflict (id) do update set synced_at = excluded.synced_at where runs.status is distinct from excluded.status or runs.checked_at < $3`:                                 "",
		`insert into runs (id, status, synced_at) values ($1, $2, $3) on conflict (id) do update set status = excluded.status, synced_at = excluded.synced_at`:                                                                                  "",
		`insert into runs (id, status, synced_at) values ($1, $2, $3) on conflict (id) do update set synced_at = excluded.synced_at where runs.synced_at < excluded.synced_at`:                                                                  "",
		`insert into runs (id, status, synced_at) values ($1, $2, $3) on conflict (id) do update set synced_at = excluded.synced_at where runs.status is distinct from $2 and runs.id <> $3`:                                                    "",
		`update runs set status = $2, synced_at = $3 where id = $1 and status is distinct from $2`:                                                                                                                                              "synced_at=$3",
		`update runs set synced_at = $2 where id = $1`: "",
	} {
		got := Classify(sql)
		last := got[len(got)-1]
		if last.ClockParams != want || last.ClockSets != "" {
			t.Errorf("%s: %+v, want ClockParams %q", sql, got, want)
		}
	}
	for sql, want := range map[string]bool{
		`SELECT clock_timestamp()::timestamptz AS database_clock`: true,
		`select now()`:                       true,
		`select current_timestamp`:           true,
		`select now(), 1`:                    false,
		`select max(synced_at) from runs`:    false,
		`select now() - interval '1 hour'`:   false,
		`select synced_at from runs limit 1`: false,
	} {
		if got := ClockRead(sql); got != want {
			t.Errorf("ClockRead(%s) = %v, want %v", sql, got, want)
		}
	}
	if got := Classify(`update runs set last_checked_at = $1, etag = $2 where id = $3`); got[0].Assigns != "etag,last_checked_at" {
		t.Errorf("Assigns = %q", got[0].Assigns)
	}
}

func TestSelects(t *testing.T) {
	for q, want := range map[string][2]string{
		`select id, org_id, c.status from campaigns c where id = $1`:                 {"id,org_id,status", "id"},
		`select line from orders where id = $1 and status <> 'packed'`:               {"line", "id,status"},
		`select status from campaigns`:                                               {"status", ""},
		`select * from campaigns where id = $1`:                                      {"", "id"},
		`select coalesce(name, '') from events where id = $1 and project_id = $2`:    {"", "id,project_id"},
		`select status, count(*) from campaigns group by status`:                     {"", ""},
		`select exists(select 1 from processed_jobs where key = $1)`:                 {"", ""},
		`select a.status from campaigns a join lists l on l.id = a.list_id`:          {"", ""},
		`select c.id from campaigns c where c.id in (select campaign_id from sends)`: {"", ""},
	} {
		got := Classify(q)
		if len(got) != 1 || got[0].Selects != want[0] || got[0].Filters != want[1] {
			t.Errorf("%s: Selects, Filters = %q, %q, want %q", q, got[0].Selects, got[0].Filters, want)
		}
	}
}

func TestSetConsts(t *testing.T) {
	for q, want := range map[string]string{
		`update emails set status = 'sending', updated_at = now() where id = $1`: "status=sending",
		`update emails set status = $1, kind = 'x'::text where id = $2`:          "kind=x",
		`update emails set sent_count = sent_count + 1 where id = $1`:            "",
	} {
		if got := Classify(q); len(got) != 1 || got[0].SetConsts != want {
			t.Errorf("%s: SetConsts = %q, want %q", q, got[0].SetConsts, want)
		}
	}
}

// TestRowLock: an update lock (for update, for no key update) that waits
// is RowLock, one that skips or fails on a held row is RowLockNoWait;
// the share forms are neither.
func TestRowLock(t *testing.T) {
	for sql, want := range map[string][2]bool{
		`select * from jobs where id = $1 for update`:                            {true, false},
		`select * from jobs where id = $1 for no key update`:                     {true, false},
		`select id from jobs where done is null for update skip locked limit 10`: {false, true},
		`select * from jobs where id = $1 for update nowait`:                     {false, true},
		`select * from jobs where id = $1 for share`:                             {false, false},
		`select * from jobs where id = $1 for key share skip locked`:             {false, false},
		`select * from jobs where id = $1`:                                       {false, false},
	} {
		got := Classify(sql)
		if len(got) != 1 || got[0].RowLock != want[0] || got[0].RowLockNoWait != want[1] {
			t.Errorf("%s: %+v, want RowLock, RowLockNoWait %v", sql, got, want)
		}
	}
}

// TestJoinMisses: a coalesce of an outer-joined table's column with a
// constant, named, says the join found no row; an inner join's, the
// preserved side's, an unnamed one or a default that is no constant do
// not.
func TestJoinMisses(t *testing.T) {
	for q, want := range map[string]string{
		`select r.id, coalesce(s.version, 0) as state_version, coalesce(s.position, 0) as state_position from rotations r left join rotation_state s on r.id = s.rotation_id where r.id = $1`: "state_position=rotation_state=0\nstate_version=rotation_state=0",
		`select coalesce(st.status, 'none') as st_status from a left join public.states st on st.a_id = a.id`:                                                                                 `st_status=public.states="none"`,
		`select coalesce(done, false)::bool as done from a right join marks on marks.a_id = a.id`:                                                                                             "",
		`select coalesce(a.done, false) as done from a right join marks m on m.a_id = a.id`:                                                                                                   "done=a=false",
		`select coalesce(s.version, 0) as v from rotations r join rotation_state s on r.id = s.rotation_id`:                                                                                   "",
		`select coalesce(r.version, 0) as v from rotations r left join rotation_state s on r.id = s.rotation_id`:                                                                              "",
		`select coalesce(s.version, 0) from rotations r left join rotation_state s on r.id = s.rotation_id`:                                                                                   "",
		`select coalesce(s.version, $2) as v from rotations r left join rotation_state s on r.id = s.rotation_id`:                                                                             "",
	} {
		got := Classify(q)
		if len(got) != 1 || got[0].JoinMisses != want {
			t.Errorf("%s: JoinMisses = %q, want %q", q, got[0].JoinMisses, want)
		}
	}
}
