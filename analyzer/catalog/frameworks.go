package catalog

import (
	"fmt"
	"sync"
	"time"

	"go.yaml.in/yaml/v3"
	"golang.org/x/mod/semver"
)

// Framework is a job system as its catalog file describes it (the
// frameworks: section): what happens when the code sets no retry policy,
// and what still runs a job again when the code allows it a single run.
type Framework struct {
	Name string `yaml:"name"`
	// Retry says what happens when the code sets no retry policy.
	Retry string `yaml:"retry"`
	// Runs is how many runs the default policy allows (-1: no limit; 0
	// or absent: not known), and Backoff names the framework's default
	// backoff function in package horizon ("" when none is modelled):
	// the retry horizon of a handler whose code sets no policy.
	Runs    int64  `yaml:"runs"`
	Backoff string `yaml:"backoff"`
	// OnceNote says what still runs a job again when its retry policy
	// allows a single run (asynq MaxRetry(0), River MaxAttempts 1): one
	// run by retry is not one delivery. "" when the catalog does not say.
	OnceNote string `yaml:"once_note"`
	// OnceSince is the version of the framework's module from which
	// OnceNote holds; before it, a policy of a single run is a single
	// delivery and Before says why (River: a job out of attempts is
	// discarded, whatever stopped it). Nil when OnceNote holds in every
	// version. The whole program decides it (inventory.SingleRun): the
	// version is the one the program builds with.
	OnceSince *VersionBound `yaml:"once_since"`
	// Enqueues are the library's calls that enqueue a job of the
	// framework, read for the retry policy the enqueue sets (package
	// discovery, retry_enqueue.go).
	Enqueues []Enqueue `yaml:"enqueues"`
	// CustomBackoff is the client config field that replaces the
	// framework's default backoff: a store of a non-nil value into it
	// makes the retry horizon unknown (discovery, retry_horizon.go).
	CustomBackoff *ConfigField `yaml:"custom_backoff"`
	// Replays are the calls that run a job again after its retries ended
	// (a dead-letter replay), by function key: the horizon has no end.
	Replays []string `yaml:"replays"`
	// MessageRetention bounds the retry horizon whatever the policy: the
	// broker deletes a message this long after it was first sent,
	// delivered or not (SQS MessageRetentionPeriod, Pub/Sub's subscription
	// message retention), so no retry of it runs later unless the program
	// replays it (Replays). Nil when the framework keeps messages
	// without limit or the catalog does not say.
	MessageRetention *Retention `yaml:"message_retention"`
	// DedupOptions are the enqueue options that deduplicate at enqueue
	// time, by function key (asynq.Unique, asynq.TaskID): they stop a job
	// being enqueued twice, not a delivered one running twice, so they
	// are never a guard, and findings say so (discovery, dedup.go).
	DedupOptions []string `yaml:"dedup_options"`
}

// VersionBound is a version of a framework's module: Module as go.mod
// spells it, Version a semantic version ("v0.44.0"), Before what holds in
// the versions before it.
type VersionBound struct {
	Module  string `yaml:"module"`
	Version string `yaml:"version"`
	Before  string `yaml:"before"`
	// Unless are the calls, by function key, by which a job still runs
	// again in the versions before (River's JobSnooze adds an attempt):
	// a program that makes one keeps OnceNote.
	Unless []string `yaml:"unless"`
	// UnlessFields are client config fields a program that sets keeps
	// OnceNote for: middleware that may change a job's policy at insert
	// or run its work again (River's Config.JobInsertMiddleware,
	// WorkerMiddleware, Middleware).
	UnlessFields *ConfigFields `yaml:"unless_fields"`
}

// ConfigFields are fields of a client config struct.
type ConfigFields struct {
	Type   string   `yaml:"type"`
	Fields []string `yaml:"fields"`
}

// Retention is a broker's longest message retention: Max as a Go
// duration ("336h"), Why what it is and where it is set.
type Retention struct {
	Max string `yaml:"max"`
	Why string `yaml:"why"`
}

// ConfigField is a field of a client config struct.
type ConfigField struct {
	Type  string `yaml:"type"` // the struct's named type: "github.com/hibiken/asynq.Config"
	Field string `yaml:"field"`
}

// Enqueue is a library call that enqueues jobs. Parameters are counted
// without the receiver; an absent one is none.
type Enqueue struct {
	Func string `yaml:"func"`
	// Value is the parameter holding the job: the task (asynq's *Task) or
	// the job args (River).
	Value *int `yaml:"value"`
	// Options is the parameter the job's options start at (asynq's
	// variadic ...Option, River's *InsertOpts).
	Options *int `yaml:"options"`
	// Many is the parameter holding a batch of jobs, each with its own
	// options (River's []InsertManyParams).
	Many *int `yaml:"many"`
}

// frameworks are the embedded catalog's frameworks by name, parsed once
// (embedded data: the same for every run).
var frameworks = sync.OnceValues(func() (map[string]*Framework, error) {
	files, err := Files()
	if err != nil {
		return nil, err
	}
	out := map[string]*Framework{}
	for _, f := range files {
		// The other sections are package models' and discovery's, which
		// read every file strictly.
		var doc struct {
			Frameworks []Framework `yaml:"frameworks"`
		}
		if err := yaml.Unmarshal(f.Data, &doc); err != nil {
			return nil, fmt.Errorf("%s: %v", f.Name, err)
		}
		for i := range doc.Frameworks {
			fw := &doc.Frameworks[i]
			if r := fw.MessageRetention; r != nil {
				if d, err := time.ParseDuration(r.Max); err != nil || d <= 0 {
					return nil, fmt.Errorf("%s: framework %s: message_retention max %q is not a positive Go duration", f.Name, fw.Name, r.Max)
				}
			}
			if b := fw.OnceSince; b != nil && (b.Module == "" || !semver.IsValid(b.Version) || b.Before == "") {
				return nil, fmt.Errorf("%s: framework %s: once_since needs a module, a semantic version and before", f.Name, fw.Name)
			}
			out[fw.Name] = fw
		}
	}
	return out, nil
})

// Lookup returns the catalog's entry for a framework (nil if none).
func Lookup(name string) *Framework {
	fws, err := frameworks()
	if err != nil {
		return nil
	}
	return fws[name]
}

// RetryDefault is what a framework does when the code sets no retry
// policy ("unknown" for frameworks the catalog does not describe).
func RetryDefault(name string) string {
	if f := Lookup(name); f != nil {
		return f.Retry
	}
	return "unknown"
}

// OnceNote says what still runs a job of the framework again when its
// retry policy allows a single run ("" for frameworks without one).
func OnceNote(name string) string {
	if f := Lookup(name); f != nil {
		return f.OnceNote
	}
	return ""
}

// MaxRetention is the framework's longest message retention (0 when the
// catalog gives none): a bound on its retry horizon.
func (f *Framework) MaxRetention() time.Duration {
	if f == nil || f.MessageRetention == nil {
		return 0
	}
	d, _ := time.ParseDuration(f.MessageRetention.Max) // checked when read
	return d
}
