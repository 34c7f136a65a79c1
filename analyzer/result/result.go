package result

import (
	"fmt"
	"go/types"
	"strings"
	"time"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/horizon"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Result is what the analysis of one package hands to the later phases.
type Result struct {
	Package    string
	ModuleRoot string   // directory of the go.mod governing the package ("" if none)
	Files      []string // the package's file names (positions in them are local)
	Handlers   []*Handler
	// Unresolved are registrations whose handler is not resolvable in this
	// package; the inventory joins them to handlers by framework and task.
	Unresolved []Registration
	// EnqueueDedup are enqueue-side dedup options found in the package
	// (asynq Unique/TaskID, River UniqueOpts): not guards.
	EnqueueDedup []Dedup
	// Retries are the retry policies the package sets.
	Retries []RetryPolicy
	// Claims are the package's inserting claims (insert … on conflict do
	// nothing) with their unique key in the migrations, and Prunes its
	// DELETEs with a retention interval: the inventory joins them into
	// its claim tables (table, constraint, retention) and checks the
	// retention against the claiming handlers' retry horizons.
	Claims []Claim
	Prunes []Prune
	// Diagnostics are the package's findings that belong to no handler
	// (bad-ignore, stale-ignore), in report order.
	Diagnostics []Diagnostic
	// Warnings are problems with the analysis's inputs that make its
	// results incomplete ("file:line: message": a migration that does not
	// parse loses its triggers). They are not findings.
	Warnings []string
	// Disabled are the rules the package's config or the options turn off:
	// their findings are recorded, not reported.
	Disabled []string
	// ConfigRules are the config's rules: list, as written: a driver that
	// applies its own rule list to the results after the analysis
	// (cmd/jobeffects/reportopts.go) selects after them, as a pass does.
	ConfigRules []string `json:",omitempty"`
	// NoInfer: the package's config turns name inference off (infer:
	// false), so that the whole-program phase decides its handlers again
	// as its own pass did.
	NoInfer bool
	// Summaries are all functions' summaries by summary.Key (only when
	// the options ask to keep them, for the whole-program phase).
	Summaries map[string]*summary.Summary
	// Failed says why the package's analysis failed (an internal error,
	// contained to it): its only diagnostic is analysis-failed, it
	// exported no facts, and its handlers are not known.
	Failed string
}

// RetryPolicy is a retry policy set in code.
type RetryPolicy struct {
	Framework string
	Task      string
	Handler   string // Temporal: the activity's full name, when known
	Policy    string
	Pos       string
	Global    bool // applies to every handler of the framework (River Config)
	// Type: set by the task's type (a River args type's InsertOpts), for
	// the enqueues that set none.
	Type bool
	// Default: an enqueue that sets no policy (Policy is empty): the
	// type's, the client's or the framework's default applies to it.
	Default bool
	// Once: the policy allows a single run by retry, which is still not
	// a single delivery (catalog.OnceNote).
	Once bool
	// Runs, Within, Backoff and Replay are what the retry horizon is
	// computed from (discovery.Retry, package horizon).
	Runs    int64
	Within  time.Duration
	Backoff string
	Replay  bool
	Exp     *horizon.Exponential
	// Rerun: a call by which a job runs again whatever its policy
	// (discovery.Retry.Rerun); it sets no policy of its own. Global when
	// made outside a worker, else for the Task of the worker making it.
	Rerun bool
	// Unread: an enqueue whose options are not read, for any task of the
	// framework (discovery.Retry.Unread); it sets no policy of its own.
	Unread bool
}

// Claim is one inserting claim's SQL.
type Claim struct {
	Table      string
	State      string // "ok", "none", "unknown" (effect.ConstraintState)
	Constraint string
	Pos        string
	Ignore     *effect.Ignore
}

// Prune is one DELETE of a table that keeps the rows younger than an
// interval.
type Prune struct {
	Table     string
	Retention string // a Go duration string; "" when not constant
	Text      string // as the code writes it
	Pos       string
	Ignore    *effect.Ignore
}

// Dedup is an enqueue-side deduplication for a task.
type Dedup struct {
	Framework string
	Task      string
	What      string
	Pos       string
}

// Note is the sentence findings add about an enqueue-side dedup.
func (d Dedup) Note(rel func(string) string) string {
	if strings.Contains(d.What, "not a guard") {
		return fmt.Sprintf("%s at %s", d.What, rel(d.Pos))
	}
	return fmt.Sprintf("%s at %s dedupes enqueueing only, not a redelivery of a job that already ran", d.What, rel(d.Pos))
}

// Applies reports whether the dedup is about handlers of that framework
// and task.
func (d Dedup) Applies(framework, task string) bool {
	return d.Task != "" && d.Framework == framework && (d.Task == task || d.Task == "*")
}

// Handler is one discovered handler with its effects and findings.
type Handler struct {
	Framework  string
	Task       string
	Name       string // display name, e.g. "(*jobs.Deps).CreditNaive"
	FullName   string // unique name: package path qualified
	Pos        string // definition, "file:line:col"
	Registered string // registration call, "" if found by shape
	// Owner is true when this package reports the handler's findings (it
	// defines the handler, or no other package would find it).
	Owner      bool
	Confidence string
	// Ack is where a pull loop acknowledges the message ("" if none).
	Ack string
	// At is where the handler's diagnostics are reported (its definition,
	// or its registration when another package defines it).
	At string
	// Rule is the rule the handler is checked against instead of
	// unguarded ("" for unguarded; workflow-side-effect).
	Rule string
	// AtMostOnce: the system never redelivers to this handler.
	AtMostOnce bool
	// Sequential: the handler's deliveries never overlap (its
	// subscription's transport is catalogued as sequential,
	// discovery.Handler.Sequential): a status mark written before an
	// effect guards it (effect.Effect.MarkGuard).
	Sequential bool `json:",omitempty"`
	// AckMode is the ack mode of the handler's subscription
	// (discovery.AckManual, AckAuto; "unknown" or "" when not found): an
	// auto-acked message whose ack the handler withholds on a failure is
	// acked anyway (report.Context.Handler).
	AckMode string `json:",omitempty"`
	// SingleRun says why a handler whose every retry policy allows a
	// single run is never run again, in the version of its framework the
	// program builds with (inventory.SingleRun; AtMostOnce is then set).
	SingleRun string
	// Test: the handler is defined in a _test.go file (an example, a test
	// worker, or a test double).
	Test    bool
	Risk    effect.Risk
	Effects []effect.Effect
	// Pitfalls are the guard mistakes in the handler or its callees.
	Pitfalls []guard.Pitfall
	// Ignore is the //jobeffects:ignore directive on the handler's
	// definition, if any.
	Ignore   *effect.Ignore
	Findings []Finding
	// Unanalysed is set when the handler's code could not be summarised.
	Unanalysed string
	// Note says how the handler was found when that is not plain
	// (through a registry, by every implementation of a method).
	Note string
	// InstRecv is, for a generic method registered as one instantiation
	// (worker[LabelArgs].Work), that instantiation's receiver type: the
	// whole program resolves the function values the method calls there.
	// Not in the inventory.
	InstRecv types.Type `json:"-" yaml:"-"`
	// PerRegistration is set for a closure registered under several
	// tasks: the inventory keeps one entry per task, and the whole
	// program resolves its calls of the values its registration
	// (Registered) binds. Not in the inventory.
	PerRegistration bool `json:",omitempty" yaml:"-"`
	// Literal is set for the handler a composite literal registers
	// (a field forward, discovery's closurefwd.go): the registering
	// method's own entry of unknown task gives way to the literals'.
	// Not in the inventory.
	Literal bool `json:",omitempty" yaml:"-"`
	// Adapts is, for a closure that calls a function parameter of its
	// registrar with the job (discovery's funcadapter.go), that
	// registrar's key; Via lists the registrars whose adapter closures
	// call this handler. The whole program drops an adapter closure that
	// a handler is registered through: the handlers are listed then.
	// Not in the inventory.
	Adapts string   `json:",omitempty" yaml:"-"`
	Via    []string `json:",omitempty" yaml:"-"`
}

// Finding is a finding about a handler, as the inventory records it, and
// the diagnostic it is reported as.
type Finding struct {
	Rule    string
	Pos     string // where the inventory says it is
	Message string
	// Suppressed is the reason of the //jobeffects:ignore that silenced
	// the finding ("" when it is reported).
	Suppressed string
	// Diagnostic is how the finding is reported; nil when it is not
	// (suppressed, in the baseline, reported by another package, or
	// already reported for another handler).
	Diagnostic *Diagnostic
}

// Diagnostic is a reported diagnostic: what go vet prints.
type Diagnostic struct {
	Pos     string // "file:line:col"
	Rule    string
	Message string
	URL     string
	Related []Related
	// Risk is, for a finding that is not a handler's (a claim table's
	// prune-before-retry), the worst risk of the handlers it puts at
	// risk, for -fail-on; a handler's finding has its handler's risk.
	Risk effect.Risk `json:",omitempty"`
	// FindingPos is the position of the finding the diagnostic reports
	// when the diagnostic is elsewhere (a helper's pitfall reported at the
	// handler): a baseline matches the finding's (Known), and a driver
	// that applies a baseline after the analysis needs it.
	FindingPos string `json:",omitempty"`
}

// Related is one hop of a diagnostic's evidence path.
type Related struct {
	Pos     string
	Message string
}

// Registration is an unresolved registration site.
type Registration struct {
	Framework string
	Task      string
	Pos       string
	Reason    string
}

// DispatchNote is the note of a handler found as an entry of the map of
// functions another handler dispatches through.
func DispatchNote(dispatcher, key, at string) string {
	return fmt.Sprintf("dispatched by %s: the entry %q of the map of functions it calls through (%s)", dispatcher, key, at)
}
