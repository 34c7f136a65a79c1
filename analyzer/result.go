package analyzer

import (
	"fmt"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Result is what the analysis of one package hands to the inventory.
type Result struct {
	Package    string
	ModuleRoot string // directory of the go.mod governing the package ("" if none)
	Handlers   []*HandlerResult
	// Unresolved are registrations whose handler is not resolvable in this
	// package; the inventory joins them to handlers by framework and task.
	Unresolved []Registration
	// EnqueueDedup are enqueue-side dedup options found in the package
	// (asynq Unique/TaskID, River UniqueOpts): not guards.
	EnqueueDedup []Dedup
	// Retries are the retry policies the package sets.
	Retries []RetryPolicy
	// Summaries are all functions' summaries by SummaryKey (only with
	// KeepSummaries).
	Summaries map[string]*summary.Summary
}

// RetryPolicy is a retry policy set in code.
type RetryPolicy struct {
	Framework string
	Task      string
	Handler   string // Temporal: the activity's full name, when known
	Policy    string
	Pos       string
	Global    bool // applies to every handler of the framework (River Config)
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

// HandlerResult is one discovered handler with its effects and findings.
type HandlerResult struct {
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
	// At is where the handler\'s diagnostics are reported (its definition,
	// or its registration when another package defines it).
	At       string
	Risk     effect.Risk
	Effects  []effect.Effect
	Findings []Finding
	// Unanalysed is set when the handler's code could not be summarised.
	Unanalysed string
}

// Finding is a reported diagnostic, as the inventory records it.
type Finding struct {
	Rule    string
	Pos     string
	Message string
	// Suppressed is the reason of the //jobeffects:ignore that silenced
	// the finding ("" when it is reported).
	Suppressed string

	path []effect.Hop // for Related information
}

// Registration is an unresolved registration site.
type Registration struct {
	Framework string
	Task      string
	Pos       string
	Reason    string
}
