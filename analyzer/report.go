package analyzer

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/baseline"
	"github.com/jobeffects/jobeffects/analyzer/discovery"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// reporter turns handlers and their summaries into findings and diagnostics.
type reporter struct {
	dedups   []Dedup
	supp     *suppressions
	pass     *analysis.Pass
	ix       *models.Index
	root     string
	local    map[string]*token.File
	reported map[string]bool
	baseline *baseline.Set
}

// known reports whether a finding is in the baseline: it stays in the
// inventory but is not reported.
func (r *reporter) known(f *Finding) bool {
	return r.baseline.Known(f.Rule, r.rel(f.Pos), r.relMessage(f.Message))
}

func newReporter(pass *analysis.Pass, ix *models.Index) *reporter {
	r := &reporter{pass: pass, ix: ix, local: map[string]*token.File{}, reported: map[string]bool{}}
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.Pos()); tf != nil {
			r.local[tf.Name()] = tf
		}
	}
	r.supp = newSuppressions(r, pass.Files)
	switch {
	case pass.Module != nil && pass.Module.Dir != "":
		r.root = pass.Module.Dir
	case len(pass.Files) > 0:
		dir := filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())
		suffix := string(filepath.Separator) + filepath.FromSlash(pass.Pkg.Path())
		if (pass.Module == nil || pass.Module.Path == "") && strings.HasSuffix(dir, suffix) {
			r.root = strings.TrimSuffix(dir, suffix) // GOPATH layout
		} else {
			r.root = moduleRoot(dir)
		}
	}
	return r
}

func (r *reporter) pos(p token.Pos) string { return summary.PosString(r.pass.Fset, p) }

func (r *reporter) rel(pos string) string { return effect.Relative(pos, r.root) }

// inPackage reports whether a position string lies in this package's files.
func (r *reporter) inPackage(pos string) bool {
	file, _, _ := effect.SplitPos(pos)
	return r.local[file] != nil
}

// handler builds the result for one handler and reports its diagnostics
// when this package owns it.
func (r *reporter) handler(h *discovery.Handler, sums *summary.Package, env *summary.Env) *HandlerResult {
	hr := &HandlerResult{
		Framework:  h.Framework,
		Task:       h.Task,
		Name:       summary.SSAName(h.Fn),
		FullName:   fullName(h.Fn),
		Pos:        r.pos(h.Fn.Pos()),
		Registered: r.pos(h.Registered),
		Owner:      h.Owner,
		Confidence: h.Confidence,
		Ack:        r.pos(h.Ack),
	}
	var s *summary.Summary
	if h.Local {
		s = sums.Of(h.Fn)
	} else if h.Obj != nil {
		s, _ = env.Import(h.Obj)
	}
	if s == nil {
		hr.Unanalysed = "the handler's package was not analysed"
		hr.Effects = []effect.Effect{{Kind: effect.KindUnknown, Op: effect.OpUnknown, Risk: effect.Unknown,
			Detail: hr.Unanalysed, Path: []effect.Hop{{Pos: hr.Pos, Func: hr.Name}}, Exec: effect.NoExec}}
	} else {
		hr.Effects = append([]effect.Effect(nil), s.Effects...)
	}
	hr.Risk = effect.HandlerRisk(hr.Effects)

	at := h.Fn.Pos()
	if !h.Local {
		at = h.Registered
	}
	atStr := r.pos(at)
	hr.At = atStr
	check := r.unguarded
	switch {
	case h.Rule == rules.WorkflowSideEffect:
		check = r.workflowEffect
	case h.AtMostOnce:
		check = func(*HandlerResult) *Finding { return nil } // never redelivered
	}
	if f := check(hr); f != nil {
		f.Pos = atStr
		if d := r.supp.match(f.Rule, r.pos(h.Fn.Pos())); d != nil {
			f.Suppressed = d.reason
		}
		hr.Findings = append(hr.Findings, *f)
		if h.Owner && f.Suppressed == "" && !r.known(f) {
			r.report(at, f.Rule, f.Message, hopsOf(hr.Effects, f))
		}
	}
	if s != nil {
		for _, p := range s.Pitfalls {
			f := Finding{Rule: p.Rule, Pos: p.Pos, Message: p.Rule + ": " + p.Message}
			where := token.NoPos
			if r.inPackage(p.Pos) {
				where = tokenPos(r.pass.Fset, r.local, p.Pos)
			} else {
				where = at
				f.Message = fmt.Sprintf("%s (at %s)", f.Message, r.rel(p.Pos))
			}
			if d := r.supp.match(p.Rule, p.Pos); d != nil {
				f.Suppressed = d.reason
			}
			hr.Findings = append(hr.Findings, f)
			key := p.Rule + "|" + p.Pos
			if h.Owner && !r.reported[key] && f.Suppressed == "" && !r.known(&f) {
				r.reported[key] = true
				r.report(where, p.Rule, r.relMessage(f.Message), nil)
			}
		}
	}
	if Strict && hr.Risk == effect.Unknown {
		for _, e := range hr.Effects {
			if e.Risk == effect.Unknown {
				msg := fmt.Sprintf("%s: %s cannot be classified statically: %s at %s; path: %s",
					rules.UnknownEffect, hr.Name, e.Describe(), r.rel(e.Evidence()), r.pathText(e.Path))
				f := Finding{Rule: rules.UnknownEffect, Pos: atStr, Message: msg}
				if d := r.supp.match(f.Rule, r.pos(h.Fn.Pos())); d != nil {
					f.Suppressed = d.reason
				}
				hr.Findings = append(hr.Findings, f)
				if h.Owner && f.Suppressed == "" && !r.known(&f) {
					r.report(at, f.Rule, msg, e.Path)
				}
				break
			}
		}
	}
	return hr
}

// unguarded returns the unguarded finding of a handler: its worst
// non-idempotent effect that nothing guards and no pitfall explains.
func (r *reporter) unguarded(hr *HandlerResult) *Finding {
	var notes []string
	for _, d := range r.dedups {
		if d.Task != "" && d.Framework == hr.Framework && (d.Task == hr.Task || d.Task == "*") {
			notes = append(notes, d.Note(r.rel))
		}
	}
	silenced := func(rule, pos string) bool { return r.supp.match(rule, pos) != nil }
	return unguardedFinding(hr, r.rel, silenced, notes)
}

// unguardedFinding builds the unguarded finding of a handler from its
// effects, or nil when every non-idempotent effect is guarded, explained by
// a pitfall, or silenced on its line.
func unguardedFinding(hr *HandlerResult, rel func(string) string, silenced func(rule, pos string) bool, notes []string) *Finding {
	var worst *effect.Effect
	n := 0
	for i := range hr.Effects {
		e := &hr.Effects[i]
		if !e.NeedsGuard() || e.Issue != "" {
			continue
		}
		if silenced(rules.Unguarded, e.Evidence()) {
			continue // silenced on the effect's line
		}
		n++
		// The worst risk; among equals, the most direct (shortest path),
		// which is the one a reader finds first.
		if worst == nil || e.Risk > worst.Risk || (e.Risk == worst.Risk && (len(e.Path) < len(worst.Path) ||
			len(e.Path) == len(worst.Path) && effect.Less(e, worst))) {
			worst = e
		}
	}
	if worst == nil {
		return nil
	}
	task := ""
	if hr.Task != "" {
		task = fmt.Sprintf(" (%s task %q)", hr.Framework, hr.Task)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: handler %s%s repeats its side effects when a job is delivered twice: %s (%s) at %s is not guarded",
		rules.Unguarded, hr.Name, task, worst.Describe(), worst.Risk, rel(worst.Evidence()))
	if worst.Detail != "" && worst.Kind != effect.KindDBWrite {
		fmt.Fprintf(&b, " (%s)", worst.Detail)
	}
	if n > 1 {
		fmt.Fprintf(&b, ", nor are %d other effects", n-1)
	}
	for _, note := range notes {
		fmt.Fprintf(&b, "; %s", note)
	}
	fmt.Fprintf(&b, "; path: %s", pathText(worst.Path, rel))
	return &Finding{Rule: rules.Unguarded, Message: b.String(), path: worst.Path}
}

// Reassess recomputes a handler's risk and unguarded finding after its
// effects changed (the whole-program pass resolved dynamic calls). It
// reports whether the handler gained an unguarded finding it did not have.
// Directives on effect lines are honoured; the finding is placed at at.
func Reassess(hr *HandlerResult, at string, rel func(string) string) (added *Finding) {
	hr.Risk = effect.HandlerRisk(hr.Effects)
	had := -1
	for i, f := range hr.Findings {
		if f.Rule == rules.Unguarded {
			had = i
		}
	}
	silenced := func(rule, pos string) bool {
		file, line, _ := effect.SplitPos(pos)
		for _, d := range foreignDirectives(file) {
			if d.reason != "" && d.covers(rule, line) {
				return true
			}
		}
		return false
	}
	f := unguardedFinding(hr, rel, silenced, nil)
	switch {
	case f == nil && had >= 0:
		hr.Findings = append(hr.Findings[:had], hr.Findings[had+1:]...)
	case f != nil && had >= 0:
		f.Pos, f.Suppressed = at, hr.Findings[had].Suppressed
		hr.Findings[had] = *f
	case f != nil:
		f.Pos = at
		if silenced(rules.Unguarded, at) {
			f.Suppressed = "silenced at the handler"
		}
		hr.Findings = append(hr.Findings, *f)
		if f.Suppressed == "" {
			return f
		}
	}
	return nil
}
func hopsOf(_ []effect.Effect, f *Finding) []effect.Hop { return f.path }

// workflowEffect reports a side effect made directly by workflow code
// (Temporal): workflow functions are replayed, so every effect in them
// runs again on each replay. Reads and unresolved calls are left out.
func (r *reporter) workflowEffect(hr *HandlerResult) *Finding {
	var worst *effect.Effect
	n := 0
	for i := range hr.Effects {
		e := &hr.Effects[i]
		if e.Risk == effect.Unknown || e.Kind == effect.KindDBRead || e.Kind == effect.KindKVRead || e.Op == effect.OpRead || e.Op == "get" || e.Op == "select" {
			continue
		}
		if r.supp.match(rules.WorkflowSideEffect, e.Evidence()) != nil {
			continue
		}
		n++
		if worst == nil || effect.Less(e, worst) {
			worst = e
		}
	}
	if worst == nil {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: workflow %s performs %s (%s) at %s directly: workflow code is replayed, so it runs again on every replay and worker restart; move it into an activity",
		rules.WorkflowSideEffect, hr.Name, worst.Describe(), worst.Risk, r.rel(worst.Evidence()))
	if n > 1 {
		fmt.Fprintf(&b, " (and %d other effects)", n-1)
	}
	fmt.Fprintf(&b, "; path: %s", r.pathText(worst.Path))
	return &Finding{Rule: rules.WorkflowSideEffect, Message: b.String(), path: worst.Path}
}

// pathText renders an evidence path as "file:line Func → file:line Func".
func (r *reporter) pathText(path []effect.Hop) string { return pathText(path, r.rel) }

func pathText(path []effect.Hop, rel func(string) string) string {
	parts := make([]string, len(path))
	for i, h := range path {
		parts[i] = rel(h.Pos) + " " + h.Func
	}
	return strings.Join(parts, " → ")
}

// relMessage rewrites absolute positions the guard package put in messages.
func (r *reporter) relMessage(msg string) string {
	if r.root == "" {
		return msg
	}
	return strings.ReplaceAll(msg, r.root+string(filepath.Separator), "")
}

// report emits a diagnostic; each hop of path becomes Related information.
func (r *reporter) report(at token.Pos, rule, msg string, path []effect.Hop) {
	d := analysis.Diagnostic{Pos: at, Category: rule, Message: msg}
	for i, h := range path {
		p := tokenPos(r.pass.Fset, r.local, h.Pos)
		if !p.IsValid() {
			continue
		}
		m := h.Func
		if i+1 < len(path) {
			m = fmt.Sprintf("%s calls %s", h.Func, path[i+1].Func)
		} else {
			m = fmt.Sprintf("effect in %s", h.Func)
		}
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: p, Message: m})
	}
	r.pass.Report(d)
}

// fullName is the package-qualified name of a handler, stable across runs:
// "example.com/shop/jobs.(*Deps).CreditNaive".
func fullName(fn *ssa.Function) string {
	local := summary.SSAName(fn)
	pkg := ""
	if o := fn.Origin(); o != nil {
		fn = o
	}
	for f := fn; f != nil; f = f.Parent() {
		if f.Pkg != nil {
			pkg = f.Pkg.Pkg.Path()
			break
		}
		if obj, ok := f.Object().(*types.Func); ok && obj != nil && obj.Pkg() != nil {
			pkg = obj.Pkg().Path()
			break
		}
	}
	// SSAName qualifies with the package name; replace it with the path.
	if obj, ok := fn.Object().(*types.Func); ok && obj != nil && obj.Pkg() != nil {
		name := obj.Pkg().Name()
		local = strings.Replace(local, name+".", "", 1)
	} else if fn.Parent() != nil {
		for f := fn; f != nil; f = f.Parent() {
			if obj, ok := f.Object().(*types.Func); ok && obj != nil && obj.Pkg() != nil {
				local = strings.Replace(local, obj.Pkg().Name()+".", "", 1)
				break
			}
		}
	}
	if pkg == "" {
		return local
	}
	return pkg + "." + local
}
