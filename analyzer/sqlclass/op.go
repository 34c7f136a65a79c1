package sqlclass

// Op is what one statement does to its target.
type Op string

// The operations Classify reports. Their risk (see Op.Risk) follows the
// project's vocabulary in DESIGN.md: medium for effects that duplicate when a
// job runs twice, unknown for what cannot be told statically, safe otherwise.
const (
	Insert          Op = "insert"           // plain insert (append a row), incl. INSERT ... SELECT and COPY ... FROM
	Claim           Op = "claim"            // insert ... on conflict do nothing: the idempotency-guard form
	UpsertSet       Op = "upsert-set"       // insert ... on conflict do update set c = excluded.c (idempotent)
	UpsertIncrement Op = "upsert-increment" // on conflict do update set n = t.n + excluded.n; MERGE ... update set qty = s.qty + d.qty
	UpdateSet       Op = "update-set"       // update ... set c = <value not built from c>
	UpdateIncrement Op = "update-increment" // update ... set n = n + 1 (self-reference under + - * / || or an array/concat append)
	Delete          Op = "delete"           // delete, truncate
	Select          Op = "select"           // reads, incl. SELECT ... FOR UPDATE and COPY (query) TO
	Nextval         Op = "nextval"          // select nextval('seq'); a counter table stepped by one and returned (sequence.go)
	Notify          Op = "notify"           // NOTIFY ch, select pg_notify(...)
	Call            Op = "call"             // CALL proc(), DO $$...$$, select user_function(...): may write, cannot tell
	Unknown         Op = "unknown"          // unparseable, empty, or a form not classified
	None            Op = "none"             // BEGIN/COMMIT/SET/SHOW/LOCK/EXPLAIN/...: no data effect
	DDL             Op = "ddl"              // CREATE/ALTER/DROP/GRANT/...
)

// Ops lists every Op constant, in declaration order.
func Ops() []Op {
	return []Op{Insert, Claim, UpsertSet, UpsertIncrement, UpdateSet, UpdateIncrement,
		Delete, Select, Nextval, Notify, Call, Unknown, None, DDL}
}

// Valid reports whether o is one of the Op constants.
func (o Op) Valid() bool {
	switch o {
	case Insert, Claim, UpsertSet, UpsertIncrement, UpdateSet, UpdateIncrement,
		Delete, Select, Nextval, Notify, Call, Unknown, None, DDL:
		return true
	}
	return false
}

// Idempotent reports whether running the statement twice leaves the same
// state as running it once. Call and Unknown are false because nothing is
// known about them; DDL is true (a repeated CREATE fails rather than
// duplicating anything, a repeated DROP/ALTER converges), but its Risk is
// still RiskUnknown because schema changes from a job handler are unusual
// enough to deserve a look. Nextval is not idempotent (the sequence moves
// on) yet safe: the second number is a gap, nothing is duplicated.
func (o Op) Idempotent() bool {
	switch o {
	case Insert, UpsertIncrement, UpdateIncrement, Nextval, Notify, Call, Unknown:
		return false
	}
	return o.Valid()
}

// Risk is how bad it is if a statement runs twice, in increasing order.
type Risk int

const (
	RiskSafe    Risk = iota // naturally idempotent
	RiskUnknown             // cannot be told statically
	RiskMedium              // an internal duplicate: appended row, increment
)

func (r Risk) String() string {
	switch r {
	case RiskSafe:
		return "safe"
	case RiskUnknown:
		return "unknown"
	case RiskMedium:
		return "medium"
	}
	return "invalid"
}

// Risk returns the risk class of o: Insert, UpsertIncrement and
// UpdateIncrement are medium; Call, Unknown and DDL are unknown;
// everything else is safe, Nextval too: a sequence's second number is a
// gap, not a duplicate (sequence.go); and Notify: PostgreSQL delivers a
// notification only to the sessions listening at that moment, stores
// nothing and drops it when none listens, so what a listener does cannot
// depend on being told once; a repeat is one more wake-up. An invalid Op
// is unknown.
func (o Op) Risk() Risk {
	switch o {
	case Insert, UpsertIncrement, UpdateIncrement:
		return RiskMedium
	case Claim, UpsertSet, UpdateSet, Delete, Select, Nextval, Notify, None:
		return RiskSafe
	}
	return RiskUnknown
}

// Stmt is the effect of one statement (or of one data-modifying CTE inside it).
type Stmt struct {
	Op Op
	// Table is the target table, as PostgreSQL folds it (unquoted names
	// lower-cased, quoted names as written), schema-qualified only if written
	// so ("audit.log"). For Notify it is the channel and for Nextval the
	// sequence, when constant. "" when there is none or it is not constant.
	Table string
	// Returning is set when the statement has a RETURNING clause (for a
	// claim, the guard check is then Scan + ErrNoRows rather than RowsAffected).
	Returning bool
	// Detail is a short human-readable reason, e.g. the self-reference that
	// makes an update an increment, the function that may write, or the
	// parser's error.
	Detail string
	// RowLock marks a read that locks its rows for update and waits for
	// the lock (select … for update): deliveries that run it in a
	// transaction take turns, each reading what the one before committed.
	RowLock bool
	// RowLockNoWait marks a read that locks its rows for update without
	// waiting for a row another transaction holds (select … for update
	// skip locked leaves the row out, … nowait fails): a delivery that
	// runs it while another holds the row does not see the row, and one
	// after the other's commit reads what it committed.
	RowLockNoWait bool
	// AdvisoryLock marks a statement that takes an exclusive
	// transaction-level advisory lock and waits for it (select
	// pg_advisory_xact_lock(…)): held until the transaction ends, it makes
	// the deliveries that take the same key in a transaction take turns.
	AdvisoryLock bool
	// Update marks a claim that is an UPDATE (compare-and-set): it fires
	// update triggers, not insert ones.
	Update bool
	// Optimistic marks a compare-and-set update whose WHERE compares the
	// column it changes with a parameter (set version = $3 where id = $1
	// and version = $2): an optimistic lock, whose "no row changed" says
	// the row moved since the value compared was read.
	Optimistic bool
	// Concat, for an increment whose every accumulation is a "||" of
	// operands whose types the text does not tell (attrs = attrs || $1),
	// lists those columns, comma-separated: if the schema says they are
	// jsonb, "||" merges objects and the statement is a set.
	Concat string
	// Accumulates, for an increment made by its SET list, lists the
	// columns it accumulates onto (folded, comma-separated; a multi-column
	// assignment left out): a caller reads what they count by their names
	// (infer.Telemetry: a heartbeat's success_count).
	Accumulates string
	// ReportsChange marks a statement that changes nothing, and so
	// affects and returns no row, when a previous run already made its
	// change: a DELETE, an upsert whose DO UPDATE has a WHERE (… where
	// t.state is distinct from excluded.state). Tested for that (no rows,
	// 0 rows affected) before the rest runs, it is a compare-and-set
	// claim; untested, it is what its Op says.
	ReportsChange bool
	// CountsRuns marks an update-set or upsert-set that steps an attempt
	// counter (attempt.go): the row is touched to count this run, not to
	// record where the work stands, so it marks no status.
	CountsRuns bool
	// Outcome, for a claim (or a statement that ReportsChange) in a CTE
	// that the statement reads as one row
	// whatever happened (select exists (select 1 from ins), select
	// count(*) from ins), says what that row holds: "exists" (true when
	// the key was new) or "count" (0 on a duplicate). Returning is then
	// false: a duplicate does not get "no rows".
	Outcome string
	// SetParams, for an update-set or upsert-set, are the parameters
	// assigned to a column as they are ("1,3" for SET a = $1, b = $3;
	// see Params): where the program computes such a value from one it
	// read, the statement is its increment.
	SetParams string
	// PickParams, for an update, are the parameters that only pick its
	// rows ("2" for a LIMIT $2 or WHERE id = $2 with no SET, FROM or
	// WITH use of $2): no column is given their value, so a value the
	// program computed from one it read, passed there, picks rows and
	// makes no increment.
	PickParams string
	// WhereParams, for a read, an update (a compare-and-set too) or a
	// delete, lists the columns its WHERE fixes by equality to a
	// parameter ("id=1,provider=2", sorted; whereparams.go): a caller
	// tells with it a row picked by a value new on every delivery, or a
	// key column fixed to a constant.
	WhereParams string
	// Function, for a Call of a function that is not a builtin, is its
	// name as called ("f", "billing.f"): a caller that knows the module's
	// migrations replaces the Call by what the function's body does.
	Function string
	// Conflict, ConflictConstraint and Columns, for an insert, are its
	// ON CONFLICT (columns), its ON CONFLICT ON CONSTRAINT name and the
	// columns it inserts (folded, comma-separated, so that a Stmt stays
	// comparable; "" when the text has none): a claim is checked against
	// the migrations' unique keys with them.
	Conflict           string
	ConflictConstraint string
	Columns            string
	// ColumnParams, for an insert of one VALUES row, maps each column
	// given a parameter directly to it ("uuid=1,cms_id=2", in column
	// order): a caller tells a unique key filled from a fresh value (a
	// uuid made here) from a business key with it.
	ColumnParams string
	// ColumnValues, for an insert of one VALUES row, lists the columns
	// given a string constant or a bare name ("kind='sync", "kind=kind":
	// a PL/pgSQL parameter), one a line; CallArgs, for a Call, its
	// arguments so spelt, one a line (values.go).
	ColumnValues string
	CallArgs     string
	// Retention, for a DELETE that keeps the rows younger than an
	// interval, is that interval's constant text ("14 days"); or
	// RetentionParam is the parameter that gives it, times RetentionUnit
	// when that is an interval's text, the cutoff time itself when it is
	// CutoffUnit (retention.go).
	Retention      string
	RetentionParam int
	RetentionUnit  string
	// NewerCol, for a write-if-newer upsert (newer.go) that its SET alone
	// would make an increment, is the column its DO UPDATE's WHERE compares
	// with the inserted value; NewerParam is the parameter that value is
	// inserted from (0: a constant). A caller that sees a value new on every
	// delivery there (time.Now()) makes it the increment again.
	NewerCol   string
	NewerParam int
	// Matches, for a DELETE that prunes by no time, lists the columns its
	// WHERE fixes by equality (folded, sorted, comma-separated; "*" when it
	// has no WHERE): against the table's unique keys it tells a release of
	// one key (the whole key fixed) from a clear of many rows (retention.go).
	Matches string
	// FromChange, for an INSERT … SELECT that takes its rows only from a
	// data-modifying CTE of its own statement whose second run changes
	// nothing (a claim, a delete, an upsert or update that ReportsChange:
	// with changed as (update … where … is distinct from … returning …)
	// insert into history select … from changed), is how many entries
	// before this one that CTE's is: the insert copies what that change
	// made, once per change (changed.go).
	FromChange int
	// RowsParam, for an INSERT … SELECT whose rows are the elements of
	// one array parameter (… select unnest, 'closed' from unnest($1)), is
	// that parameter (1-based): it inserts a row per element the caller
	// binds there (unnest.go).
	RowsParam int
	// StampedBy, for an INSERT … SELECT whose rows must carry the
	// transaction's clock in a column of the table they come from
	// (… from runs where runs.synced_at = now()), is "table.column";
	// ClockSets, for a write that changes a row only once (an upsert whose
	// DO UPDATE has a WHERE, a set-if-different or compare-and-set update),
	// lists the columns it sets to that clock; Assigns lists the columns a
	// write assigns ("" when not told). The copy takes only the rows the
	// transaction stamped (stamped.go).
	StampedBy string
	ClockSets string
	Assigns   string
	// Selects, for a read of one table, lists the columns it returns
	// (folded, sorted, comma-separated): every entry of its select list a
	// plain column; "" when not told (*, an expression, a join, a set
	// operation, a subquery or HAVING). Filters lists the columns its
	// WHERE tests ("" when none). What the read answers depends on these
	// alone, so a write that assigns none of them records nothing a check
	// of the read tests (readcols.go).
	Selects, Filters string
	// JoinMisses lists the columns a read returns that are a coalesce of
	// an outer-joined table's column with a constant, which that constant
	// says the join found no row of the table ("alias=table=default", one
	// a line; joinmiss.go).
	JoinMisses string
	// SetConsts, for an update, lists the columns its SET gives a string
	// literal and that literal ("status=sending", one a line, sorted);
	// "" when none. A check that skips only on a value no write gives the
	// column is not recorded by them (readcols.go).
	SetConsts string
	// StampedParam and ClockParams are the same halves with the stamp a
	// parameter ($n) rather than the clock in the text: "table.col=$n"
	// for the copy, "col=$n,…" for a conditional write. Whether $n is the
	// transaction's clock (read from the database by the code that runs
	// the transaction) or a value the job carries is the caller's to tell.
	StampedParam string
	ClockParams  string
}

// Worst returns the statement with the highest Risk; ties go to the first in
// source order. For an empty slice it returns an Unknown Stmt (never guess no
// effect).
func Worst(stmts []Stmt) Stmt {
	if len(stmts) == 0 {
		return Stmt{Op: Unknown, Detail: "no statements"}
	}
	best := 0
	for i := 1; i < len(stmts); i++ {
		if stmts[i].Op.Risk() > stmts[best].Op.Risk() {
			best = i
		}
	}
	return stmts[best]
}
