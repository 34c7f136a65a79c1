package report

import (
	"path/filepath"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/baseline"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// Context is what deciding a package's findings needs besides the
// handlers: where positions are relative to, which files are the
// package's own, the options and the package's enqueue-side dedups.
type Context struct {
	// Root is the module root; positions and messages are made relative
	// to it.
	Root string
	// Local are the package's file names: a pitfall in one of them is
	// reported where it is, one elsewhere at the handler.
	Local map[string]bool
	// Strict reports handlers whose doubtful effects are all unknown.
	Strict bool
	// Infer applies the readings of calls the analysis cannot follow
	// (package infer): off with -strict or the config's infer: false.
	Infer bool
	// Deferred, when set, picks the effects whose reading waits for
	// another package (go vet: a call through a field the wiring package
	// may resolve).
	Deferred func(*effect.Effect) bool
	// Baseline holds the findings that are known and not reported.
	Baseline *baseline.Set
	// Dedups are the package's enqueue-side dedup options, noted in the
	// unguarded findings of the handlers they concern.
	Dedups []result.Dedup
	// Unresolved, when set, picks the dynamic calls that this analysis
	// leaves to the whole-program phase and cannot resolve itself (go vet):
	// a handler whose risk is unknown because of one is reported as
	// unresolved, naming it, instead of staying silent.
	Unresolved func(*effect.Effect) bool
	// Disabled are rules not reported (rules.Select): their findings are
	// recorded with Suppressed "rule turned off".
	Disabled map[string]bool

	reported map[string]bool // pitfalls already reported, by rule and position
	used     map[string]bool // directives that silenced something, by position
}

// newContext makes an empty Context for a package whose files are files:
// ForResult is the one way the others make one.
func newContext(root string, files []string) *Context {
	c := &Context{Root: root, Local: make(map[string]bool, len(files))}
	for _, f := range files {
		c.Local[f] = true
	}
	return c
}

// ForResult makes the Context a package's Result was reported with.
func ForResult(res *result.Result, strict bool, base *baseline.Set) *Context {
	c := newContext(res.ModuleRoot, res.Files)
	c.Strict, c.Baseline, c.Dedups = strict, base, res.EnqueueDedup
	c.Infer = !strict && !res.NoInfer
	c.Disable(res.Disabled)
	return c
}

func (c *Context) rel(pos string) string { return effect.Relative(pos, c.Root) }

// relMessage rewrites the absolute positions the guard package put in
// messages.
func (c *Context) relMessage(msg string) string {
	if c.Root == "" {
		return msg
	}
	return strings.ReplaceAll(msg, c.Root+string(filepath.Separator), "")
}

func (c *Context) inPackage(pos string) bool {
	file, _, _ := effect.SplitPos(pos)
	return c.Local[file]
}

// known reports whether the baseline has the finding.
func (c *Context) known(f *result.Finding) bool {
	return c.Baseline.Known(f.Rule, c.rel(f.Pos), c.relMessage(f.Message))
}

// Known reports whether the baseline has a finding of rule at pos with
// that message (the whole-program rules' findings, made outside a
// package's pass).
func (c *Context) Known(rule, pos, msg string) bool {
	return c.known(&result.Finding{Rule: rule, Pos: pos, Message: msg})
}

// silence returns the reason an ignore gives for rule, and records that
// the directive was used.
func (c *Context) silence(ig *effect.Ignore, rule string) (string, bool) {
	reason, ok := ig.Silences(rule)
	if ok {
		if c.used == nil {
			c.used = map[string]bool{}
		}
		c.used[ig.Pos] = true
	}
	return reason, ok
}

// Disable turns rules off.
func (c *Context) Disable(names []string) {
	for _, n := range names {
		if c.Disabled == nil {
			c.Disabled = map[string]bool{}
		}
		c.Disabled[n] = true
	}
}
