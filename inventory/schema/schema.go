package schema

// ID is the inventory schema identifier.
const ID = "jobeffects/inventory/v1"

// Inventory is the document `jobeffects inventory` writes.
type Inventory struct {
	Schema  string  `yaml:"schema"`
	Summary Summary `yaml:"summary"`
	// Incomplete lists the packages whose handlers are missing because
	// they did not load, type-check or get analysed; an inventory without
	// it is complete.
	Incomplete []Incomplete `yaml:"incomplete,omitempty"`
	Handlers   []Handler    `yaml:"handlers"`
	// ClaimTables are the tables the program's claims insert into, with
	// the unique key that backs them and how long their rows are kept
	// (omitted when there is no claim).
	ClaimTables []ClaimTable `yaml:"claim_tables,omitempty"`
}

// ClaimTable is one claim table's lifecycle: a claim holds only while a
// unique key backs it and its row outlives the retries of the job that
// claimed it.
type ClaimTable struct {
	Table string `yaml:"table"`
	// Constraint is the unique key of the migrations that backs the
	// claims ("primary key (job_key) at migrations/001.sql:3"), "none: …"
	// (rule claim-without-constraint) or "unknown: …" (no migration
	// creates the table).
	Constraint string `yaml:"constraint"`
	// Retention is the shortest time a pruning DELETE keeps the rows (a
	// Go duration), "never pruned", or "not constant".
	Retention string `yaml:"retention"`
	// Prunes are the DELETEs, as the code writes their interval, with
	// their positions.
	Prunes []string `yaml:"prunes,omitempty"`
	// Claims are the claims' positions.
	Claims []string `yaml:"claims,flow"`
	// ClaimedBy are the handlers whose claims insert into the table, with
	// their retry horizons ("task handler: horizon").
	ClaimedBy []string  `yaml:"claimed_by,omitempty"`
	Findings  []Finding `yaml:"findings,omitempty"`
}

// Incomplete is a package left out of the inventory, and why (its first
// error, module-relative).
type Incomplete struct {
	Package string `yaml:"package"`
	Reason  string `yaml:"reason"`
}

// Summary counts handlers per risk level and (unsuppressed) findings.
type Summary struct {
	Handlers int       `yaml:"handlers"`
	Risk     RiskCount `yaml:"risk,flow"`
	Findings int       `yaml:"findings"`
}

// RiskCount is the number of handlers at each risk level.
type RiskCount struct {
	Critical int `yaml:"critical"`
	High     int `yaml:"high"`
	Medium   int `yaml:"medium"`
	Safe     int `yaml:"safe"`
	Unknown  int `yaml:"unknown"`
}

// Handler is one handler's entry.
type Handler struct {
	Task       string `yaml:"task"`
	Framework  string `yaml:"framework"`
	Handler    string `yaml:"handler"`
	Position   string `yaml:"position"`
	Registered string `yaml:"registered,omitempty"`
	Ack        string `yaml:"ack,omitempty"` // where a pull loop acknowledges the message
	Confidence string `yaml:"confidence,omitempty"`
	// EffectConfidence is how sure the handler's verdict is: high when
	// code, the catalog or the config decided every one of its worst
	// effects, medium when a name decided one (by: name), low when its
	// risk is unknown.
	EffectConfidence string `yaml:"effect_confidence"`
	// Test is set for handlers defined in _test.go files.
	Test bool `yaml:"test,omitempty"`
	// Note says how the handler was found when that is not plain.
	Note        string `yaml:"note,omitempty"`
	RetryPolicy string `yaml:"retry_policy"`
	// RetryHorizon is how long after its first run the job can still be
	// run again by its retries: a Go duration (the worst-case sum of the
	// framework's backoff delays, run time not counted), "unbounded" (no
	// limit, or a dead-letter replay) or "unknown"; RetryHorizonNote says
	// how it was computed.
	RetryHorizon       string `yaml:"retry_horizon"`
	RetryHorizonNote   string `yaml:"retry_horizon_note,omitempty"`
	Risk               string `yaml:"risk"`
	NaturalIdempotency string `yaml:"natural_idempotency"`
	Guard              *Guard `yaml:"guard,omitempty"`
	// EnqueueDedup lists enqueue-side dedup for the task (asynq Unique,
	// River UniqueOpts): it is not a guard against redelivery.
	EnqueueDedup []string     `yaml:"enqueue_dedup,omitempty"`
	SideEffects  []SideEffect `yaml:"side_effects"`
	Findings     []Finding    `yaml:"findings,omitempty"`
}

// Guard is what protects the handler's non-idempotent effects.
type Guard struct {
	Kind            string `yaml:"kind"`
	Key             string `yaml:"key,omitempty"`
	Position        string `yaml:"position"`
	SameTransaction bool   `yaml:"same_transaction"`
	// KeyNote says why the key is stable when it derives from the job's
	// identity (asynq task ID, River job ID, Temporal workflow and
	// activity IDs).
	KeyNote string `yaml:"key_note,omitempty"`
}

// SideEffect is one effect with its evidence.
type SideEffect struct {
	Kind       string `yaml:"kind"`
	Operation  string `yaml:"operation"`
	Target     string `yaml:"target,omitempty"`
	Reversible bool   `yaml:"reversible"`
	Idempotent any    `yaml:"idempotent"` // true, false, or "unknown"
	Risk       string `yaml:"risk"`
	Guarded    bool   `yaml:"guarded"`
	GuardKind  string `yaml:"guard_kind,omitempty"`
	Window     bool   `yaml:"window,omitempty"`
	Issue      string `yaml:"issue,omitempty"`
	Detail     string `yaml:"detail,omitempty"`
	// By is how the effect was decided: code (SQL, an HTTP request, a
	// trigger followed in the source), model (a catalog entry), config
	// (the user's .jobeffects.yaml) or name (inferred from the names at a
	// call that cannot be followed); omitted when nothing decided it.
	By         string   `yaml:"by,omitempty"`
	Evidence   string   `yaml:"evidence"`
	Path       []string `yaml:"path,flow"`
	OtherPaths int      `yaml:"other_paths,omitempty"`
	// Paths are other paths to the effect (with -show-paths, bounded).
	Paths [][]string `yaml:"other_path_list,omitempty"`
}

// Finding is a diagnostic about the handler.
type Finding struct {
	Rule     string `yaml:"rule"`
	Position string `yaml:"position"`
	Message  string `yaml:"message"`
	// Suppressed is the reason given by a //jobeffects:ignore; suppressed
	// findings are listed but not counted.
	Suppressed string `yaml:"suppressed,omitempty"`
}
