package models

import (
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/jobeffects/jobeffects/analyzer/catalog"
)

// File is one catalog file: a list of libraries. The sections about job
// frameworks, which package discovery reads, are skipped.
type File struct {
	Libraries []Library `yaml:"libraries"`

	Frameworks    yaml.Node `yaml:"frameworks"`
	Registrations yaml.Node `yaml:"registrations"`
	Shapes        yaml.Node `yaml:"shapes"`
}

// Library models one library (or one family of standard packages).
type Library struct {
	Name string `yaml:"name"`
	// Packages are import paths whose bodies are not analysed; calls into
	// them that no model lists have no effect.
	Packages []string `yaml:"packages"`
	// Transactions are types whose values are transaction handles
	// ("github.com/jackc/pgx/v5.Tx", "*database/sql.Tx").
	Transactions []string `yaml:"transactions"`
	// NoRows are package-level error variables a claim returns on conflict
	// when it has a RETURNING clause ("database/sql.ErrNoRows").
	NoRows []string `yaml:"no_rows"`
	// RowCounts are the fields of a write's result that count the rows
	// (documents) it matched or changed ("pkg/path.Type.Field": MongoDB's
	// UpdateResult.MatchedCount), read as gorm's RowsAffected: zero on a
	// compare-and-set that a second delivery finds already moved.
	RowCounts []string `yaml:"row_counts"`
	// Routes are the functions that register HTTP routes: the
	// whole-program phase follows a call to a route the program serves
	// into the route's handler.
	Routes []Route `yaml:"routes"`
	// RouteGroups are the functions that make a router serving under a
	// path prefix (gin's Group, chi's Route and Mount, gorilla/mux's
	// PathPrefix(…).Subrouter(), net/http's StripPrefix): a route
	// registered on the group serves the prefix and its pattern.
	RouteGroups []RouteGroup `yaml:"route_groups"`
	// HTTPEndpoints are HTTP APIs whose calls the catalog rates by what
	// they do rather than by their method: a POST to a language model's
	// completion endpoint creates nothing (safe).
	HTTPEndpoints []HTTPEndpoint `yaml:"http_endpoints"`
	// UniqueViolations say how code recognises a unique-key violation
	// (a second insert of the same key): an insert whose violation is
	// taken as success dedupes by its constraint.
	UniqueViolations []UniqueViolation `yaml:"unique_violations"`
	// Identity are functions and struct fields ("pkg/path.Type.Field")
	// that give a job's identity, the same on every retry of one job
	// (asynq.GetTaskID, River's JobRow.ID): a key derived from them is
	// stable, and the inventory says so.
	Identity []string `yaml:"identity"`
	// FailureRecords are the fields in which a job system keeps the error
	// of a job's last failed run ("pkg/path.Type.Field": asynq's
	// TaskInfo.LastErr), with the texts the system writes there itself: a
	// handler that finds a text of its own in its task's record knows its
	// previous run returned that error (guard/resume.go).
	FailureRecords []FailureRecord `yaml:"failure_records"`
	// Providers are the functions of a dependency-injection container
	// that register constructors (go.uber.org/fx.Provide, dig's
	// Container.Provide): each of their arguments, the variadic ones
	// included, is a constructor whose results the container injects, by
	// their exact type, into every parameter and struct field of that type
	// it fills by reflection. The whole-program phase resolves an
	// interface call that no value flow reaches to what the constructors
	// providing that interface return.
	Providers []string `yaml:"providers"`
	// IdempotencyHeaders are HTTP request headers whose value the receiver
	// deduplicates on ("Idempotency-Key"; Standard Webhooks' "webhook-id"),
	// matched without regard to case: a stable value set on a request's
	// header is that request's idempotency key.
	IdempotencyHeaders []string `yaml:"idempotency_headers"`
	// DedupContentTypes are request media types whose body carries an id
	// the receiver deduplicates on (ActivityPub: an inbox drops an
	// activity whose id it has seen): a POST of such a body keeps that id
	// on every delivery that sends the same body. An entry with a profile
	// parameter matches that profile only.
	DedupContentTypes []string `yaml:"dedup_content_types"`
	// IdempotencyFields are struct fields ("pkg/path.Type.Field") of a
	// message whose receiver deduplicates on them (Matrix's to-device
	// message_id): a message built with such a field and handed to a call
	// keys that call's effects like an idempotency key, guarded when the
	// value is the same on every delivery, random-key when it is new.
	IdempotencyFields []string `yaml:"idempotency_fields"`
	// IdempotencySetters are methods ("(*pkg/path.Type).Method") that set
	// such a field from their first argument where the field itself is
	// the library's (CloudEvents sdk-go's event.SetID writes the id into
	// the event's context): a message one is called on carries that
	// argument as its key, as a field stored in a literal does.
	IdempotencySetters []string `yaml:"idempotency_setters"`
	// Random are functions whose results differ per call; keys derived from
	// them do not survive a redelivery.
	Random []string `yaml:"random"`
	// UniqueInserts are enqueue options that deduplicate an insert by the
	// job's arguments (River InsertOpts whose UniqueOpts set ByArgs): an
	// enqueue passing them with arguments that are the same on every
	// delivery is skipped as a duplicate the second time, an idempotency
	// key on the handler's own enqueue.
	UniqueInserts []UniqueInsert `yaml:"unique_inserts"`
	// RandomFields are struct fields ("pkg/path.Type.Field") that differ
	// per delivery, such as attempt counters: a key derived from them
	// changes on every retry.
	RandomFields []string `yaml:"random_fields"`
	// InertFuncTypes are named function types whose values, when called,
	// have no effect (context.CancelFunc): calling one is not an unknown.
	InertFuncTypes []string `yaml:"inert_func_types"`
	// InertWriterTypes are the concrete types whose writes are no effect
	// of their own ("*os.File": opening it is; "*bytes.Buffer": memory),
	// for models with writer_arg.
	InertWriterTypes []string `yaml:"inert_writer_types"`
	// InertWriterVars are package-level variables ("io.Discard") whose
	// value is a writer with no effect, for models with writer_arg: the
	// variable's static type is an interface (io.Writer), so the concrete
	// type inert_writer_types names is not visible where it is loaded.
	InertWriterVars []string `yaml:"inert_writer_vars"`
	// WriterWrappers are the library's writers that write into a writer
	// they wrap (a bufio.Writer, a gzip.Writer, a csv.Writer): a call of a
	// model with writer_arg on one is read as a write into the writers
	// its constructor was given (summary/bufiowrap.go), never as no
	// effect unless every one of them is inert.
	WriterWrappers []WriterWrapper `yaml:"writer_wrappers"`
	// ArrayParams are functions that bind the slice they are given as
	// one SQL array parameter (lib/pq's Array): what they return stands,
	// for the statement, for the slice's elements (an insert … select
	// from unnest($1) writes a row per element: summary/rowsof.go).
	ArrayParams []string `yaml:"array_params"`
	// Functions are the call models.
	Functions []Model `yaml:"functions"`
	// Inert are the library's calls that have no effect (getters,
	// builders, options, reads of its own state), as function keys where
	// "*" matches any text: "(*github.com/hibiken/asynq.Task).*",
	// "github.com/jackc/pgx/v5/pgtype.*". Any other call into the library
	// that no model lists is an unknown effect naming the call: the catalog
	// is complete or it is honest.
	Inert []string `yaml:"inert"`
	// AllInert declares every call of the library's packages inert
	// (logging, metrics, tracing: nothing a redelivery makes harmful).
	AllInert bool `yaml:"all_inert"`
	// Majors are older major versions of the same module whose API the
	// models describe as well ("v81" for a library written against
	// github.com/stripe/stripe-go/v82): the library is repeated once per
	// major with the module path in every package, pattern and function
	// key rewritten (see majors.go). A call of an older major is then
	// classified by what it does instead of coming out unknown.
	Majors []string `yaml:"majors"`
	// MajorOf names the library an older-major copy was made from; the
	// completeness test checks the API of the major the models are written
	// against, not each copy's.
	MajorOf string `yaml:"-"`
	// Unknown are calls with effects the catalog does not model, declared
	// so (the same patterns as Inert): they stay unknown effects; listing
	// them records that it is a decision, not an oversight.
	Unknown []string `yaml:"unknown"`
	// Callbacks say how code registers functions the library later runs
	// inside its own operations (gorm's db.Callback().Create().Register).
	Callbacks []CallbackRegistry `yaml:"callbacks"`
	// Commands are programs whose command lines the catalog reads: running
	// an *exec.Cmd (a model with command: true) has the effect of the
	// subcommand it was built with (git rev-parse reads, git commit makes a
	// new commit).
	Commands []Command `yaml:"commands"`
}

// Command describes the command lines of one program.
type Command struct {
	// Program is the executable's base name ("git").
	Program string `yaml:"program"`
	// ValueFlags are the options before the subcommand that take the next
	// argument as their value (git -C dir).
	ValueFlags []string `yaml:"value_flags"`
	// Subcommands are the effects of its subcommands; one not listed
	// leaves the run unknown.
	Subcommands []Subcommand `yaml:"subcommands"`
	// Launcher: the program runs another, named by its first argument
	// that is not an option (npx vscodethemes info …): the command line is
	// read from there.
	Launcher bool `yaml:"launcher"`
}

// Subcommand is the effect of one or more subcommands of a program.
type Subcommand struct {
	Names  []string `yaml:"names"`
	Kind   string   `yaml:"kind"`
	Op     string   `yaml:"op"`
	Risk   string   `yaml:"risk"`
	Detail string   `yaml:"detail"`
	// Publishes is the risk of the subcommand when the function that runs
	// it ran, on a path before it, a subcommand of the same program that
	// makes a new object (op insert: git commit, then git push): it then
	// sends that object to another party, a new one on every delivery
	// (op insert). "" when the order does not matter.
	Publishes string `yaml:"publishes"`
}

// Launched returns the program a launcher runs and its arguments (npx
// pkg args… → pkg, args…); ok is false when it is not known statically.
func (c *Command) Launched(args []string) (program string, rest []string, ok bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "":
			return "", nil, false
		case strings.HasPrefix(a, "-"):
			if slices.Contains(c.ValueFlags, a) {
				i++
			}
			continue
		}
		return a, args[i+1:], true
	}
	return "", nil, false
}

// Sub returns the subcommand of a command line (the arguments after the
// program, "" where not known statically) and its effect: the first
// argument that is not an option or an option's value; nil when it is
// not known or not listed.
func (c *Command) Sub(args []string) (string, *Subcommand) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "":
			return "", nil
		case strings.HasPrefix(a, "-"):
			if slices.Contains(c.ValueFlags, a) {
				i++
			}
			continue
		}
		for k := range c.Subcommands {
			if slices.Contains(c.Subcommands[k].Names, a) {
				return a, &c.Subcommands[k]
			}
		}
		return a, nil
	}
	return "", nil
}

// CallbackRegistry describes one way of registering a library callback.
// The registration is usually in main while the operation that runs the
// callback is in a job package, so only the whole-program pass joins them:
// an operation whose model Runs a chain gains the effects of the callbacks
// registered on that chain.
type CallbackRegistry struct {
	// Register are the registering functions (processor.Register, Replace).
	Register []string `yaml:"register"`
	// Func is the argument holding the callback, Name the one naming it.
	Func int  `yaml:"func"`
	Name *int `yaml:"name"`
	// Through are calls on the registration's receiver chain that pass the
	// chain on (gorm's Before("x"), After("x"), Match(f)).
	Through []string `yaml:"through"`
	// Chains map the call that selects a chain to the chain's name
	// ("(*gorm.io/gorm.callbacks).Create": gorm:create). A registration
	// whose chain cannot be read applies to every chain of the registry.
	Chains map[string]string `yaml:"chains"`

	// ReceiverSuffix, RequiresImport and Methods match generated
	// registering methods instead of Register, as Model's do (ent's
	// <Entity>Client.Use).
	ReceiverSuffix string   `yaml:"receiver_suffix"`
	RequiresImport string   `yaml:"requires_import"`
	Methods        []string `yaml:"methods"`
	// Variadic: every argument from Func on is a callback (Use(hooks...)).
	Variadic bool `yaml:"variadic"`
	// Chain names the chain of a ReceiverSuffix registration: "{table}"
	// stands for the receiver's entity as a table (CustomerClient →
	// customers), "*" (every entity) when the receiver is the bare suffix.
	Chain string `yaml:"chain"`
	// Builds: the registered value builds the function that runs (an ent
	// hook wraps the next mutator in a closure): the effects are those of
	// the functions it makes.
	Builds bool `yaml:"builds"`
	// Noun is what the library calls a registered function in messages
	// ("hook"; "callback" when empty).
	Noun string `yaml:"noun"`
	// SchemaMethod and Embeds register callbacks by declaration instead of
	// by a call: the values returned by method SchemaMethod of a type that
	// embeds Embeds (ent's Hooks() on a schema type embedding ent.Schema;
	// the generated runtime package installs them). "{table}" in Chain is
	// the type's entity.
	SchemaMethod string `yaml:"schema_method"`
	Embeds       string `yaml:"embeds"`
	// OpFilter reads the operations a registered value is limited to
	// (ent's hook.On(h, ent.OpCreate)): "{op}" in Chain stands for each;
	// without a filter, for every operation ("*").
	OpFilter *OpFilter `yaml:"op_filter"`
}

// StoredCallback names where a receiver's callback is given: field Field
// of the struct (or pointer to one) passed as argument Arg of
// Constructor, the function (a full name, as Model.Func) whose first
// result is the receiver.
type StoredCallback struct {
	Constructor string `yaml:"constructor"`
	Arg         int    `yaml:"arg"`
	Field       string `yaml:"field"`
}

// ArgValues names integer constants one argument may be.
type ArgValues struct {
	Arg    int     `yaml:"arg"`
	Values []int64 `yaml:"values"`
}

// WriterWrapper is one kind of writer that writes into another.
type WriterWrapper struct {
	// Type is the wrapper's concrete type ("*compress/gzip.Writer"),
	// empty when its constructors return an interface (io.MultiWriter's
	// io.Writer): such a value is followed only where it is the
	// constructor's result itself.
	Type string `yaml:"type"`
	// Constructors are the functions and methods that return a wrapper,
	// each with the argument it wraps (-1: the receiver, zip.Writer's
	// Create). A wrapped argument that is a slice (io.MultiWriter's
	// ...io.Writer) wraps each of its elements.
	Constructors map[string]int `yaml:"constructors"`
	// Rebinds are the methods that point a wrapper at another writer
	// (gzip.Writer's Reset, tabwriter.Writer's Init): a wrapper one is
	// called on is not followed to its constructor's writer.
	Rebinds []string `yaml:"rebinds"`
}

// OpFilter is a call wrapping a callback that limits it to operations
// given as a bit mask argument.
type OpFilter struct {
	PackageName    string         `yaml:"package_name"` // the wrapping function's package name (generated: "hook")
	Func           string         `yaml:"func"`         // and its name ("On")
	RequiresImport string         `yaml:"requires_import"`
	Arg            int            `yaml:"arg"`  // the mask argument
	Bits           map[int]string `yaml:"bits"` // bit → operation name
}

// Model describes the effect of calling one function or method.
// Argument indexes count from 0 and exclude the receiver.
type Model struct {
	// Func is the declared function's full name, e.g.
	// "(*github.com/jackc/pgx/v5/pgxpool.Pool).Exec" or "net/smtp.SendMail".
	Func string `yaml:"func"`
	// Package and Methods match the named methods of any type declared in
	// Package, whatever the receiver (go-redis's cmdable and its interfaces).
	Package string   `yaml:"package"`
	Methods []string `yaml:"methods"`

	Kind   string `yaml:"kind"`
	Op     string `yaml:"op"`
	Risk   string `yaml:"risk"`
	Target string `yaml:"target"` // constant target ("stripe charges", "smtp")
	// WriterArg is the argument (-1 for the receiver) whose writer the
	// call writes into: when its concrete type is one of the catalog's
	// inert_writer_types (an *os.File, whose open is the effect; a
	// bytes.Buffer in memory), the call has no effect of its own.
	WriterArg *int   `yaml:"writer_arg"`
	Detail    string `yaml:"detail"`
	// FailsOnDuplicate, for a create the service refuses to repeat, is
	// how it refuses ("GitHub answers 422 Reference already exists"): a
	// second delivery's call fails instead of creating a second one, so a
	// handler that returns that failure is duplicate-as-error, not
	// unguarded (effect.Effect.DupFails).
	FailsOnDuplicate string `yaml:"fails_on_duplicate"`
	// DuplicateKey, with FailsOnDuplicate, is the argument (Field of it,
	// or the whole when Field is empty) naming what the service refuses
	// to create twice (Lambda's AddPermission StatementId, async-api's
	// request id): a value drawn anew on every delivery (uuid.New, the
	// clock) creates anew and the call repeats; any other value is
	// refused on the redelivery, so a handler that only logs that
	// failure repeats nothing (effect.Effect.DupTakenAsSuccess). Without
	// it the failure is known but not its key: a swallowed failure stays
	// unguarded.
	DuplicateKey *FieldValue `yaml:"duplicate_key"`
	// FailsOnRepeat, for a call that changes nothing when repeated but
	// fails on the repeat (Lambda's DeleteFunction answers
	// ResourceNotFoundException for a function already deleted), is how
	// it fails: the effect is safe (the model's risk), and a handler that
	// returns the repeat's failure is retried until it dead-letters
	// (rule duplicate-as-error, effect.Effect.RepeatFails).
	FailsOnRepeat string `yaml:"fails_on_repeat"`
	// DistributedLock marks a call that takes a lock other deliveries
	// also take (redsync's LockContext: SETNX with an expiry), held when
	// the call returns no error, until its release: a status check made
	// under it, with the status written before the release, keeps a
	// second delivery out of the work (effect.Effect.DistLock).
	DistributedLock bool `yaml:"distributed_lock"`
	// RunsHandler names the framework whose handler the call runs in
	// another process and waits for or queues (AWS Lambda's Invoke runs
	// the function FunctionName names): the call's effects are that
	// handler's. Which function the name picks is deployment
	// configuration, so where the program registers handlers of that
	// framework (lambda.Start in a main package) the whole-program phase
	// takes the call as running one of them, their effects together
	// (effect.Effect.RunsHandler); elsewhere the model's own kind stands
	// (unknown).
	RunsHandler string `yaml:"runs_handler"`

	// TargetArg is the argument holding a constant target (key, channel, URL).
	TargetArg *int `yaml:"target_arg"`
	// Table names the table of an item store's call by field Field of
	// struct argument Arg (DynamoDB's GetItemInput.TableName): a constant
	// there is the table; a name read from a variable (the table the
	// application configures: &s.ControlTable, aws.String(s.cfg.Table))
	// is named by that variable, "pkg.Type.Field" — every call given it
	// addresses one table. The effect's target is that table, as an SQL
	// statement's is, and its items are addressed by the key its call is
	// given (effect.Effect.Items): a read and a later plain write of one
	// item pair as check and record (guard.checkThenAct). A table not
	// told leaves the model's target.
	Table *FieldValue `yaml:"table"`
	// SQL is the argument holding SQL text; kind, op and target come from
	// it. -1 is the receiver, a query builder whose chain of calls builds
	// the text (squirrel's InsertBuilder.Exec, sqlbuild.go); its executor
	// is the argument of a chain rule marked executor.
	SQL *int `yaml:"sql"`
	// Interpolated: the library writes the SQL's "?" parameters into the
	// text as literals before sending it (go-pg), so a parameter may stand
	// where only a literal can (NOTIFY ch, ?); see
	// sqlclass.ClassifyInterpolated.
	Interpolated bool `yaml:"interpolated"`
	// Prepare is the SQL argument of a call that returns a prepared
	// statement (db.Prepare(sql)); the call itself has no effect.
	Prepare *int `yaml:"prepare"`
	// Prepared: the call executes its receiver, a prepared statement,
	// whose SQL decides the effect (stmt.ExecContext(ctx, args…)).
	Prepared bool `yaml:"prepared"`
	// Bind, with prepared, is the first argument bound to the
	// statement's parameters: a positional list, or the struct or map
	// whose db-tagged fields or keys a named statement's :name
	// parameters read (sqlx's NamedStmt.Get(dest, arg)).
	Bind *int `yaml:"bind"`
	// StmtFrom is the argument whose prepared statement the call returns
	// bound to its receiver, a transaction (tx.Stmt(stmt)).
	StmtFrom *int `yaml:"stmt_from"`
	// Exec is the argument that is the executor the effect runs on
	// ("receiver" when omitted for methods).
	Exec *int `yaml:"exec"`
	// Calls are function arguments the call runs before it returns
	// (transaction callbacks, pipelines).
	Calls []int `yaml:"calls"`
	// FieldMethods are arguments whose values the call copies field by
	// field by reflection (jinzhu/copier's Copy): it calls the methods of
	// their types named after a field of either (a setter taking one
	// argument, a getter taking none and returning one value) and their
	// Scan and Value methods. Those methods' effects are the call's; an
	// argument whose type is not known here (an interface) makes the call
	// an unknown effect.
	FieldMethods []int `yaml:"field_methods"`
	// StoredCallback: the call hands its arguments to a callback the
	// receiver was built with, which runs them later (a batcher's Add and
	// the Processor given to NewBatcher in its Config): where the
	// constructor call that made the receiver is found in the package,
	// the call has the callback's effects; elsewhere the model's own
	// kind stands (unknown).
	StoredCallback *StoredCallback `yaml:"stored_callback"`
	// Returns is the argument of Calls whose results the call returns as
	// its own (go-zero's CachedConn.ExecCtx returns exec's sql.Result):
	// a claim that function hands back is this call's outcome.
	Returns *int `yaml:"returns"`
	// TxCallback is the argument of Calls whose first parameter is a fresh
	// transaction handle (pgx.BeginFunc, gorm Transaction).
	TxCallback *int `yaml:"tx_callback"`
	// Begin: the call's first result is a new transaction handle.
	Begin bool `yaml:"begin"`
	// Request is the *http.Request argument: the effect's operation is the
	// method the request was built with.
	Request *int `yaml:"request"`
	// BuildsRequest: the call builds and returns a request (net/http's
	// NewRequest, or a client library's own request type wrapping one,
	// go-retryablehttp's NewRequest) from its method, URL and body
	// arguments; a request argument (Request) built by it has that method.
	// Building it is no effect.
	BuildsRequest *RequestArgs `yaml:"builds_request"`
	// Method is the HTTP method of calls that fix it (http.Post).
	Method string `yaml:"method"`
	// CopyColumns and CopyRows are a bulk COPY's column-name list and row
	// source arguments (pgx's CopyFrom(ctx, table, columnNames, rowSrc)):
	// the insert is checked against the migrations' unique keys of those
	// columns, the rows' values deciding whether a key is fresh.
	CopyColumns *int `yaml:"copy_columns"`
	CopyRows    *int `yaml:"copy_rows"`
	// RowsErr: the call's error says only that the statement could not
	// be sent; its failure on the server (a unique violation) is
	// reported by the Err method of the rows it returns (pgx's Query,
	// conn.go: "err is only for errors that occur before the query is
	// sent"). Whether the failure reaches the caller is then decided by
	// what reads the rows' Err (summary: a Query insert whose rows are
	// only closed drops its duplicate's failure).
	RowsErr bool `yaml:"rows_err"`
	// Body is the request body argument of calls that take one apart
	// from a request (http.Post's body): a JSON-RPC request's method is
	// read from it (Effect.RPCMethod).
	Body *int `yaml:"body"`
	// Params is the API parameters argument whose embedded
	// IdempotencyKey field or SetIdempotencyKey call carries the key.
	Params *int `yaml:"params"`
	// OpenFlags is the os.OpenFile flag argument: O_APPEND appends.
	OpenFlags *int `yaml:"open_flags"`
	// Claim marks a claim: SETNX, or a user's guard function such as
	// ClaimOnce(ctx, tx, key) (bool, error). Its boolean result is true on
	// the first delivery, or, with DuplicateError, it returns one of those
	// errors on a duplicate.
	Claim bool `yaml:"claim"`
	// ClaimWhen makes the call a claim when a struct argument's field has a
	// constant value (redis SetArgs{Mode: "NX"}), or one starting with
	// Prefix (DynamoDB PutItemInput{ConditionExpression:
	// aws.String("attribute_not_exists(PK)")}: a put only when no item
	// has the key, which fails on a duplicate — with DuplicateError
	// naming the error type that failure is).
	ClaimWhen *FieldValue `yaml:"claim_when"`
	// WhenUnset makes the call another effect when the struct literal it
	// is given provably leaves a field unset (stripe's PaymentIntentParams
	// without Confirm: an intent that moves no money until it is
	// confirmed). Provably: a literal of the calling function whose
	// address goes nowhere but into the call.
	WhenUnset *UnsetField `yaml:"when_unset"`
	// KeyedRows makes the call another effect when the rows an argument
	// holds (a row, a slice of rows, or a variadic list of them) are keyed
	// by the code: every row type's gorm primary key is made of integer
	// columns none of which the database numbers (a composite key, or one
	// tagged autoIncrement:false; gorm's schema rules), and no
	// BeforeCreate/BeforeSave hook may set it. gorm's association writes
	// (Association.Replace, Append) save such rows with ON CONFLICT on the
	// primary key, so a repeat writes the same rows; rows the database
	// numbers are created again on each call, and keep the model's op.
	KeyedRows *KeyedRows `yaml:"keyed_rows"`
	// Key is the argument holding the claimed key.
	Key *int `yaml:"key"`
	// DuplicateError are package-level error variables a claim returns on
	// a duplicate ("example.com/app/idem.ErrAlreadyProcessed"), or error
	// types it fails with then, which callers find with errors.As
	// (DynamoDB's types.ConditionalCheckFailedException).
	DuplicateError []string `yaml:"duplicate_error"`
	// Complete marks a framework completion inside the transaction given
	// as argument Exec (River JobCompleteTx, JobCancelTx,
	// ResumableSetStepTx): it guards that transaction's DB effects.
	Complete bool `yaml:"complete"`
	// JobID, with Complete, is the argument naming the job the call
	// completes by its ID (River JobCancelTx(ctx, tx, jobID)): the call is
	// a completion only when that is the ID of the job being worked (a
	// field of the framework's job value); for any other job it is the
	// model's kind/op/risk effect.
	JobID *JobField `yaml:"job_id"`
	// Step, with Complete, makes the call a resumable step's completion
	// (River ResumableSetStepTx): a later attempt skips the step, not the
	// job, so it guards only the effects of the function that makes the
	// call (the step's function), not those of its callers.
	Step bool `yaml:"step"`
	// JobTx marks a call that returns the transaction the framework
	// commits together with the job's completion when the handler returns
	// nil (gue's (*Job).Tx, watermill-sql's TxFromContext): DB effects on
	// it are guarded unless the handler can return an error after them
	// (the framework then commits them or runs them again in the same
	// transaction).
	JobTx bool `yaml:"job_tx"`
	// AbortsOnError, with JobTx: the transaction is PostgreSQL's, where a
	// failed statement aborts it, so returning the error of a statement on
	// it commits nothing (gue). Without it only the effect's own error
	// may be returned after it.
	AbortsOnError bool `yaml:"aborts_on_error"`
	// None marks a call with no effect, overriding broader rules.
	None bool `yaml:"none"`
	// NoneIfArg: the call has no effect when an argument is one of these
	// integer constants (a websocket write of a close or ping frame); a
	// value that is not constant leaves the effect's risk unknown.
	NoneIfArg *ArgValues `yaml:"none_if_arg"`
	// Command: the receiver is an *exec.Cmd; the program and subcommand
	// it was built with decide the effect (the catalog's commands, else
	// the subcommand's name, inferred); the model's kind, op and risk
	// stand when neither does.
	Command bool `yaml:"command"`

	// TargetType is the argument whose type names the target table (an
	// ORM model: *User, []User → "users").
	TargetType *int `yaml:"target_type"`
	// Associations: the call is a read of rows into the destination
	// TargetType names (gorm's First, Find, Take, Last, Scan): a read of
	// the table of the chain's Model or Table, else of the destination's
	// model type (none for a destination that is no named type, or after a
	// Statement rule: Raw(sql).Scan), then one read of each association's
	// table its chain loads (chain rules with association). A test of the
	// row read (its status) before a write of it, or of a preloaded
	// association before a create of its rows, is a check
	// (guard.checkThenAct).
	Associations bool `yaml:"associations"`
	// UpdatesLoaded: an insert of the row TargetType names that is an
	// update when the row's primary key is set (gorm's Save: a struct
	// whose primary fields are all non-zero is UPDATEd with every field,
	// and created again with that key ON CONFLICT UPDATE ALL when the
	// update meets no row). A row the code loaded with an Associations
	// read (First(&row, id)), or a helper returns so loaded, has its key
	// from the table: the call then writes the same row on every
	// delivery, an upsert-set (summary/savedrow.go).
	UpdatesLoaded bool `yaml:"updates_loaded"`
	// NewRow is what the call runs instead of Runs and Hooks when the row
	// TargetType names is a new one: a slice of rows, or a struct built in
	// the function whose primary key the code leaves zero before the call
	// (summary/newrow.go). gorm's Save decides its path from the row
	// before any callback runs: a slice, or a struct with a zero primary
	// field, runs only the create chain and its hooks (gorm@v1.31.2
	// finisher_api.go:95-107); any other row the update chain, then the
	// create chain with hooks skipped when the update met no row
	// (:110-119), so a row not known new keeps Runs and Hooks.
	NewRow *NewRow `yaml:"new_row"`
	// Chain are calls made earlier on the receiver (a query builder) that
	// change the effect: gorm Clauses(clause.OnConflict{DoNothing: true}),
	// bun Ignore(), gorm Model(&u), Session(&gorm.Session{SkipHooks: true}).
	Chain []ChainRule `yaml:"chain"`
	// Fragment is an SQL expression argument that may make an update an
	// increment: gorm Update("n", gorm.Expr("n + ?", 1)).
	Fragment *Fragment `yaml:"fragment"`
	// StringList: the call returns a list of strings the SQL text is built
	// from (go-zero's builder.RawFieldNames, stringx.Remove), read where
	// the text is joined with strings.Join.
	StringList *StringList `yaml:"string_list"`
	// Document is the argument holding a MongoDB update document; its
	// operators ($inc, $push, $set …) decide the operation.
	Document *int `yaml:"document"`
	// Filter is the argument holding a MongoDB update's filter document:
	// one that requires the value of a field the update's $set changes
	// makes the update a conditional state transition (a compare-and-set).
	Filter *int `yaml:"filter"`
	// KeyField is a field of an argument struct that carries a dedup key
	// (SQS MessageDeduplicationId); KeyOption are option functions whose
	// argument is one (nats.MsgId, jetstream.WithMsgID).
	KeyField  *FieldValue `yaml:"key_field"`
	KeyOption []string    `yaml:"key_option"`
	// TaskOptions: the options of the value the call sends (its argument
	// Arg, made by a call of Built from that call's argument From on, as
	// asynq.NewTask(type, payload, opts...)) count as the call's own, for
	// key_option and key_lasts.
	TaskOptions *TaskOptions `yaml:"task_options"`
	// KeyLasts are the option functions whose (first) argument, a
	// duration, keeps the message the key_option names stored after it
	// is sent (asynq.ProcessIn, asynq.Retention): the key refuses a
	// second send only while the first message is still kept (asynq
	// forgets a task ID when the task succeeds), so it is a key only
	// where one of them is given a value proven non-zero, by a constant
	// or by code that replaces a zero (summary/keylasts.go).
	KeyLasts []string `yaml:"key_lasts"`
	// Identity names what identifies the object the call writes (an S3
	// object's key): written again under the same identity, it is
	// overwritten (the model's op and risk); under an identity derived from
	// a random or time source, every delivery makes a new object (op
	// create, risk medium).
	Identity *Identity `yaml:"identity"`
	// KeyNote qualifies what the key protects ("dedupes publishing within
	// the broker's window, not a redelivery of the job").
	KeyNote string `yaml:"key_note"`
	// Hooks are methods of the model type (TargetType, or a chained
	// Model(x)) the call runs: gorm's BeforeCreate, AfterCreate, ….
	Hooks []string `yaml:"hooks"`
	// Runs are the library's callback chains the call executes (gorm:create
	// for Create; "ent:{table}" for an ent builder of that table): callbacks
	// registered on them (Library.Callbacks) are effects of the call in
	// whole-program mode.
	Runs []string `yaml:"runs"`

	// TaskFrom says where the consumer's task (queue, topic) is named
	// when no constant argument names it (SQS: the QueueUrl field of the
	// input).
	TaskFrom []TaskSource `yaml:"task_from"`

	// Receive names the framework of a pull-loop receive call (SQS
	// ReceiveMessage, kafka-go FetchMessage): the function that makes it is
	// a handler, its body between receive and ack the per-message work.
	Receive string `yaml:"receive"`
	// Ack marks the call that acknowledges a received message (delete,
	// commit, Ack): before the effects it makes delivery at-most-once.
	Ack bool `yaml:"ack"`
	// AckCumulative marks an ack that commits an offset (Kafka): it
	// acknowledges every earlier message of the partition too, so a
	// message whose commit was skipped is committed past by the next
	// one's and not redelivered (guard.AckWithheld does not apply).
	AckCumulative bool `yaml:"ack_cumulative"`
	// AtMostOnce marks a receive that acknowledges before returning
	// (kafka-go ReadMessage with a group): every effect after it is lost
	// on a crash.
	AtMostOnce bool `yaml:"at_most_once"`
	// AtMostOnceIf is the index of a boolean argument that, when the
	// constant true, makes the receive at most once (amqp's autoAck: the
	// broker acks each delivery as it sends it).
	AtMostOnceIf *int `yaml:"at_most_once_if"`
	// Sequential marks a constructor of a subscription that delivers one
	// message at a time and waits for its ack before the next or a
	// redelivery, when the boolean field Field of its argument Arg (a
	// config struct literal) is the constant true: the handlers given it
	// (catalog.Registration.Subscriber) never run two deliveries at once.
	Sequential *SequentialIf `yaml:"sequential"`

	// ReceiverSuffix matches methods (Methods) of any type whose name ends
	// in it, in a package importing RequiresImport: the builders ent
	// generates into the user's module ("UserCreate".Save).
	ReceiverSuffix string `yaml:"receiver_suffix"`
	RequiresImport string `yaml:"requires_import"`

	// Source is where the model is written ("file:line"), for errors.
	Source string `yaml:"-"`
	// User marks a model of the user's .jobeffects.yaml (effects and
	// guards): its effects are decided by config, not by the catalog.
	User bool `yaml:"-"`
}

// SequentialIf is Model.Sequential: the config argument and its field.
type SequentialIf struct {
	Arg   int    `yaml:"arg"`
	Field string `yaml:"field"`
}

// TaskOptions locates the options a call's task was built with
// (Model.TaskOptions).
type TaskOptions struct {
	Arg   int      `yaml:"arg"`
	Built []string `yaml:"built"`
	From  int      `yaml:"from"`
}

// TaskSource locates a consumer's task name; its schema is the
// catalog's (catalog.TaskSource), shared with the registrations.
type TaskSource = catalog.TaskSource

// ChainRule is a call on a builder's receiver chain that changes the
// effect of the final call.
type ChainRule struct {
	Method       string `yaml:"method"`        // the chained method's name
	MethodPrefix string `yaml:"method_prefix"` // or a name prefix (ent AddX)
	Numeric      bool   `yaml:"numeric"`       // only when its argument is a number (AddBalance(1), not AddFriendIDs(ids...))
	Field        string `yaml:"field"`         // a struct-literal argument's field …
	Equals       string `yaml:"equals"`        // … with this constant value ("true", "NX"); without Field, the constant argument Arg (postgrest-go's Insert upsert flag)
	FieldCall    string `yaml:"field_call"`    // … or set from a call of this function (clause.AssignmentColumns)
	ArgContains  string `yaml:"arg_contains"`  // or a constant string argument containing this (case-insensitive)
	Op           string `yaml:"op"`            // the final call's operation then
	Risk         string `yaml:"risk"`
	NoHooks      bool   `yaml:"no_hooks"`   // hooks do not run (gorm SkipHooks)
	Model        bool   `yaml:"model"`      // its argument 0 is the model (gorm Model(&u)): target and hooks
	Table        bool   `yaml:"table"`      // its argument 0 is the table name (gorm Table("users"))
	Assignment   bool   `yaml:"assignment"` // its argument 0 is "col = expr" (bun Set): an increment if self-referencing
	// Kind, with Op, is the final call's kind then, where the builder
	// call decides it: postgrest-go's one Execute reads after Select and
	// writes after Insert.
	Kind string `yaml:"kind"`
	// ColumnAssignment: its argument 0 is the column and argument 1 the
	// expression assigned to it (bun SetColumn("n", "n + ?", 1), Value).
	ColumnAssignment bool `yaml:"column_assignment"`
	// Condition: its argument 0 is a condition of the WHERE clause, with
	// driver placeholders (gorm and bun Where("state = ?", old)): an update
	// that requires the column it assigns to equal something is a
	// compare-and-set claim.
	Condition bool `yaml:"condition"`
	// ID: its argument is the value the insert gives the id column (ent's
	// SetID(id)): traced to the job, it makes the id a business key when
	// the table's only unique key is its id (as a gorm model's ID field).
	ID bool `yaml:"id"`
	// Column: the method's name after MethodPrefix names a column (in
	// snake case: ent's SetShiftID sets shift_id) and its argument is the
	// value the insert gives it: a unique key of the migrations all of
	// whose columns are so filled makes the insert fail on a second
	// delivery, as an SQL insert naming them does.
	Column bool `yaml:"column"`
	// Builders: its argument is the create builders a bulk insert runs
	// (ent's CreateBulk(builders ...*UserCreate)): the first builder's
	// own chain is read with the same rules (its SetID and setters). A
	// business key in that row fails the whole batch on a second
	// delivery; the other builders are not read (a key only they carry
	// leaves the insert a repeat: the conservative side).
	Builders bool `yaml:"builders"`
	// Executor: its argument is the executor a query builder that runs
	// itself executes on (squirrel RunWith(db)), for a model whose sql is
	// -1 (the receiver builds the SQL).
	Executor bool `yaml:"executor"`
	// Association: its constant argument names an association of the
	// read's model that the read loads too (gorm Preload("Items"),
	// Joins("Owner")): for a model with Associations, a read of that
	// association's table.
	Association bool `yaml:"association"`
	// Statement: the call builds the statement the final call runs (gorm
	// Raw(sql).Scan(&dest)): the statement is the read (its SQL), and the
	// final call adds no read of its own (Associations' row read).
	Statement bool `yaml:"statement"`
	// DuplicateError are the errors the final call returns on a duplicate
	// when this rule makes it a claim (ent's DoNothing: sql.ErrNoRows).
	DuplicateError []string `yaml:"duplicate_error"`
	// Arg is the argument Model, Table, Assignment, Condition and ID read (0
	// when omitted): go-pg's ModelContext(ctx, &u) has its model at 1. A
	// variadic argument is read by its first element (go-pg's Model(&u)
	// takes model ...interface{}).
	Arg int `yaml:"arg"`
}

// StringList says which list of strings a call returns: with Tag, the
// column names of the struct type of argument Arg (the tag's name before
// its first comma, the field's name when empty, none for "-"), each in
// Quote unless the first element of the variadic argument PlainIf is the
// constant true; with Without, the list argument Arg without the
// constant strings given after it.
type StringList struct {
	Arg     int    `yaml:"arg"`
	Tag     string `yaml:"tag"`
	Quote   string `yaml:"quote"`
	PlainIf *int   `yaml:"plain_if"`
	Without bool   `yaml:"without"`
}

// Fragment locates an SQL expression argument.
type Fragment struct {
	Arg       int  `yaml:"arg"`        // the expression (gorm.Expr call, or a map of them)
	ColumnArg *int `yaml:"column_arg"` // the column it is assigned to
	// Attrs: argument Arg is a variadic list of attributes, either one
	// map of column → value or a column followed by its value (gorm v1's
	// Update(attrs ...interface{})); ColumnArg is not used.
	Attrs bool `yaml:"attrs"`
}

// Identity locates an object's identity: field Field of struct argument
// Arg, or argument BuiltArg of the call of Built that made the receiver
// (storage's bucket.Object(name).NewWriter).
type Identity struct {
	Arg      *int   `yaml:"arg"`
	Field    string `yaml:"field"`
	Built    string `yaml:"built"`
	BuiltArg int    `yaml:"built_arg"`
	// MapKeys: Field is a map of attribute name to value (DynamoDB's
	// PutItemInput.Item) and the identity is its entries under these
	// constant names (the primary key's attributes, by the names tables
	// conventionally give them): an entry whose value derives from a
	// random or time source names a new object; the other entries are
	// the object's content, clock or not.
	MapKeys []string `yaml:"map_keys"`
}

// JobField locates the ID of the job being worked: argument Arg is field
// Field of a value of type Type ("github.com/riverqueue/river.Job", any
// instantiation, through pointers and embedded fields).
type JobField struct {
	Arg   int    `yaml:"arg"`
	Type  string `yaml:"type"`
	Field string `yaml:"field"`
}

// FieldValue names a constant value of a field of a struct argument.
// UnsetField is the effect (kind, op, risk, detail) of a call whose
// argument Arg, a struct literal, leaves Field unset.
type UnsetField struct {
	Arg    int    `yaml:"arg"`
	Field  string `yaml:"field"`
	Kind   string `yaml:"kind"`
	Op     string `yaml:"op"`
	Risk   string `yaml:"risk"`
	Detail string `yaml:"detail"`
}

// RequestArgs are the arguments a request builder takes its method, URL
// and body from (Body -1: none).
type RequestArgs struct {
	Method int `yaml:"method"`
	URL    int `yaml:"url"`
	Body   int `yaml:"body"`
}

// KeyedRows is the op, risk and detail of a write of the rows argument
// Arg holds when the code keys them (Model.KeyedRows).
type KeyedRows struct {
	Arg    int    `yaml:"arg"`
	Op     string `yaml:"op"`
	Risk   string `yaml:"risk"`
	Detail string `yaml:"detail"`
}

type FieldValue struct {
	Arg    int    `yaml:"arg"`
	Field  string `yaml:"field"`
	Equals string `yaml:"equals"`
	// Prefix, instead of Equals, matches a constant that starts with it
	// (DynamoDB's ConditionExpression "attribute_not_exists(PK)": the
	// attribute named is the table's).
	Prefix string `yaml:"prefix"`
}

// ClaimWhenOf is m's claim_when, nil for none or no model.
func (m *Model) ClaimWhenOf() *FieldValue {
	if m == nil {
		return nil
	}
	return m.ClaimWhen
}

// Matches reports whether s, a field's constant value ("" when not
// constant), is the value fv names.
func (fv *FieldValue) Matches(s string) bool {
	if fv.Prefix != "" {
		return strings.HasPrefix(s, fv.Prefix)
	}
	return s != "" && s == fv.Equals
}

// UniqueViolation is one way to recognise a unique-key violation, exactly
// one of: a field of a driver's error compared with a value
// ("github.com/jackc/pgx/v5/pgconn.PgError.Code" == "23505"), a method of
// it compared with a value, a function that reports one (mongo
// IsDuplicateKeyError), an error variable errors.Is matches
// (gorm.ErrDuplicatedKey), or text in the error's message.
type UniqueViolation struct {
	Field   string `yaml:"field"`
	Method  string `yaml:"method"`
	Value   string `yaml:"value"`
	Test    string `yaml:"test"`
	Error   string `yaml:"error"`
	Message string `yaml:"message"`
}

// HTTPEndpoint rates the calls of an HTTP API: Target is host and path as
// effects name them ("api.openai.com/v1/chat/completions"; "*" matches any
// text; a path alone when the host is configuration), Method the request
// method it applies to ("" any), Query a query parameter the URL must name
// ("" any).
type HTTPEndpoint struct {
	Target string `yaml:"target"`
	Method string `yaml:"method"`
	Query  string `yaml:"query"`
	Risk   string `yaml:"risk"`
	Detail string `yaml:"detail"`
}

// Route is a function that registers an HTTP route.
type Route struct {
	// Func is the registering function or method (interface methods
	// too: chi.Router.Post).
	Func string `yaml:"func"`
	// Method is the request method the function registers ("POST"); ""
	// when the pattern says it ("POST /orders", Go 1.22 ServeMux) or a
	// method called on the result does (MethodsCall), else any.
	Method string `yaml:"method"`
	// MethodArg is the argument holding the method (chi's Method); -1
	// when none.
	MethodArg *int `yaml:"method_arg"`
	// Pattern and Handler are argument indexes, receiver excluded. A
	// variadic handler list (gin) takes its last element.
	Pattern int `yaml:"pattern"`
	Handler int `yaml:"handler"`
	// MethodsCall is a method of the result that sets the methods
	// (gorilla/mux's Route.Methods).
	MethodsCall string `yaml:"methods_call"`
}

// RouteGroup is a function whose router serves under a path prefix: the
// router it returns (the result), the router its function argument
// receives (Fn: chi's Route and Group) or the router it is given to serve
// (Mounted: chi's Mount, http.StripPrefix) serves under the receiver's
// prefix joined with the Prefix argument.
type RouteGroup struct {
	// Func is the function or method (interface methods too).
	Func string `yaml:"func"`
	// Prefix is the argument holding the path prefix, receiver excluded;
	// nil when the group adds none (chi's Group and With, gorilla's
	// Subrouter: the receiver's prefix passes through).
	Prefix *int `yaml:"prefix"`
	// Fn is the argument holding a function whose first parameter is the
	// group (chi's Route(pattern, func(r chi.Router))); nil when none.
	Fn *int `yaml:"fn"`
	// Mounted is the argument holding a router that serves under the
	// prefix (chi's Mount(pattern, h)); nil when none. Without Fn and
	// Mounted the result is the group.
	Mounted *int `yaml:"mounted"`
}

// UniqueInsert is enqueue options that deduplicate by the job's arguments
// (Library.UniqueInserts).
type UniqueInsert struct {
	// Options is the options struct type ("pkg/path.Type"), passed by
	// value or pointer.
	Options string `yaml:"options"`
	// Flag is the field path of the boolean that turns the deduplication
	// on ("UniqueOpts.ByArgs").
	Flag string `yaml:"flag"`
	// Unless are field paths that, when set, may leave a finished job out
	// of the deduplication (River's UniqueOpts.ByState): then no key.
	Unless []string `yaml:"unless"`
	// Args is the (interface) type of the argument deduplicated
	// ("github.com/riverqueue/river.JobArgs").
	Args string `yaml:"args"`
	// Tag, "key:value", marks the fields of the arguments that alone make
	// the key when any is tagged (river:"unique").
	Tag string `yaml:"tag"`
	// Note says what the deduplication covers.
	Note string `yaml:"note"`
	// ArgsOptions names the method of the arguments' type that returns
	// options of their own ("InsertOpts": River's JobArgsWithInsertOpts),
	// which apply when the call passes none (nil options, or a batch
	// element with no options set): then the arguments' own options
	// decide the deduplication.
	ArgsOptions string `yaml:"args_options"`
	// Many is the element type of a batch insert's slice
	// ("github.com/riverqueue/river.InsertManyParams"): a struct with a
	// field of the Args type and one of the Options type (or a pointer to
	// it), one job each. A batch whose every element, built here, sets
	// the flag is deduplicated element by element by its args.
	Many string `yaml:"many"`
	// ManyFuncs are the batch inserts (function keys) that skip an
	// element duplicating a kept job; others may fail the whole batch.
	ManyFuncs []string `yaml:"many_funcs"`
}

// FailureRecord is a field holding the error of a job's last failed run
// (Library.FailureRecords). OwnTexts are the errors the job system records
// there itself rather than the handler's (asynq: an expired lease, the
// task's deadline): a text found in one of them says nothing of what the
// handler returned.
type FailureRecord struct {
	Field    string   `yaml:"field"`
	OwnTexts []string `yaml:"own_texts"`
}

// NewRow is a call's callback chains and hooks for a new row (Model.NewRow).
type NewRow struct {
	Runs  []string `yaml:"runs"`
	Hooks []string `yaml:"hooks"`
}
