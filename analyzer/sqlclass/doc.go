// Package sqlclass classifies the side effects of PostgreSQL statements, for
// deciding whether a background-job handler that runs them is safe to retry.
//
// # What it classifies
//
// Classify parses SQL text with the real PostgreSQL 17 grammar
// (github.com/pganalyze/pg_query_go/v6, cgo) and returns one Stmt per
// effect, in source order: an Op (insert, claim, upsert-set,
// upsert-increment, update-set, update-increment, delete, select, nextval,
// notify, call, unknown, none, ddl), the target table (as PostgreSQL folds
// it: unquoted names lower-cased, quoted names as written, schema-qualified
// only when written so), whether it has RETURNING, and a short reason.
//
//   - A multi-statement string gives one entry per statement; semicolons in
//     literals, $$-quoted bodies and comments are the grammar's business,
//     not ours.
//   - A data-modifying CTE (WITH d AS (DELETE ... RETURNING ...)) gives its
//     own entry before its statement's. A plain SELECT whose only purpose
//     is to read such CTEs, or to call functions, adds no Select entry.
//   - INSERT without ON CONFLICT (also INSERT ... SELECT and COPY ... FROM)
//     is Insert; ON CONFLICT DO NOTHING is Claim, the idempotency-guard
//     form; ON CONFLICT DO UPDATE is UpsertSet or UpsertIncrement.
//   - UPDATE is UpdateSet or UpdateIncrement. DELETE and TRUNCATE are Delete.
//     An UPDATE that sets a column to a parameter or constant only where
//     the column is distinct from it (set-if-different), or strictly on
//     one side of it (set-if-newer: set status = $1 where $1 > status),
//     ReportsChange: a second run with the same value changes nothing.
//     An UPDATE whose rows a LIMIT subquery of its own table picks by a
//     column the update sets (where id in (select id … where status =
//     'waitlisted' order by joined limit $1), set status = 'accepted')
//     takes "the next n": UpdateIncrement, since a second run picks
//     other rows (batch.go). Unless it is a batch of a sweep: a constant
//     LIMIT, a column set to a constant, and a subquery WHERE that leaves
//     out the rows already holding it (set disabled = true where id = any
//     (select id … and not disabled … limit 100)): each row is set once
//     whatever the number of runs, UpdateSet (sweep.go). PickParams are
//     an UPDATE's parameters used only to pick its rows.
//   - An INSERT ... SELECT whose rows come only from a data-modifying CTE
//     of its own statement that a second run does not change again (a
//     claim, a delete, a statement that ReportsChange) says so in
//     FromChange: it inserts once per change (changed.go). One whose rows
//     are the elements of an array parameter (from unnest($1)) names it in
//     RowsParam: what the caller binds there decides (unnest.go).
//   - MERGE reduces its WHEN clauses to one Op: an accumulating UPDATE is
//     UpsertIncrement, any other UPDATE UpsertSet, INSERT only when not
//     matched (optionally with DO NOTHING when matched) is Claim
//     (insert-if-absent behaves like ON CONFLICT DO NOTHING on retry), DELETE
//     only is Delete.
//   - SELECT (also FOR UPDATE / SKIP LOCKED, VALUES, COPY ... TO) is Select.
//     Function calls anywhere in a statement are looked at: nextval() is
//     Nextval, setval() UpdateSet, pg_notify() Notify, builtin read-only
//     functions (an allow-list, plus anything qualified pg_catalog.) are
//     ignored, and every other function is Call: "function f() may write".
//     nextval() inside the rows of an INSERT is ignored: it is the serial
//     default pattern, and the insert (or claim) already is the effect.
//     Nextval is safe: a sequence's second number is a gap, not a
//     duplicate; the statement that uses the number is rated on its own.
//     A counter table stepped by one and returned (update seqs set
//     stream_id = stream_id + 1 where name = $1 returning stream_id, the
//     sequence of SQLite and MySQL), its column or table named as an ID or
//     a sequence, is Nextval too (sequence.go).
//   - NOTIFY is Notify; CALL and DO $$...$$ are Call; EXPLAIN ANALYZE and
//     PREPARE ... AS classify their inner statement; EXECUTE is Unknown;
//     CREATE/ALTER/DROP/GRANT/... are DDL; transaction control, SET, SHOW,
//     LOCK, LISTEN, VACUUM, plain EXPLAIN and similar are None.
//
// # The self-reference rule
//
// An assignment "accumulates" — running it twice differs from running it
// once — when the assigned column's old value is an operand, at any depth,
// of + - * / || or an argument of array_append, array_prepend, array_cat,
// concat or concat_ws. The old value is a column reference to the target
// column, bare or qualified by the table's name or alias, never excluded.col.
// So balance = balance + $1, n = t.n + excluded.n, (hits, at) = (hits + 1,
// now()) and tags = array_append(tags, $1) are increments, while
// n = greatest(n, $1 + 1), seen = coalesce(seen, now()), data =
// jsonb_set(data, ...), CASE expressions that merely choose the old value,
// and n = (select max(n) + 1 from t) (sub-selects are skipped: another
// scope) are sets. An operator above a wrapper still counts:
// n = coalesce(n, 0) + 1 is an increment.
//
// Why operands and not "the column appears somewhere": the lexer that
// preceded this package reported greatest(n, $1 + 1) as an increment
// because "+" and "n" both appear; only the expression tree can tell. The
// rule errs towards increment when a self-reference is under an
// arithmetic operator that cancels out (n = n * 0 + $1) — harmless
// pessimism. Two refinements: data - 'key' (a "-" whose right operand is a
// non-numeric string literal) is jsonb/hstore key removal, which is
// idempotent, and is a set; data - $1 stays an increment because only
// column types could tell. And "||" with a jsonb object operand
// (coalesce(attrs, '{}'::jsonb) || $1, attrs || jsonb_build_object(...))
// merges objects, which is idempotent: a set; with a jsonb array, an
// ARRAY[...] or a text or array cast it appends: an increment. When no
// operand tells (attrs || $1, data || $1::jsonb) it is an increment whose
// Concat names the column, so that a caller knowing the schema can make
// a jsonb column's merge a set.
//
// What the text alone cannot tell is left to the caller, named: a set
// lists the parameters it assigns as they are (SetParams: SET n = $1,
// excluded.n from $2), which a caller that sees the value computed from
// one it read (n+1 after SELECT n) makes an increment; an increment by
// "||" of untold types names its columns (Concat) for the schema to decide;
// a Call of a function that is not a builtin names it (Function) for the
// migrations to decide.
//
// ClassifyFragment applies the same rule to an expression fragment such as
// gorm.Expr("balance + ?"), after NormalizePlaceholders. Never run that
// normaliser on full PostgreSQL text: "?" is a jsonb operator there.
//
// # Never guess no effect
//
// Whatever cannot be told becomes Unknown or Call, never Select or None:
// text that does not parse (the parser's message is in Detail), empty text,
// EXECUTE of a prepared statement, PL/pgSQL-only statements, user-defined
// functions, procedures and DO blocks (their bodies are opaque strings). The
// parser is PostgreSQL's. Only when it refuses a text is MySQL/SQLite
// syntax considered: INSERT IGNORE / INSERT OR IGNORE (a claim) and
// REPLACE / INSERT OR REPLACE (a set) by their leading keywords, and
// otherwise a retry with "?"/"?N" placeholders and backticks rewritten.
// Rewriting first would change PostgreSQL meaning ("?" is a jsonb operator).
//
// # Caching and concurrency
//
// Classify and ClassifyFragment are safe for concurrent use. Results are
// cached by text in a memo.Map (internal/memo), whose one computation per
// entry makes concurrent callers of the same new text wait for one parse,
// so each text is parsed
// once per process. The cache holds up to 131072 texts (far more than the
// constant SQL strings of a program); when full it is emptied and refilled,
// which bounds memory for pathological callers such as a fuzzer. Returned
// slices are shared: callers must not modify them.
package sqlclass
