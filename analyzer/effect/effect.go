package effect

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// NoExec marks an effect that does not run on a parameter of the summarised
// function (a package-level pool, a field, a handle made inside the function).
const NoExec = -1

// Hop is one step of an evidence path: the position of a call or effect
// instruction and the function it sits in.
type Hop struct {
	Pos  string // "file:line:col", file as the compiler saw it
	Func string // display name of the function holding Pos, e.g. "(*jobs.Deps).CreditNaive"
	// ErrOut: the call's failure reaches its function's error result
	// unexamined (guard.ErrorReturned). An effect that fails on a
	// duplicate (DupFails) whose every hop has it fails the handler.
	ErrOut bool
	// ErrDropped: the call's failure is only logged or dropped in its
	// function (guard.ErrorIgnored): a duplicate's failure stops there.
	ErrDropped bool `json:",omitempty"`
	// DupTaken: the call's failure is tested in its function for a
	// unique-key violation (mongo.IsDuplicateKeyError, a driver's error
	// code) and a violation is not returned: the function takes it as
	// success or falls back (insert, then update on a duplicate). An
	// insert whose failure every hop below returns unexamined (ErrOut)
	// dedupes by its constraint (guard.DupTested).
	DupTaken bool `json:",omitempty"`
	// AckWithheld: the call's failure is only logged in its function,
	// which acknowledges the message (a manual-ack consumer's msg.Ack(),
	// or hands it on to be acked) only when the call succeeded
	// (guard.AckWithheld): the broker redelivers it, as a queue retries
	// a handler that returned the error. A create that fails on a
	// duplicate whose hops below return its failure (ErrOut) fails every
	// redelivery (FailsOnDuplicate).
	AckWithheld bool `json:",omitempty"`
	// AckAfter: the function acks a message on some way after this call
	// (guard.AckFollows): a failure a callee withheld the ack on is acked
	// here anyway.
	AckAfter bool `json:",omitempty"`
	// DoneChecks are the positions (as Pos) of the calls in this hop's
	// function whose result decided, before this call, a branch that
	// returns success (guard.DoneChecks): a second delivery the check
	// answers as done never reaches the call. A create that fails on a
	// duplicate whose retry a check of its own table answers is not a
	// duplicate reported as an error (CheckAnswersRetry). Joined by ";"
	// (sorted) so that a Hop stays comparable.
	DoneChecks string `json:",omitempty"`
	// FailsLast: every failing return of its function that can follow the
	// call's success gives the call's own failure (guard.FailsLast). A run
	// that failed did not pass a call whose every hop has it (guard
	// resume.go).
	FailsLast bool `json:",omitempty"`
}

// StampArg is a stamp whose value is a parameter (summary stampclock.go):
// Col is "table.col" for the copy's, "col" for a conditional write's;
// Param the 1-based parameter (receiver first, then free variables) and
// Field the field of it read, "" for the whole.
type StampArg struct {
	Col   string
	Copy  bool `json:",omitempty"`
	Param int
	Field string `json:",omitempty"`
}

// KeyCol is what a key column of a statement is given (Effect.KeyCols):
// Const a constant's value (its Go text: a string's value unquoted),
// Fresh the random or time source of a value new on every delivery
// (FreshPos where it is made), or Param (1-based, receiver first, then
// free variables) the parameter of the function holding the effect, with
// Field the field read off it ("" for the whole). All empty: not told.
type KeyCol struct {
	Col      string
	Const    string `json:",omitempty"`
	Fresh    string `json:",omitempty"`
	FreshPos string `json:",omitempty"`
	Param    int    `json:",omitempty"`
	Field    string `json:",omitempty"`
}

// Key describes an idempotency key passed to an external API.
type Key struct {
	Expr   string // source text of the key expression
	Pos    string // where it is set
	Random string // non-empty when the key derives from a random or time source: that source's name
	// Identity names the job-identity source the key derives from
	// (asynq.GetTaskID, River's job ID, Temporal's workflow and activity
	// IDs): the same on every retry of one job.
	Identity string
	// Param (1-based, receiver first; 0 when none) is the parameter of the
	// summarised function the key also derives from when nothing random
	// is found here: each caller checks what it passes there.
	Param int
	// IfSet: the key is sent only when it is not empty (convoy's
	// dispatcher sets X-Convoy-Idempotency-Key under len(key) > 0), so it
	// keys the call only where the value passed cannot be empty: a value
	// computed from the job's data (a checksum, a format, a constant), not
	// a stored field that may hold nothing (resolveKey).
	IfSet bool
	// FreshOnly: the key is carried only so that a caller passing a value
	// new on every delivery (a uuid it makes) drops the duplicate failure
	// (an SQL insert's unique key filled from a parameter); resolved to a
	// stable value it does not make a swallowed failure a guard, as a
	// traced id key does, unless the whole key is the job's (Payload): a
	// column filled by the SQL text or by a value of the inserting
	// function's own is not known to be the job's.
	FreshOnly bool `json:",omitempty"`
	// Payload, with FreshOnly, says that every column of the unique key
	// is filled from a parameter of the function that inserts (the row
	// its callers build): where the callers resolve all of them to values
	// neither new on every delivery nor constant, the key is the job's
	// own business key, and a swallowed duplicate failure is a guard as
	// a traced id key's is (BusinessKey).
	Payload bool `json:",omitempty"`
	// Field, with Param, is the field of that parameter (a struct) the
	// key is: a caller resolves the value it stores there.
	Field string `json:",omitempty"`
	// Path, with Param, is the field path in that parameter (a message
	// struct) of the key a message carries (event.CloudEventHeader.ID):
	// a caller follows it in what it passes (summary/msgpath.go), not
	// the whole value, whose other fields (a time stamp) say nothing of
	// the key.
	Path string `json:",omitempty"`
	// Else, for an SQL insert covered by several unique keys, is the
	// next key, whose DupFails text is ElseFails: where a caller passes
	// a fresh value for this one, the next decides.
	Else      *Key   `json:",omitempty"`
	ElseFails string `json:",omitempty"`
	// Note says what makes the value a key when it is not a header or
	// field named for one (a PUT's last path segment): the guard's note.
	Note string `json:",omitempty"`
	// Also, for an SQL insert's composite unique key, are its other
	// columns filled from a parameter (Param, Field each): a value new on
	// every delivery for any one column makes the whole key new, as one
	// for this column does.
	Also []Key `json:",omitempty"`
	// Lasts, on a key that refuses a second send only while the first
	// message is still kept (asynq's TaskID: while the task is in
	// Redis), is the option that must keep it, whose value is the field
	// Field of parameter Param (1-based, receiver first): a caller must
	// store a value proven non-zero there (summary/keylasts.go). Until
	// then the key guards nothing; a caller that cannot prove it drops
	// the key.
	Lasts *KeyLasts `json:",omitempty"`
}

// KeyLasts is what keeps a key's first message stored (Key.Lasts).
type KeyLasts struct {
	Option string // the option, as findings name it ("asynq.ProcessIn")
	Param  int
	Field  string
}

// IdentityNote is the guard note for a key made from the job's identity.
func IdentityNote(source string) string {
	return "derives from " + source + ", the job's identity: the same on every retry of one job"
}

// Ignore is a //jobeffects:ignore directive that applies to an effect, a
// pitfall or a function: it travels in facts with what it sits on, so that
// the package reporting a finding need not read another package's files.
type Ignore struct {
	Pos    string   // the directive's "file:line"
	Rules  []string // the rules it silences
	Reason string
}

// Silences returns the directive's reason when it silences rule.
func (i *Ignore) Silences(rule string) (string, bool) {
	if i == nil || i.Reason == "" {
		return "", false
	}
	for _, r := range i.Rules {
		if r == rule {
			return i.Reason, true
		}
	}
	return "", false
}

// Guard records what protects an effect from running twice.
type Guard struct {
	Kind   string // GuardClaim, GuardCompletion, GuardKey
	Expr   string // the key expression (claim argument or API key)
	Pos    string // the claim, completion or key position
	SameTx bool   // the claim or completion runs in the effect's transaction
	Window bool   // an external effect after a DB claim: a crash between the effect and the commit repeats it
	Note   string // about the key: where it comes from when that makes it stable
	// Check, on a GuardMark, is the check whose skip the mark feeds: the
	// check-then-act it was reported as, when deliveries may overlap.
	Check string `json:",omitempty"`
	// OnSuccess marks a completion the framework makes only when the
	// handler returns nil (the transaction of gue's j.Tx(), watermill-sql's
	// TxFromContext): a failing return after the effect commits it or runs
	// it again, so each function up to the handler checks its returns
	// after the effect and drops the guard on a failing one.
	OnSuccess bool
	// TxErrorAborts, with OnSuccess: returning the error of a statement on
	// that transaction is not a failing return (PostgreSQL aborts a
	// transaction whose statement failed: the framework's commit then
	// commits nothing).
	TxErrorAborts bool
	// AfterDupFail: the guard is a create before the effect that fails on
	// a duplicate (DupFails), whose failure returns before the effect: a
	// second delivery never reaches the effect, whatever it turns out to
	// be, so the whole-program phase gives it to what a dynamic call
	// resolves to.
	AfterDupFail bool
	// LookupCreate: the guard is a read of the create's own table that
	// decides it (guard's checkedCreates), which holds only while the
	// create fails on a duplicate: a caller's fresh key drops it.
	LookupCreate bool `json:",omitempty"`
	// OnReading: the guard was given to a call nothing decided yet (an
	// unknown dynamic call) because its reading from the name is a
	// non-idempotent effect of the kind the guard protects (a publish run
	// in a claim helper's callback): the reading still decides what the
	// call is, and the guard holds for what it decides.
	OnReading bool `json:",omitempty"`
	// Released, on a claim a helper makes before it runs the caller's
	// callback, says the helper gives the claim back (deletes its key)
	// after the callback, when it fails: the claim then guards only what
	// no failure of the callback follows (Effect.FailsLater); a failure
	// after the effect releases the key and the redelivery runs it again.
	Released bool `json:",omitempty"`
	// KeyParam (1-based, receiver first; 0 when none), on a claim made by
	// a helper that runs the caller's callback only when its claim of the
	// key is new (Exec(ctx, key, fn)), is the parameter of the function
	// whose summary holds the effect that the claimed key derives from;
	// KeyField, the field of that parameter (a struct) it is. Each caller
	// checks what it passes there: a value new on every delivery claims a
	// new key, so the claim guards nothing (random-key).
	KeyParam int    `json:",omitempty"`
	KeyField string `json:",omitempty"`
	// DupAbortsTx, on a claim that is an insert whose unique-key
	// violation is taken as success: the violation is recognised only
	// as PostgreSQL's (SQLSTATE 23505), so on a transaction the failed
	// insert aborts it, and the success taken does not commit.
	DupAbortsTx bool `json:",omitempty"`
	// NeedsTx: the guard holds only where the handle the effect names
	// (Effect.Exec) is a transaction, known to the caller that passes
	// one (Effect.Tx): a fill of a collection made after a lookup found
	// no row and a DupAbortsTx insert created it (guard/findcreate.go).
	NeedsTx bool `json:",omitempty"`
}

// Guard kinds.
const (
	GuardClaim      = "processed_jobs"
	GuardCompletion = "job_complete_tx"
	GuardKey        = "idempotency_key"
	// GuardMark is a status mark written before the effect on the branch
	// of a check that skips marked rows (Effect.MarkGuard): a guard only
	// where the handler's deliveries never overlap.
	GuardMark = "status_mark"
)

// Effect is one side effect found at a call site, seen from the function
// whose summary holds it.
type Effect struct {
	Kind   string
	Op     string
	Target string
	Risk   Risk
	Detail string // why it is classified so; the reason for unknowns
	// Path runs from the summarised function (Path[0]) to the effect site
	// (the last hop, which is the evidence).
	Path []Hop
	// More counts other paths to the same effect that were folded into this one.
	More int
	// Alt keeps some of those other paths (only when KeepPaths is set: the
	// CLI's -show-paths).
	Alt [][]Hop
	// Exec is the index of the summarised function's parameter (receiver
	// first) on which the effect runs, for transaction tracking; NoExec if none.
	Exec int
	// BufferedArg (1-based, receiver first, then free variables; 0 when
	// none), on a write through a bufio.Writer, is the parameter the
	// buffered writer comes from: a *bufio.Writer the function is given,
	// or the io.Writer it wraps in one (html.Render's bufio.NewWriter(w)).
	// Each caller follows what it passes there (summary/bufiowrap.go): a
	// buffer in memory or a file makes the write no effect, a net.Conn its
	// network write; anything else leaves this unknown write.
	BufferedArg int `json:",omitempty"`
	// Tx is true when the executor is known to be a transaction handle.
	Tx bool
	// Returning is true for SQL with a RETURNING clause (claims checked with Scan).
	Returning bool
	// ReportsChange marks SQL that affects and returns no row when a
	// previous delivery already made its change (a DELETE, an upsert whose
	// DO UPDATE has a WHERE): where the function tests that before the
	// rest runs, it is a compare-and-set claim.
	ReportsChange bool
	// CountsRuns marks a write that steps an attempt counter
	// (sqlclass.Stmt.CountsRuns): it counts this run and records no
	// status, so check-then-act does not take it as a status mark.
	CountsRuns bool
	// JobKind, on an insert into River's job table whose kind column is a
	// constant the analysis knows (through the parameters of the
	// migrations' functions: a trigger's PERFORM enqueue('kind', …)), is
	// that kind; JobScheduled marks one that sets the job's scheduled_at
	// (a run later, not now). Report's selfEnqueue reads them.
	JobKind      string `json:",omitempty"`
	JobScheduled bool   `json:",omitempty"`
	// Accumulates, for a database increment, lists the columns it
	// accumulates onto (sqlclass.Stmt.Accumulates, comma-separated): a
	// reviewer reads what they count by their names (infer.Telemetry).
	Accumulates string
	// Optimistic marks a compare-and-set claim that compares the column
	// it changes with a parameter (sqlclass.Stmt.Optimistic): an
	// optimistic lock, whose "no row changed" is a race lost to another
	// delivery that moved the row since this one read it.
	Optimistic bool
	// ClaimFrom, on a claim made of a ReportsChange statement only because
	// the function returns its outcome untested (a sqlc :execrows delete),
	// is the operation and detail it was before: a caller that tests the
	// outcome has a compare-and-set claim, one that drops it (`_, err :=`)
	// has the delete or upsert as written, not a claim left unchecked.
	ClaimFrom, ClaimFromDetail string
	// CompareAndSet marks a claim that is an UPDATE changing a column
	// only from the value its WHERE requires (sqlclass: compare-and-set).
	// Its "no row changed" is the claim's outcome only where someone
	// tests it: where nothing tests it or hands it back, it is the update
	// as written, a state transition (guard.claims).
	CompareAndSet bool `json:",omitempty"`
	// RowLock marks a read that locks its rows for update and waits
	// (select … for update; sqlclass.Stmt.RowLock).
	RowLock bool
	// RowLockNoWait marks a read that locks its rows for update without
	// waiting (for update skip locked, nowait; sqlclass.Stmt.RowLockNoWait).
	RowLockNoWait bool `json:",omitempty"`
	// AdvisoryLock marks a statement that takes an exclusive
	// transaction-level advisory lock and waits for it (select
	// pg_advisory_xact_lock(…); sqlclass.Stmt.AdvisoryLock): a read that
	// follows it in the same transaction is serialised with every other
	// delivery that takes the lock (guard/lockcheck.go).
	AdvisoryLock bool `json:",omitempty"`
	// DistLock marks a call that takes a distributed lock (a Redis mutex:
	// models.Model.DistributedLock), held once it returns without an
	// error: a status check under it, with the record written before the
	// release, serialises the deliveries as an advisory lock does
	// (guard/distlock.go). A lock alone keeps only concurrent deliveries
	// apart.
	DistLock bool `json:",omitempty"`
	// RunsHandler, on a call that runs a handler of that framework in
	// another process (models.Model.RunsHandler: Lambda's Invoke), is the
	// framework: the whole-program phase replaces the call by the
	// effects of the handlers of that framework the program registers.
	RunsHandler string `json:",omitempty"`
	// ClaimOutcome, for a claim read back as one row whatever happened
	// (with ins as (insert … on conflict do nothing returning 1) select
	// exists (select 1 from ins)), is what the scanned value says:
	// "exists" (true when the key was new) or "count" (0 on a duplicate).
	ClaimOutcome string
	// ClaimKey is the source text of the key a claim inserts.
	ClaimKey string
	// ConstraintState, for a claim that inserts (insert … on conflict do
	// nothing), says whether the migrations back it with a unique key:
	// "ok", "none" (rule claim-without-constraint) or "unknown" (no
	// migration creates the table); Constraint is the key, or what is
	// missing (triggers.Set.Claim). "" for other effects.
	ConstraintState, Constraint string
	// Retention, for a DELETE whose WHERE keeps rows younger than an
	// interval (… < now() - interval '14 days', or a constant
	// time.Duration or time.Now().Add(-d) passed as its parameter), is
	// that interval as a Go duration string ("336h0m0s"); RetentionText
	// is how the code writes it. "" for other effects. A DELETE that
	// clears many rows by no time (a scope, every row) has only a
	// RetentionText, starting with NotByAge.
	Retention, RetentionText string
	// RetentionParam, for such a DELETE whose time is a parameter of the
	// function that runs it (a Prune(ctx, olderThan) helper), is that
	// parameter (1-based; bindings after the params), read at each call
	// of it with RetentionUnit, the SQL's unit ("" for a time.Duration or
	// a cutoff time: sqlclass.Stmt.RetentionUnit). 0 when resolved.
	RetentionParam int
	RetentionUnit  string
	// RetentionAt is the call that gave the parameter its value, once
	// resolved: the prune is reported there ("" for a DELETE's own).
	RetentionAt string
	Key         *Key
	// ObjectKeys are the keys naming the object an overwrite writes
	// (object storage; a DynamoDB item's key attributes, several), while
	// they derive from a parameter (Param): each caller checks what it
	// passes, and a random key there makes a new object on every
	// delivery. nil once decided.
	ObjectKeys []*Key `json:",omitempty"`
	// NewerThan, on a write-if-newer upsert made a set (sqlclass
	// newer.go), is the value its WHERE compares, while it derives from a
	// parameter (Param): each caller checks what it passes, and a value
	// new on every delivery there (time.Now()) makes it the increment its
	// SET is. nil once decided.
	NewerThan *Key `json:",omitempty"`
	// StampedBy, ClockSets and Assigns are sqlclass.Stmt's: an insert …
	// select of the rows of "table.column" that carry the transaction's
	// clock, the columns a write that changes a row once stamps with that
	// clock, and the columns a write assigns ("" not told). Where every
	// write of that table on the insert's transaction stamps it only on
	// change, the copy takes only what this transaction changed
	// (summary/stamped.go).
	StampedBy string `json:",omitempty"`
	ClockSets string `json:",omitempty"`
	Assigns   string `json:",omitempty"`
	// Selects and Filters, on a database read, are sqlclass.Stmt's: the
	// columns it returns and those its WHERE tests ("" not told). A check
	// of the read and a later update of its table are check-then-act only
	// if the update assigns one of them (guard.recordsCheck).
	Selects string `json:",omitempty"`
	Filters string `json:",omitempty"`
	// JoinMisses, on a database read, is sqlclass.Stmt's: the columns it
	// returns whose constant says an outer-joined table had no row
	// ("alias=table=default", one a line; guard.joinMissAvoids).
	JoinMisses string `json:",omitempty"`
	// KeyCols, on a database read, a compare-and-set update or an
	// insert, say what the key columns its SQL fixes to a parameter
	// (sqlclass WhereParams, an insert's ColumnParams) are given, as far
	// as the calls up the path tell (summary keycols.go): a constant, a
	// value new on every delivery, or a parameter of the function whose
	// summary holds the effect, left to its callers.
	KeyCols []KeyCol `json:",omitempty"`
	// SetConsts, on a database update, is sqlclass.Stmt's: the string
	// literals its SET gives columns ("status=sending", one a line).
	SetConsts string `json:",omitempty"`
	// StampArgs are the stamps passed as a parameter of the function whose
	// summary holds the effect (… where runs.synced_at = $3 with $3 that
	// parameter's value): each caller tells whether what it passes is
	// the database clock read for the transaction (then StampedBy or
	// ClockSets take the column) or not (dropped). nil once decided.
	StampArgs []StampArg `json:",omitempty"`
	Guard     *Guard
	// MarkGuard is the guard the effect has when its handler's deliveries
	// never overlap (result.Handler.Sequential): a plain status update
	// (guard's isMark) written before it, on the branch of a check of the
	// same table that skips what the mark records. Two deliveries at once
	// both pass the check before either marks (check-then-act), but a
	// delivery that starts only after the last one ended reads the mark
	// and skips. Decided per handler in report; nil otherwise.
	MarkGuard *Guard `json:",omitempty"`
	// FailsLater: the function whose summary holds the effect can return
	// a non-nil error after it (one of its own, or a callee's failure
	// after the effect that it hands up), other than the error of the
	// call that made the effect. A claim given back when its callback
	// fails (Guard.Released) does not guard such an effect.
	FailsLater bool `json:",omitempty"`
	// TxGuard, on a call nothing here resolves (an interface method) made
	// on a handle that runs in a completed transaction (a querier bound
	// by q.WithTx(tx) with River's JobCompleteTx on tx), is that
	// completion: the database writes the call turns out to make on its
	// receiver (resolved over the whole program, or read from its name)
	// commit with it and are guarded by it. Other effects it stands for
	// are not. See txguard.go.
	TxGuard *Guard
	// HookGate, on a call nothing here resolves of a function value a
	// hook factory made from a result struct (txHook := hook(result); if
	// txHook != nil { txHook(ctx, tx) }), says which fields of that
	// struct only a claim's first-time edge sets: when every factory the
	// whole program finds returns nil unless those fields are set, the
	// closure runs only on the delivery that made the claim (hookgate.go).
	HookGate *HookGate `json:",omitempty"`
	// ClaimGate, on a call nothing here resolves (an interface or
	// function-value call) that runs only on a claim's first-time edge,
	// is that claim's guard: the effects the whole program finds behind
	// the call are decided as the same effects made directly there
	// (wholeprogram claimgate.go).
	ClaimGate *ClaimGate `json:",omitempty"`
	// DupFails, for a create that a second delivery's copy cannot repeat
	// but fails on (an insert a unique key of the migrations covers,
	// GitHub's 422 "Reference already exists", AWS's
	// ResourceAlreadyExistsException), says why; "" for other effects.
	// Where its failure reaches the handler's error result (every hop of
	// its path ErrOut), the duplicate fails the job (rule
	// duplicate-as-error) instead of repeating the effect.
	DupFails string
	// RepeatFails, for an effect a repeat does not change but fails on
	// (a delete of a named resource the service answers "not found" for
	// the second time: the catalog's fails_on_repeat), says how. The
	// effect is safe; where its failure reaches the handler's error
	// result, a redelivery fails the job (rule duplicate-as-error) as a
	// create's duplicate does (FailsOnDuplicate).
	RepeatFails string `json:",omitempty"`
	// RepeatsPerParent, on a read of an ORM model's association loaded
	// with its parent row (gorm Preload), says that the association's
	// table is known (its model's tags or the migrations) and that no
	// unique key of it holds the column referring to the parent: a
	// second delivery's create of the rows adds a second set. A check of
	// the loaded rows before their create is then check-then-act on that
	// create and what follows it (guard.checkedBranch).
	RepeatsPerParent bool `json:",omitempty"`
	// LookupKey, on a database read of a table the schema knows, is a
	// unique key of it (other than a lone id column) on the columns the
	// read looks up (its Filters; any such key where they are not told):
	// a find-or-create that inserts the row the read did not find meets
	// that key on an overlapping delivery, so its insert is no race
	// (guard.findCreateOnly). "" when there is none.
	LookupKey string `json:",omitempty"`
	// DupKey, for an insert that fails on a duplicate only because the
	// value it stores in a key that is only an id column (taken otherwise
	// as a fresh surrogate) is traced to what the job carries, is that
	// value: Param non-zero while a caller still has to say what it
	// passes (a random argument there drops DupFails with it). Resolved
	// (Param 0, no Random), the key is a business key: a caller that only
	// logs the duplicate's failure and goes on takes it as success.
	DupKey *Key `json:",omitempty"`
	// PlanLink, on a plain insert (no key fails a second one) that a
	// function makes for each element of a list it is passed, and whose
	// new row's id the same iteration writes back into another table in
	// the same transaction (a create of a mapping reconciliation), or on
	// an insert keyed by that new id, says so; the caller that builds the
	// list decides whether a read planned it (summary.resolvePlanLink).
	PlanLink *PlanLink `json:",omitempty"`
	// StableArgs, on a call through an interface, are the 1-based indices
	// (receiver first) of the arguments that derive from no random or time
	// source and from no parameter of the caller: the whole-program phase
	// resolves with them the DupKey of what it resolves to.
	StableArgs []int `json:",omitempty"`
	// RandomArgs, on a call through an interface, are the arguments that
	// derive from a random or time source: the whole-program phase makes
	// an overwrite of what it resolves to whose object key is one of them
	// a new object (summary.ResolveObjectKey).
	RandomArgs []RandomArg `json:",omitempty"`
	// MessageKey, on a call not resolved here, is the deduplication key
	// of a message handed to a call on its path (summary/messagekey.go:
	// a Matrix to-device message_id): the effects the whole-program phase
	// resolves the call to are keyed by it, as those resolved here are.
	MessageKey *Key `json:",omitempty"`
	// KeyParams, on a call through an interface, are the arguments that
	// derive from a parameter of the function making the call (and from
	// no random or time source): a caller that passes a random value
	// there makes it one of RandomArgs (summary.ResolveKeyParams, at a
	// static call or where the whole-program phase resolves a call
	// through an interface).
	KeyParams []KeyParam `json:",omitempty"`
	// ArgKeys, on a call through an interface, say where the key-like
	// values it passes come from, for the business key (DupKey) of an
	// insert the implementation makes with one of them: a field of a
	// struct argument built here (&Event{UID: m.EventID}), or an argument
	// that derives from a parameter of the function making the call. The
	// whole-program phase resolves the implementation's key with them
	// (summary.ResolveDupKey), and a key that derives from a parameter
	// here goes up to this function's callers, through any number of
	// calls through interfaces.
	ArgKeys []ArgKey `json:",omitempty"`
	// TableArgs, on a call through an interface, are the tables its
	// struct arguments name in a field a model reads an item store's
	// table from (models.Model.Table), keyed "argument.field" (1-based,
	// receiver first: "2.TableName") with the table, a constant or the
	// variable it is read from ("store.Store.ControlTable"): the target
	// of the model the whole-program phase resolves the call to.
	TableArgs []ArgVal `json:",omitempty"`
	// Items: the target is a table of an item store, whose items are
	// addressed by the key the call is given (models.Model.Table:
	// DynamoDB), not rows an SQL statement selects: a read and a write of
	// the table pair as check and record only where their calls can be
	// of one item (guard.sameItem).
	Items bool `json:",omitempty"`
	// NonZero, on a call through an interface, are the fields of struct
	// arguments built here that hold a value proven non-zero ("3.Delay":
	// argument 3, 1-based with the receiver first, field Delay), for a
	// key's Lasts in what the whole-program phase resolves it to.
	NonZero []string `json:",omitempty"`
	// ArgsKey, on an enqueue whose options deduplicate it by the job's
	// arguments (River InsertOpts{UniqueOpts: UniqueOpts{ByArgs: true}}),
	// or on a call through an interface that passes such options, is the
	// key those arguments make: a second delivery's insert of the same
	// arguments is skipped as a duplicate. Params are the parameters of
	// the function making the call the arguments also derive from, for
	// the callers to check (a random value there makes it random-key).
	ArgsKey *ArgsKey `json:",omitempty"`
	// When are tests of the summarised function's parameters that must
	// all hold for the effect to run (cond.go): a caller that passes a
	// constant deciding one false drops the effect; one that passes its
	// own parameter hands the test up.
	When []Cond `json:",omitempty"`
	// CondArgs, on a call through an interface, say what the arguments
	// it passes hold, for the tests (When) of the effects of what the
	// whole-program phase resolves it to: keyed by the argument
	// (1-based, receiver 0) and a field path ("2", "2.Slot.Status"), a
	// constant's ExactString, or "@k.path" for a path of the calling
	// function's parameter k (cond.go, ResolveCondArgs).
	// A sorted list, not a map: facts are encoded deterministically.
	CondArgs []ArgVal `json:",omitempty"`
	// Issue names the pitfall rule that applies to this effect, if any
	// (guard-separate-tx, random-key); the effect then counts as unguarded.
	Issue string
	// IssuePos is where the pitfall is (the claim, the key).
	IssuePos string
	// CallerTx, on a guard-separate-tx whose claim and effect run on the
	// same parameter handle of a helper, is the guard the effect has when
	// the caller passes a transaction there (sqlc's queries built by
	// dbgen.New(tx) or q.WithTx(tx)): the caller decides. Resolved at each
	// call site (summary.includeFrom); left as it is, the issue stands.
	CallerTx *Guard `json:"-"`
	// CallerLock, on a database write a check on a transaction parameter
	// holds (guard/lockcheck.go) if the caller holds an exclusive
	// advisory transaction lock on that transaction before it, is the
	// guard the effect has where that lock is found: in a caller that
	// takes it before the call, or a helper that takes it and then runs
	// the callback the effect is in (summary.TxCall.Locked). Left as it
	// is, the effect is not guarded by it.
	CallerLock *Guard `json:",omitempty"`
	// HelperClaim, on a claim the whole-program phase reached through a
	// dynamic call whose resolved callee returns the claim's outcome (a
	// claim helper behind a repository interface), is that call and how
	// its results carry the outcome: the caller's test of them decides
	// what the claim guards there.
	HelperClaim *HelperClaim `json:"-"`
	// Found, on a read of a table, says that a function's result tells
	// whether the read found rows (a helper's `return count > 0, err`):
	// the caller's test of that result is the look-up's "found" test
	// (guard/foundbool.go). Pos is the call whose results carry it in
	// the function whose summary holds the effect, "" for that
	// function's own results.
	Found *Found `json:",omitempty"`
	// ResolvedExec, on an effect the whole-program phase reached through
	// a dynamic call, is that call and the parameter of the callee it
	// resolved to (receiver first; NoExec: a handle of the callee's own)
	// the effect runs on: which value of the caller's the effect commits
	// on, for the claims decided there (wholeprogram/claims.go).
	ResolvedExec *ResolvedExec `json:"-"`
	// Folded marks an effect of a dependency's summary that stands for
	// all the calls the dependency cannot resolve (More counts the others):
	// it is not resolved as the one call site its path shows.
	Folded bool
	// Runs are the library callback chains the operation executes
	// ("gorm:create"): the whole-program pass adds the effects of the
	// callbacks registered on them.
	Runs []string
	// Ignore is the //jobeffects:ignore directive on the effect's line.
	Ignore *Ignore
	// MethodArg and RequestArg (1-based; 0 when none) say that an HTTP
	// effect's method is the string its caller passes as that parameter,
	// or the method of the *http.Request it passes there.
	MethodArg, RequestArg int
	// MethodField, with MethodArg, says that the method is that field of
	// the struct its caller passes there (an application's own request
	// type: client.Send(ctx, &Request{Method: "POST", …})).
	MethodField string
	// RPCMethod is, on an HTTP request whose body is a JSON-RPC request
	// (json.Marshal of a struct with a `jsonrpc` field, or of a map with
	// that key), the request's constant method ("eth_getBalance",
	// "chain_get_block"): infer reads a POST by it as it reads a path.
	// RPCMethodArg (1-based; 0 when none) says that the method is the
	// string the caller passes as that parameter (an RPC client's
	// Call(method, params)).
	RPCMethod    string
	RPCMethodArg int
	// SOAP says that the body is a SOAP envelope (encoding/xml of a
	// struct whose element is Envelope, with a Body): RPCMethod is then
	// the operation, the name of the Body's element (from its field's
	// xml tag, its type's XMLName tag, or its type's name), read as a
	// JSON-RPC method is. RPCTypeArg (1-based; 0 when none) says that the
	// Body's element is the generic function's type parameter of that
	// index (doReq[Req any](…) marshalling Envelope[Req]): the call's
	// type argument names the operation (summary/soap.go).
	SOAP       bool `json:",omitempty"`
	RPCTypeArg int  `json:",omitempty"`
	// ReturnedBy, on a POST whose response's body the function that
	// sends it returns (the body itself, or what io.ReadAll reads from
	// it), is that function's name: infer reads the POST by it
	// (DownloadReport returns what it downloads; summary/download.go).
	ReturnedBy string `json:",omitempty"`
	// GraphQL says that the body is a GraphQL request ({"query": …,
	// "variables": …}): RPCMethod is then its operation type ("query",
	// "mutation", "subscription", "unknown"), and RPCMethodArg the
	// parameter its query text comes from.
	GraphQL bool
	// Completion says that the body asks a language model for a
	// completion: a JSON object with a "model" field and the prompt
	// ("messages", "input", "prompt" or "contents"), as the OpenAI,
	// Anthropic, Gemini and Ollama HTTP APIs take it. infer reads a POST
	// with it to a completion path (HTTP.CompletionPaths) as asking, not
	// making (summary/completion.go).
	Completion bool `json:",omitempty"`
	// TextBody says that the body gives texts to analyse: a JSON object
	// with a string field "text" or "texts", at its top or in the records
	// of a list field; TextBodyArg (1-based) that the body is the bytes its
	// caller passes as that parameter. ResponseRead says that the
	// response's body is read where the request is sent. infer reads a POST
	// with both to a path that names what is computed from texts
	// (HTTP.ComputeSegments: /entities, /embeddings) as a computation
	// (summary/textbody.go).
	TextBody     bool `json:",omitempty"`
	TextBodyArg  int  `json:",omitempty"`
	ResponseRead bool `json:",omitempty"`
	// TokenGrant, when the body is an OAuth2 token request's form (a
	// url.Values with a "grant_type" key, or its Encode text), is the
	// grant type it names ("?" when set at run time); TokenGrantArg
	// (1-based) says that the body is what its caller passes as that
	// parameter. CallGrants, on a call through an interface, are the
	// grant types of the arguments that are such forms, keyed as CallArgs,
	// for the resolution of the interface (summary/tokengrant.go,
	// RuleTokenGrant); CallGrantArgs, keyed so too and sorted, the
	// arguments that are a form (or its bytes) the function's caller
	// passes as a parameter: each caller fills CallGrants from what it
	// passes there.
	TokenGrant    string            `json:",omitempty"`
	TokenGrantArg int               `json:",omitempty"`
	CallGrants    map[string]string `json:",omitempty"`
	CallGrantArgs []ArgParam        `json:",omitempty"`
	// CallArgs, on a call through an interface, are the constant strings
	// its arguments carry: an argument ("3"), or a string field stored into
	// the struct it points to ("3.Method" for &Request{Method: "POST"}),
	// keyed by the 1-based argument index, receiver first. The whole-program
	// phase decides with them what the implementation it resolves leaves to
	// its caller (MethodArg, MethodField). nil when none.
	CallArgs map[string]string
	// DupStopped, on a call the whole-program phase may resolve, says
	// that a duplicate delivery does not reach it: it runs only where a
	// lookup on the same receiver found nothing (get-or-create), so the
	// duplicate-as-error pitfalls of what it resolves to are not the
	// handler's (guard.LookupDecided); so too where the caller drops or
	// only logs the call's error (a deferred unlock: guard.ErrGoesNowhere).
	DupStopped bool `json:",omitempty"`
	// Over, on an effect that runs only when a collection in a field of
	// one of the function's parameters is not empty, names that field
	// (over.go).
	Over *Over `json:",omitempty"`
	// RowsOf, on an insert that writes a row per element of a slice
	// parameter (rowsof.go), names that parameter.
	RowsOf *RowsOf `json:",omitempty"`
	// ChangedFrom, on a call the whole-program phase may resolve, says
	// that an argument carries a value changed from an earlier read
	// (read-modify-write): the sets the callee makes are increments.
	ChangedFrom string
	// SetFrom, on a database set by key, are the parameters of the
	// summarised function (1-based, receiver first; with the field of a
	// struct parameter) whose values may reach a column the set writes;
	// the other parameters only pick its rows (a key, a LIMIT). A caller
	// passing a value changed from one it read makes the set an increment
	// only through these (summary.rmwIncluded). nil when not known: then
	// every argument counts.
	SetFrom *SetFrom `json:",omitempty"`
	// URLArg (1-based) says that its target is the URL its caller passes
	// as that parameter.
	URLArg int
	// URLField, with URLArg, says that the URL is that field of the
	// struct its caller passes there (an application's own request type:
	// client.Send(ctx, &Request{URL: fmt.Sprintf(…)})).
	URLField string `json:",omitempty"`
	// BodyArg (1-based) and BodyField say that an HTTP request's body is
	// the parameter (or that field of the struct) its caller passes there.
	BodyArg   int    `json:",omitempty"`
	BodyField string `json:",omitempty"`
	// Body is what an HTTP request's body is, once known (a PATCH is read
	// as a set by it: summary/httpset.go).
	Body *Body `json:",omitempty"`
	// CallURLs and CallBodies, on a call through an interface, are the URLs
	// and the bodies the fields of its struct arguments carry, keyed as
	// CallArgs ("3.URL", "3.Body"): the whole-program phase decides with
	// them what the implementation leaves to its caller (URLField,
	// BodyField).
	CallURLs   map[string]URL   `json:",omitempty"`
	CallBodies map[string]*Body `json:",omitempty"`
	// CallSQL, on a call through an interface, are the effects of the SQL
	// each of its arguments gives (a text, a query builder), decided at
	// the call as a static call's are: the whole-program phase replaces
	// an implementation's effect whose text its caller passes (SQLArg) by
	// them (summary.ResolveCallSQL).
	CallSQL []ArgSQL `json:",omitempty"`
	// HTTPSet, on an HTTP effect read as a set (Op set), as an
	// idempotent delete (Op delete) or as a token request (a POST), is
	// the rule that read it so (effect.RuleMergePatchSet, RuleDeleteByID,
	// RuleTokenGrant): infer checks that the path of a set or a delete
	// names no action.
	HTTPSet string `json:",omitempty"`
	// StmtArg (1-based) says that the effect executes the prepared
	// statement its caller passes as that parameter: the caller's
	// statement's SQL decides it.
	StmtArg int
	// SQLArg (1-based) says that the effect runs the SQL text its caller
	// passes as that parameter (ent's generated config.QueryContext(ctx,
	// query, args...)): the caller's text decides it, as StmtArg's
	// statement does; the effect stays unknown where no caller's is known.
	SQLArg int `json:",omitempty"`
	// ArgsArg (1-based), with StmtArg or SQLArg, is the variadic
	// parameter whose elements the execution binds (sqlc's
	// q.exec(ctx, stmt, query, args...)): the caller that decides the
	// text binds the elements of the slice it passes there, so the
	// values of the insert's key columns are followed into it.
	ArgsArg int `json:",omitempty"`
	// DocArg (1-based) says that the effect is a MongoDB update whose
	// update document is the one its caller passes as that parameter
	// (a wrapper such as UpdateOne(ctx, coll, filter, update any)): the
	// caller's document's operators decide its op and risk.
	DocArg int `json:",omitempty"`
	// TableTypeArg (1-based) says that the effect is a read by an ORM
	// whose destination is the parameter of that index of an interface
	// type (an application's generic helper: find(db, out any, id) calling
	// db.First(out, id)): its table is the one the type of the value each
	// caller passes names, so the read is its caller's read of that table.
	TableTypeArg int `json:",omitempty"`
	// SavedRowArg (1-based, receiver first, free variables after the
	// parameters) says that the effect is an ORM Save (models'
	// updates_loaded) of the row the function was given as that
	// parameter: an insert unless the value each caller passes was loaded
	// from the table (its primary key set), which makes it an upsert-set
	// (summary/savedrow.go).
	SavedRowArg int `json:",omitempty"`
	// SavedRowCall says that the effect is such a Save of a row an
	// interface call returned ("file:line:col#i": the call's position and
	// the result's index; c.Repo().GetByID(id)): an insert unless every
	// method the whole program finds the call running returns its result
	// loaded (Summary.LoadedResults), which makes it an upsert-set
	// (wholeprogram/savedrow.go).
	SavedRowCall string `json:",omitempty"`
	// SavedRowTested: the function that made the call of SavedRowCall
	// tested the call's error result nil on the way to the Save, so a
	// method that returns the row loaded only when its error is nil
	// (Summary.LoadedUnlessErr: return row, db.First(&row, id).Error)
	// counts as returning it loaded.
	SavedRowTested bool `json:",omitempty"`
	// RowArgs, on a call through an interface, are the arguments that are
	// rows loaded from their table or rows an interface call returned
	// (also through a copy: a generic ConvertToStruct, a local the copy
	// is stored in whose key fields are not assigned): the whole-program
	// phase decides with them a Save of the row the implementation was
	// given (SavedRowArg), as a static call's caller does.
	RowArgs []RowArg `json:",omitempty"`
	// URLPath is an HTTP call's path as a pattern ("/orders/{}/status"),
	// when its text is known apart from a base URL and dynamic segments:
	// the whole-program phase matches it against the routes the program
	// serves.
	URLPath string
	// URLPaths are the path patterns of a URL that is one of several
	// constant texts (a switch on a kind choosing /embeddings/message or
	// /embeddings/document), sorted; URLPath is "" then. infer reads them
	// all; routes are matched on URLPath alone.
	URLPaths []string `json:",omitempty"`
	// URLQuery is an HTTP call's query as a pattern ("action=create",
	// "action={}&id={}"), when the URL's text is known up to its "?":
	// a GET whose query names an action is not read as a read (infer),
	// and the catalog's HTTP endpoints may require a parameter by name
	// (InfluxDB's /write?db=).
	URLQuery string
	// Via says where the value of an interface or func-value call comes
	// from: a struct field ("field example.com/app/jobs.Deps.Notifier"),
	// a parameter ("param 1", which a caller replaces by its argument's
	// origin) or anything else ("value"), followed by " method M" for an
	// interface call. Under go vet, a package that wires the field (main)
	// resolves the call; "" for effects that are not such calls.
	Via string
	// Reflective marks an interface call whose receiver comes from
	// reflection or an untyped registry (reflect.New(t).Interface().(Job),
	// jobs[name].(Job)): no value flow reaches it, so the whole-program
	// phase falls back to every implementation of the method.
	Reflective bool
	// By says how the effect was decided: ByCode, ByModel, ByConfig or
	// ByName; "" when nothing decided it (its risk is unknown).
	By string
	// Holder (1-based, receiver first, then free variables; 0 when
	// none), for a memory_write, is the parameter whose pointee the write
	// lands in: a caller maps it to what it passes there and drops the
	// effect when that is its own fresh value. HolderKept says whether
	// the write lasts where no caller maps it (a method's receiver, a
	// closure's captured variable: the server struct, state captured at
	// registration), as opposed to the message or arguments made for the
	// delivery. See Transient.
	Holder     int
	HolderKept bool
	// Reading is how a reviewer reads the call from its names, for an
	// effect the analysis leaves unknown (nil when there is none); see
	// Reading and Apply.
	Reading *Reading
}

// Transient reports whether an effect is a write to memory made for the
// delivery as far as anyone can tell: held by a parameter that is not a
// receiver or captured variable, which no caller mapped (the handler's
// own message).
func (e *Effect) Transient() bool {
	return e.Kind == KindMemory && e.Holder > 0 && !e.HolderKept
}

// Lasting returns effs without the transient ones. With test (a
// handler defined in a _test.go file) it leaves out every memory write:
// a test's handler counts its calls in its own variables and maps, which
// live as long as the test, run once.
func Lasting(effs []Effect, test bool) []Effect {
	out := effs[:0:0]
	for _, e := range effs {
		if !e.Transient() && (!test || e.Kind != KindMemory) {
			out = append(out, e)
		}
	}
	return out
}

// FailsOnDuplicate reports whether a second delivery fails on this
// effect instead of repeating it, and the handler returns that failure:
// the effect fails on a duplicate (DupFails), nothing else guards or
// explains it, and every call on its path returns its error, or every
// call up to one whose failure withholds the message's ack (AckWithheld).
func (e *Effect) FailsOnDuplicate() bool {
	if e.Refused() == "" || e.Guard != nil || e.Issue != "" || len(e.Path) == 0 {
		return false
	}
	for i := len(e.Path) - 1; i >= 0; i-- {
		if e.Path[i].AckWithheld {
			// The failure withholds the message's ack: redelivered, it
			// fails again, unless a caller above acks after the call.
			for _, h := range e.Path[:i] {
				if h.AckAfter {
					return false
				}
			}
			return true
		}
		if !e.Path[i].ErrOut {
			return false
		}
	}
	return true
}

// Refused is how a second delivery's call fails instead of repeating the
// effect: a create's duplicate (DupFails), else a repeat's failure
// (RepeatFails); "" when it does not fail.
func (e *Effect) Refused() string {
	if e.DupFails != "" {
		return e.DupFails
	}
	return e.RepeatFails
}

// BusinessKey reports whether a resolved duplicate key is the job's own:
// a traced id key, or an SQL unique key (FreshOnly) whose every column
// its callers filled from the job (Payload). A FreshOnly key otherwise
// (a column filled here, a constant, a value not followed) only says the
// insert fails, not that the row is this job's.
func (k *Key) BusinessKey() bool {
	return !k.FreshOnly || k.Payload
}

// DupTakenAsSuccess reports whether a create that fails on a duplicate
// of a business key (DupKey resolved: traced to what the job carries, or
// a name the catalog's duplicate_key reads that is not new on every
// delivery) has that failure only logged or dropped, in its own function
// or in a caller every call below which returns it: a redelivery writes
// nothing and goes on.
func (e *Effect) DupTakenAsSuccess() bool {
	if e.DupFails == "" || e.DupKey == nil || e.DupKey.Param != 0 || e.DupKey.Random != "" || !e.DupKey.BusinessKey() || len(e.Path) == 0 {
		return false
	}
	for i := len(e.Path) - 1; i >= 0; i-- {
		if e.Path[i].ErrDropped {
			return true
		}
		if !e.Path[i].ErrOut {
			return false
		}
	}
	return false
}

// DupTested reports whether an insert's failure is returned unexamined
// up to a call whose function tests it for a unique-key violation and
// does not return the violation (Hop.DupTaken): a redelivery's insert
// fails on the constraint and the caller goes on, so the insert is not
// made twice. The index of that hop is returned.
func (e *Effect) DupTested() (int, bool) {
	if e.Kind != KindDBWrite || e.Op != OpInsert {
		return 0, false
	}
	// Hop i's function tests the failure of its call at i, which the
	// calls below return as it is.
	return e.dupTakenHop()
}

// MaxAlt bounds the other paths kept per effect.
const MaxAlt = 9

// Fold merges o (another path to the same effect) into e: the better
// path (fewer dynamic hops, then shorter) becomes e's, the other is counted
// and, with keep, kept in Alt (up to MaxAlt).
func (e *Effect) Fold(o Effect, keep bool) {
	more := AddCount(AddCount(e.More, 1), o.More)
	when := CommonConds(e.When, o.When)
	// Rows of different slices: which one the caller builds from a
	// compare-and-set is not one answer.
	rowsDiffer := !sameRowsOf(e.RowsOf, o.RowsOf)
	alts := append(append([][]Hop(nil), e.Alt...), o.Alt...)
	if betterPath(o.Path, e.Path) {
		alts = append(alts, e.Path)
		*e = o
	} else {
		alts = append(alts, o.Path)
	}
	e.More = more
	e.When = when
	if rowsDiffer {
		e.RowsOf = nil
	}
	e.Alt = nil
	if keep {
		if len(alts) > MaxAlt {
			alts = alts[:MaxAlt]
		}
		e.Alt = alts
	}
}

// FoldAll merges effects of the same identity (Fold) and sorts the result
// with Less; keep keeps other paths. The result is a new slice of exactly
// its length: summaries keep it for the whole run, and an Effect is about
// 1.5 KB, so a result sized for the effects before folding held the
// folded ones' room too (on flexprice most of the summaries' 104 MB).
func FoldAll(effs []Effect, keep bool) []Effect {
	ids := make([]string, len(effs))
	byID := make(map[string]int, len(effs))
	for i := range effs {
		ids[i] = effs[i].Identity()
		if _, ok := byID[ids[i]]; !ok {
			byID[ids[i]] = len(byID)
		}
	}
	out := make([]Effect, 0, len(byID))
	for i, e := range effs {
		if j := byID[ids[i]]; j < len(out) {
			out[j].Fold(e, keep)
			continue
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return Less(&out[i], &out[j]) })
	return out
}

// betterPath prefers fewer dynamic hops, then a shorter path.
func betterPath(a, b []Hop) bool {
	da, db := DynamicHops(a), DynamicHops(b)
	if da != db {
		return da < db
	}
	return len(a) < len(b)
}

// URL is what an HTTP request's URL says: its host and constant path
// (Effect.Target), its path and query patterns (URLPath, URLQuery).
type URL struct {
	Target, Path, Query string `json:",omitempty"`
}

// Body is what an HTTP request's body is, as far as reading a PATCH as a
// set needs it.
type Body struct {
	// Shape is the JSON the body marshals: "object" (a struct or map),
	// "array" (a slice: JSON Patch operations), "" not known.
	Shape string `json:",omitempty"`
	// JSONPatch: the request says Content-Type application/json-patch+json.
	JSONPatch bool `json:",omitempty"`
	// TypeArg (1-based, receiver first) says that the Content-Type is the
	// parameter the caller passes there; TypeVaries that it is set from
	// a value not known statically.
	TypeArg    int  `json:",omitempty"`
	TypeVaries bool `json:",omitempty"`
	// Random, Expr, Pos: a value in the body derives from a random or
	// time source (Random names it), new on every delivery.
	Random, Expr, Pos string `json:",omitempty"`
	// Params (1-based, receiver first) are the parameters of the
	// summarised function values in the body derive from: each caller
	// checks what it passes there.
	Params []int `json:",omitempty"`
}

// RuleMergePatchSet names the reading of an HTTP PATCH whose body is a
// JSON object of properties (a JSON merge patch, RFC 7396) sent to an
// identified resource as a set.
const RuleMergePatchSet = "http-merge-patch-set"

// RuleDeleteByID names the reading of an outbound HTTP DELETE of an
// identified resource as a delete (safe): DELETE is idempotent in HTTP.
const RuleDeleteByID = "http-delete-by-id"

// RuleTokenGrant names the reading of an outbound HTTP POST of an OAuth2
// token request's form (grant_type set) as safe: a repeat gets another
// access token.
const RuleTokenGrant = "http-token-grant"

// ArgParam is an argument of a call through an interface (Key, as
// CallArgs keys it) that is the calling function's parameter Param
// (1-based, as pick counts: receiver first, then free variables).
type ArgParam struct {
	Key   string
	Param int
}

// RandomArg is an argument of a call (1-based index, receiver first) that
// derives from a random or time source: Source names it, Expr is the
// argument's text, Pos where the source is (random-key is reported there).
type RandomArg struct {
	Index        int
	Source, Expr string
	Pos          string `json:",omitempty"`
	// Field: the argument is a struct (or a pointer to one) whose field
	// of that name is random, not the argument itself.
	Field string `json:",omitempty"`
}

// RowArg is an argument of a call through an interface (1-based index,
// receiver first) that is a row: Loaded from its table here, or the
// result of the interface call Call ("file:line:col#i", Tested: its error
// tested nil on the way), as Effect.SavedRowCall and SavedRowTested.
type RowArg struct {
	Index  int
	Loaded bool   `json:",omitempty"`
	Call   string `json:",omitempty"`
	Tested bool   `json:",omitempty"`
}

// PlanLink is a create planned per element of a list and linked back
// (Effect.PlanLink).
type PlanLink struct {
	// Param is the parameter (1-based, receiver first) holding the list.
	Param int
	// Table is the table of the create whose new id is linked back, At
	// its position; Back the table the id is written into.
	Table, At, Back string
}

// KeyParam is an argument of a call (Index, 1-based, receiver first) that
// derives from the calling function's parameter Param (1-based, receiver
// first).
type KeyParam struct {
	Index, Param int
	// Field: the argument derives from that field of the parameter (a
	// struct, or a pointer to one).
	Field string `json:",omitempty"`
	// ArgField: not the argument but its field of that name derives from
	// the parameter (&sfn.StartExecutionInput{Name: &name}, name the
	// parameter): a random value passed there is that field's
	// (RandomArg.Field), beside the argument's.
	ArgField string `json:",omitempty"`
}

// SetFrom is Effect.SetFrom: Params use KeyParam's Param and Field.
type SetFrom struct {
	Params []KeyParam `json:",omitempty"`
}

// ArgsKey is the key an insert deduplicated by its job arguments carries
// (Effect.ArgsKey).
type ArgsKey struct {
	Index     int    // the arguments' 1-based index (receiver first) at the call
	Expr      string // their source text
	Pos       string // the call
	Random    string // the random or time source they derive from, if any
	RandomPos string `json:",omitempty"`
	// RandomExpr is the source text of the random value, when known.
	RandomExpr string `json:",omitempty"`
	// Params are the parameters (1-based, receiver first, then free
	// variables) of the function making the call they derive from.
	Params []int  `json:",omitempty"`
	Note   string `json:",omitempty"` // what the deduplication covers
	// Opts is the 1-based index (receiver first) at the call of the
	// argument carrying the options (for a batch, the slice itself);
	// Batch says it is a batch (only some batch inserts skip duplicates).
	Opts  int  `json:",omitempty"`
	Batch bool `json:",omitempty"`
	// OptsParam, when not 0, is the parameter of the function making the
	// call that the options (or the batch) come from: the key holds only
	// where a caller passes options there that deduplicate (an
	// application's wrapper of the insert, behind an interface or not).
	// Until a caller decides, the insert has no key.
	OptsParam int `json:",omitempty"`
}

// ArgKey is where an argument of a call through an interface, or a field
// of a struct argument built by the caller, comes from
// (Effect.ArgKeys).
type ArgKey struct {
	Index int    // 1-based argument (receiver first)
	Field string // the field of a struct built here; "" the argument itself
	// Param is the caller's parameter (1-based, receiver first, then free
	// variables) it derives from; 0 none (stable, unless Random).
	Param int `json:",omitempty"`
	// Same: Field "", the argument is that parameter itself (its fields
	// are the parameter's).
	Same   bool   `json:",omitempty"`
	Random string `json:",omitempty"` // the random or time source it derives from
	// NotKey: the field is not key-like (a struct uuid, a number): it
	// counts for an SQL insert's unique column (DupKey), not for a key
	// made of the whole argument (ArgsKey).
	NotKey bool `json:",omitempty"`
}

// DynamicHopMark is how a hop through a resolved dynamic call is labelled.
const DynamicHopMark = "(dynamic call → "

// DynamicHopTo labels the callee of a resolved dynamic call, as a hop's
// suffix: "(dynamic call → g)". keys are the entries of a dispatch map the
// callee is stored under, when the call looks it up there: the label then
// names them, "(dynamic call → NewEvents.func1, entry "order.paid")", so a
// dispatcher's finding points at the entry that repeats the effect.
func DynamicHopTo(callee string, keys []string) string {
	s := DynamicHopMark + callee
	if len(keys) > 0 {
		q := make([]string, len(keys))
		for i, k := range keys {
			q[i] = strconv.Quote(k)
		}
		word := ", entry "
		if len(keys) > 1 {
			word = ", entries "
		}
		s += word + strings.Join(q, ", ")
	}
	return s + ")"
}

// ChannelHopMark is how a hop from a send on a channel to the worker that
// receives it is labelled: "(channel work → (*S).worker)".
const ChannelHopMark = "(channel "

// DynamicHops counts the hops of a path that go through dynamic calls.
func DynamicHops(p []Hop) int {
	n := 0
	for _, h := range p {
		if strings.Contains(h.Func, DynamicHopMark) {
			n++
		}
	}
	return n
}

// Evidence is the position of the effect itself.
func (e *Effect) Evidence() string {
	if len(e.Path) == 0 {
		return ""
	}
	return e.Path[len(e.Path)-1].Pos
}

// Idempotent reports whether running the effect twice leaves one outcome.
func (e *Effect) Idempotent() bool { return e.Risk == Safe }

// NeedsGuard reports whether the effect is non-idempotent and unprotected.
func (e *Effect) NeedsGuard() bool { return e.Risk.NonIdempotent() && e.Guard == nil }

// PendingReading is the reading that will decide e (infer.Apply), while
// nothing else decided it: a call of unknown risk of a kind readings
// decide, with a reading not yet applied; nil otherwise.
func (e *Effect) PendingReading() *Reading {
	r := e.Reading
	if r == nil || r.Was != nil || r.Path || e.Risk != Unknown {
		return nil
	}
	switch e.Kind {
	case KindDynamic, KindUnknown, KindNetwork, KindProcess:
		return r
	}
	return nil
}

// Reversible reports whether a duplicate can be undone by the system that
// made it (a row can be deleted; an email or a charge cannot be unsent).
func (e *Effect) Reversible() bool {
	switch e.Kind {
	case KindPayment, KindEmail, KindSMS, KindPush, KindHTTP, KindPublish, KindProcess, KindUnknown, KindNetwork, KindDynamic:
		return false
	}
	return e.Op != OpUnknown
}

// Identity is the key under which equal effects reached by different paths
// are folded together.
func (e *Effect) Identity() string {
	var b strings.Builder
	b.WriteString(e.Kind)
	b.WriteByte('|')
	b.WriteString(e.Op)
	b.WriteByte('|')
	b.WriteString(e.Target)
	b.WriteByte('|')
	b.WriteString(e.Evidence())
	b.WriteByte('|')
	b.WriteString(strconv.Itoa(e.Exec))
	b.WriteByte('|')
	if e.Guard != nil {
		b.WriteString(e.Guard.Kind)
		b.WriteString(e.Guard.Pos)
	}
	b.WriteByte('|')
	if e.TxGuard != nil {
		b.WriteString(e.TxGuard.Pos)
	}
	b.WriteByte('|')
	b.WriteString(e.Issue)
	if e.BufferedArg > 0 {
		// Two writes at one site through the writers of two parameters:
		// each caller decides each.
		b.WriteString("|buf " + strconv.Itoa(e.BufferedArg))
	}
	if e.JobKind != "" {
		// One helper's insert enqueues the kind each caller passes: an
		// enqueue of another kind is another effect.
		b.WriteString("|job " + e.JobKind)
	}
	return b.String()
}

// Less orders effects for stable output: worst first, then by evidence.
func Less(a, b *Effect) bool {
	if a.Risk != b.Risk {
		return a.Risk > b.Risk
	}
	if ea, eb := a.Evidence(), b.Evidence(); ea != eb {
		return ComparePos(ea, eb) < 0
	}
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	if a.Op != b.Op {
		return a.Op < b.Op
	}
	if a.Target != b.Target {
		return a.Target < b.Target
	}
	if len(a.Path) != len(b.Path) {
		return len(a.Path) < len(b.Path)
	}
	return a.Identity() < b.Identity()
}

// MaxCount is where counts of folded paths and effects stop growing
// (through a diamond of calls they double at every level): a count that
// reaches it means "at least".
const MaxCount = 1 << 30

// AddCount adds counts, saturating at MaxCount.
func AddCount(a, b int) int {
	if a < 0 || b < 0 || a >= MaxCount-b {
		return MaxCount
	}
	return a + b
}

// MaxHops bounds an evidence path: a longer one keeps its first and last
// hops and one hop in the middle that counts the calls left out, so that
// the facts of a deep call chain grow linearly with it, not quadratically.
const MaxHops = 24

// ElidedMark starts the Func of the hop standing for left-out calls.
const ElidedMark = "… "

// Prepend returns a copy of e seen from a caller: hop is the call site.
func (e Effect) Prepend(hop Hop) Effect {
	p := make([]Hop, 0, min(len(e.Path)+1, MaxHops+1))
	p = append(p, hop)
	p = append(p, e.Path...)
	if len(p) > MaxHops {
		p = elide(p)
	}
	e.Path = p
	// SetFrom names the parameters of the function the effect was in; a
	// caller maps them to its own (summary.includeFrom) or has none.
	e.SetFrom = nil
	return e
}

// elide keeps a path's first and last hops and one hop in their place
// for the others, counting them (and those an earlier elision counted).
func elide(p []Hop) []Hop {
	head := MaxHops / 2
	tail := MaxHops - head - 1
	left := 0
	for _, h := range p[head : len(p)-tail] {
		if n, ok := elided(h); ok {
			left = AddCount(left, n)
		} else {
			left = AddCount(left, 1)
		}
	}
	out := append(p[:head:head], Hop{Func: fmt.Sprintf("%s%d calls left out …", ElidedMark, left)})
	return append(out, p[len(p)-tail:]...)
}

// elided reads the count of a hop standing for left-out calls.
func elided(h Hop) (int, bool) {
	if h.Pos != "" || !strings.HasPrefix(h.Func, ElidedMark) {
		return 0, false
	}
	var n int
	if _, err := fmt.Sscanf(strings.TrimPrefix(h.Func, ElidedMark), "%d", &n); err != nil {
		return 0, false
	}
	return n, true
}

// Describe is a short human name for the effect, e.g. "insert into ledger";
// an effect inferred from names says so: "db_write insert (inferred from
// the name (*github.IssuesService).Create)" (one read from its URL path
// names its host and path, and its detail says it is inferred).
func (e *Effect) Describe() string {
	if e.By == ByName && (e.Reading == nil || !e.Reading.Path) {
		return e.Kind + " " + e.Op + " (inferred from the name " + orSome(e.Target, "of the call") + ")"
	}
	target := e.Target
	switch e.Kind {
	case KindDBWrite, KindDBRead:
		switch e.Op {
		case OpUnknown, OpCall, "ddl":
			what := "SQL of unknown effect"
			if e.Op == OpCall {
				what = "SQL calling a function"
			}
			if e.Detail != "" {
				what += " (" + e.Detail + ")"
			}
			return what
		case "insert", "claim":
			return e.Op + " into " + orSome(target, "a table")
		case "delete":
			return "delete from " + orSome(target, "a table")
		case "select":
			return "select from " + orSome(target, "a table")
		case "notify":
			return "notify " + orSome(target, "a channel")
		}
		return e.Op + " of " + orSome(target, "a table")
	case KindUnknown, KindDynamic, KindNetwork:
		if e.Detail != "" {
			return e.Detail
		}
		return "unknown effect"
	}
	what := e.Kind + " " + e.Op
	if e.Op == e.Kind || e.Op == "" {
		what = e.Kind
	}
	if target != "" {
		return what + " (" + target + ")"
	}
	return what
}

// JoinDetail appends a clause to an effect's detail text.
func JoinDetail(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

func orSome(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// NotByAge starts the RetentionText of a DELETE that bounds a table by
// no time: it clears a part of the key or every row (summary.clears).
const NotByAge = "not by age: "

// HelperClaim locates the outcome of a claim made behind a dynamic call:
// Pos is the call, Index, Kind, ErrNilOnDup and Decided are the callee's
// guard.ClaimReturn.
type HelperClaim struct {
	Pos         string
	Index       int
	Kind        string
	ErrNilOnDup bool
	Decided     bool
}

// Found locates the result that says whether a read found rows
// (Effect.Found): result Index of the call at Pos ("" for the results of
// the function whose summary holds the effect) is true exactly when rows
// were found if WhenTrue, exactly when none were otherwise.
type Found struct {
	Pos      string `json:",omitempty"`
	Index    int
	WhenTrue bool
}

// ResolvedExec locates the handle of an effect reached through a dynamic
// call: Pos is the call, Param the callee's parameter (receiver first)
// the effect runs on, NoExec when the callee runs it on a handle of its
// own (a pool it holds, a transaction it begins and ends).
type ResolvedExec struct {
	Pos   string
	Param int
}

// ClaimGate is the claim whose first-time edge a dynamic call runs
// behind (Effect.ClaimGate).
type ClaimGate struct {
	// TxArg (0-based, in the call's arguments; -1 when none) is the
	// argument that is the transaction the claim runs on; RecvTx, that
	// the interface call's receiver is. TxKnown says the call is made in
	// the claim's function, where its arguments were read: a database
	// write behind a call made deeper is left undecided. Alone: the claim
	// commits by itself (on a pool, outside any transaction), so every
	// database write commits apart from it.
	TxArg   int
	RecvTx  bool
	TxKnown bool
	Alone   bool
	Target  string // the claim's table, for the guard-separate-tx message
	Guard   Guard  // the claim's guard (SameTx unset, no window)
}

// HookGate locates the hook factory call whose result a dynamic call runs
// and what of its argument a claim decides (Effect.HookGate).
type HookGate struct {
	Factory string   // the factory call (hook(result)), file:line:col
	Arg     int      // the argument (0-based) that is the result struct
	Fields  []string // its fields stored non-zero only after the claim's first-time edge
	// TxArg (0-based; -1 when none) is the argument of the closure's call
	// that is the transaction the claim runs on.
	TxArg int
	Guard Guard // the claim's guard
}

// ArgSQL is the SQL an argument of a call through an interface gives
// (Effect.CallSQL): Arg is 1-based, the receiver first, as Effect.SQLArg
// numbers a method's parameters. A slice of structs rather than a map:
// encoding/gob does not take a map of this recursive type in a fact.
type ArgSQL struct {
	Arg     int
	Effects []Effect
}
