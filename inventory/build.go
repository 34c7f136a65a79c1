package inventory

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/catalog"
	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/horizon"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/inventory/schema"
)

// Build assembles the inventory from package results. root is the main
// module's directory: positions under it are written relative to it,
// positions in the module cache as module@version/path.
func Build(results []*result.Result, root string) *schema.Inventory {
	inv, _ := build(results, root)
	return inv
}

// build is Build, with the claim tables' findings for the diagnostics
// (Lifecycle).
func build(results []*result.Result, root string) (*schema.Inventory, []lifecycleFinding) {
	paths := newPathStyle(root)
	horizons := map[string]horizon.Horizon{} // by handler name
	merged := map[string]*result.Handler{}
	var order []string
	// A generic method registered as several instantiations is one
	// handler per task (result.Handler.InstRecv); its generic entry,
	// which no instantiation decides, gives way to them.
	instances := map[string]bool{}
	// A method registered under its receiver's name field is one
	// handler per composite literal of the type (result.Handler.Literal):
	// the registering method's own entry, of unknown task, gives way to
	// them (a literal of computed name has an entry of its own).
	literals := map[string]bool{}
	for _, res := range results {
		for _, h := range res.Handlers {
			if h.InstRecv != nil && h.Task != "" {
				instances[h.FullName] = true
			}
			if h.Literal {
				literals[h.FullName] = true
			}
		}
	}
	for _, res := range results {
		for _, h := range res.Handlers {
			if literals[h.FullName] && !h.Literal && h.Task == "" {
				continue
			}
			key := h.FullName
			if h.PerRegistration && h.Task != "" {
				// A closure registered under several tasks: one entry
				// per registration.
				key += "\x00" + h.Task
			} else if instances[h.FullName] {
				if h.InstRecv == nil || h.Task == "" {
					continue
				}
				key += "\x00" + h.Task
			}
			m, ok := merged[key]
			if !ok {
				c := *h
				merged[key] = &c
				order = append(order, key)
				continue
			}
			mergeHandler(m, h)
		}
	}
	// Join registrations whose handler another package defines.
	var orphans []result.Registration
	seenOrphan := map[string]bool{}
	for _, res := range results {
		for _, u := range res.Unresolved {
			// A package and its test variant record the same
			// registration: one entry.
			k := u.Framework + "\x00" + u.Task + "\x00" + u.Pos
			if seenOrphan[k] {
				continue
			}
			seenOrphan[k] = true
			joined := false
			for _, name := range order {
				h := merged[name]
				if h.Framework == u.Framework && u.Task != "" && h.Task == u.Task && h.Registered == "" {
					h.Registered = u.Pos
					joined = true
					break
				}
			}
			if !joined {
				orphans = append(orphans, u)
			}
		}
	}

	var dedups []result.Dedup
	var retries []result.RetryPolicy
	for _, res := range results {
		dedups = append(dedups, res.EnqueueDedup...)
		retries = append(retries, res.Retries...)
	}
	tasks := map[string][]string{} // framework -> registered task names
	for _, name := range order {
		h := merged[name]
		tasks[h.Framework] = append(tasks[h.Framework], h.Task)
	}
	inv := &schema.Inventory{Schema: schema.ID}
	for _, name := range order {
		h := handlerEntry(merged[name], paths)
		p, hz := retryFor(h, retries, tasks[h.Framework], paths)
		if note := catalog.OnceNote(h.Framework); merged[name].SingleRun != "" && note != "" {
			// The version the program builds with never runs it again.
			p = strings.ReplaceAll(p, note, merged[name].SingleRun)
		}
		cur := p
		if cur == "" {
			cur = h.RetryPolicy // the framework's own (core NATS: none)
		}
		if m := merged[name]; m.AtMostOnce && m.SingleRun == "" && !strings.HasPrefix(cur, "none") {
			// A consumer its broker never redelivers to although the
			// framework would (amqp's Consume with autoAck true, directly
			// or through the application's helper): one run.
			p = "none: acknowledged as it is delivered (autoAck): never redelivered (at most once)"
			hz = horizon.Horizon{Kind: horizon.Bounded, Why: h.Framework + ": consumed with autoAck, 1 run, no redelivery"}
		}
		if p != "" {
			h.RetryPolicy = p
		}
		h.RetryHorizon, h.RetryHorizonNote = hz.String(), paths.relText(hz.Why)
		horizons[h.Handler] = hz
		for _, d := range dedups {
			if d.Task == "" || d.Framework != h.Framework || (d.Task != h.Task && d.Task != "*") {
				continue
			}
			note := d.Note(paths.rel)
			h.EnqueueDedup = append(h.EnqueueDedup, note)
			for i := range h.Findings {
				if h.Findings[i].Rule == rules.Unguarded && !strings.Contains(h.Findings[i].Message, note) {
					h.Findings[i].Message += "; " + note
				}
			}
		}
		sort.Strings(h.EnqueueDedup)
		inv.Handlers = append(inv.Handlers, h)
	}
	for _, u := range orphans {
		_, hz := retryFor(schema.Handler{Framework: u.Framework, Task: u.Task}, retries, tasks[u.Framework], paths)
		inv.Handlers = append(inv.Handlers, schema.Handler{
			RetryHorizon: hz.String(), RetryHorizonNote: paths.relText(hz.Why),
			Task: u.Task, Framework: u.Framework, Handler: "(unresolved)", Position: paths.rel(u.Pos),
			Registered: paths.rel(u.Pos), RetryPolicy: retryPolicy(u.Framework), Risk: effect.Unknown.String(),
			NaturalIdempotency: "unknown", Confidence: "low", EffectConfidence: effect.ConfidenceLow,
			SideEffects: []schema.SideEffect{{Kind: effect.KindUnknown, Operation: effect.OpUnknown, Idempotent: "unknown",
				Risk: effect.Unknown.String(), Detail: u.Reason, Evidence: paths.rel(u.Pos), Path: []string{paths.rel(u.Pos)}}},
		})
	}
	sort.SliceStable(inv.Handlers, func(i, j int) bool {
		a, b := inv.Handlers[i], inv.Handlers[j]
		if a.Task != b.Task {
			return a.Task < b.Task
		}
		if a.Handler != b.Handler {
			return a.Handler < b.Handler
		}
		return a.Position < b.Position
	})
	var findings []lifecycleFinding
	inv.ClaimTables, findings = claimTables(results, inv.Handlers, horizons, paths)
	inv.Summary.Handlers = len(inv.Handlers)
	for _, h := range inv.Handlers {
		switch h.Risk {
		case "critical":
			inv.Summary.Risk.Critical++
		case "high":
			inv.Summary.Risk.High++
		case "medium":
			inv.Summary.Risk.Medium++
		case "safe":
			inv.Summary.Risk.Safe++
		default:
			inv.Summary.Risk.Unknown++
		}
		for _, f := range h.Findings {
			if f.Suppressed == "" {
				inv.Summary.Findings++
			}
		}
	}
	for _, t := range inv.ClaimTables {
		for _, f := range t.Findings {
			if f.Suppressed == "" {
				inv.Summary.Findings++
			}
		}
	}
	return inv, findings
}

// rank orders confidence levels.
var rank = map[string]int{"low": 1, "medium": 2, "high": 3, "": 3}

// mergeHandler folds what another package knows about the same handler.
func mergeHandler(m, h *result.Handler) {
	if (m.Task == "" || m.Task == "*") && h.Task != "" {
		m.Task = h.Task
	}
	if m.Registered == "" {
		m.Registered = h.Registered
	}
	if h.Registered != "" && !h.Owner {
		m.Registered = h.Registered
	}
	if m.Ack == "" {
		m.Ack = h.Ack
	}
	if rank[h.Confidence] > rank[m.Confidence] {
		m.Confidence = h.Confidence
	}
	switch {
	case h.Owner && !m.Owner:
		// The owner's view replaces what a registering package guessed.
		m.Effects, m.Risk, m.Owner, m.Findings = h.Effects, h.Risk, true, h.Findings
		return
	case m.Owner && !h.Owner:
		return
	}
	seen := map[string]bool{}
	for _, f := range m.Findings {
		seen[f.Rule+"|"+f.Pos] = true
	}
	for _, f := range h.Findings {
		if !seen[f.Rule+"|"+f.Pos] {
			m.Findings = append(m.Findings, f)
		}
	}
}

// retryFor joins the retry policies set in code to a handler: by task name
// (asynq also by the longest registered prefix, as its ServeMux matches),
// by activity function (Temporal), or client-wide (River Config).
//
// The policies set at the task's enqueues come first; the enqueues that
// set none are listed with what applies to them (the args type's
// InsertOpts, the client's Config, the framework's default). Policies that
// differ between enqueues are listed, not picked from; a policy that
// allows a single run says what still runs the job again.
//
// It also returns the handler's retry horizon (package horizon): the
// longest of the horizons of the policies that apply.
func retryFor(h schema.Handler, retries []result.RetryPolicy, registered []string, paths *pathStyle) (string, horizon.Horizon) {
	type site struct{ policy, pos, text string }
	var sites []site
	var types, global []string
	var defaults []string // positions of enqueues that set no policy
	distinct := map[string]bool{}
	siteOnce, typeOnce, globalOnce := false, false, false
	hz := newHorizons(h.Framework, paths)
	for _, r := range retries {
		if r.Framework != h.Framework || r.Rerun || r.Unread {
			continue
		}
		if hz.client(r) {
			continue // a replaced backoff, a dead-letter replay: no policy text
		}
		text := r.Policy + " at " + paths.rel(r.Pos)
		if r.Global {
			global = append(global, text)
			globalOnce = globalOnce || r.Once
			hz.add(hz.global, r)
			continue
		}
		matches := r.Handler != "" && r.Handler == h.Handler ||
			r.Task != "" && r.Task == h.Task ||
			r.Framework == "asynq" && r.Task != "" && h.Task != "" && strings.HasPrefix(r.Task, h.Task) && longestPrefix(r.Task, registered) == h.Task
		switch {
		case !matches:
		case r.Default:
			defaults = append(defaults, paths.rel(r.Pos))
		case r.Type:
			types = append(types, text)
			typeOnce = typeOnce || r.Once
			hz.add(hz.types, r)
		default:
			sites = append(sites, site{r.Policy, paths.rel(r.Pos), text})
			distinct[r.Policy] = true
			siteOnce = siteOnce || r.Once
			hz.add(hz.sites, r)
		}
	}
	sort.Slice(sites, func(i, j int) bool {
		if sites[i].policy != sites[j].policy {
			return sites[i].policy < sites[j].policy
		}
		return effect.ComparePos(sites[i].pos, sites[j].pos) < 0
	})
	siteTexts := make([]string, len(sites))
	for i, s := range sites {
		siteTexts[i] = s.text
	}
	sort.Strings(types)
	sort.Strings(global)
	// What applies to an enqueue that sets no policy.
	fallback, fallbackOnce := strings.Join(types, "; "), typeOnce
	if fallback == "" {
		fallback, fallbackOnce = strings.Join(global, "; "), globalOnce
	}
	horizon := hz.result(len(sites) == 0 || len(defaults) > 0)
	var text string
	once := false
	switch {
	case len(sites) == 0 && fallback == "":
		return "", horizon
	case len(sites) == 0:
		text, once = fallback, fallbackOnce
	default:
		text, once = strings.Join(siteTexts, "; "), siteOnce
		if len(defaults) > 0 {
			sort.Slice(defaults, func(i, j int) bool { return effect.ComparePos(defaults[i], defaults[j]) < 0 })
			fb := fallback
			if fb == "" {
				fb = retryPolicy(h.Framework)
			}
			text += "; none set at " + strings.Join(slices.Compact(defaults), ", ") + ": " + fb
			distinct[""] = true
			once = once || fallbackOnce
		}
		if len(distinct) > 1 {
			text = "policies differ between enqueues: " + text
		}
	}
	if note := catalog.OnceNote(h.Framework); once && note != "" {
		text += "; " + note
	}
	return text, horizon
}

// longestPrefix is the registered pattern asynq's ServeMux picks for task:
// an exact match, else the longest registered prefix.
func longestPrefix(task string, registered []string) string {
	best := ""
	for _, p := range registered {
		if p == task {
			return p
		}
		if strings.HasPrefix(task, p) && len(p) > len(best) {
			best = p
		}
	}
	return best
}

// retryPolicy is what the framework does when the code sets no retry
// policy, as its catalog file says.
func retryPolicy(framework string) string { return catalog.RetryDefault(framework) }

func handlerEntry(h *result.Handler, paths *pathStyle) schema.Handler {
	e := schema.Handler{
		Task:        h.Task,
		Framework:   h.Framework,
		Handler:     h.FullName,
		Position:    paths.rel(h.Pos),
		Registered:  paths.rel(h.Registered),
		Ack:         paths.rel(h.Ack),
		RetryPolicy: retryPolicy(h.Framework),
		Risk:        h.Risk.String(),
	}
	e.Test = h.Test
	e.Note = paths.relText(h.Note)
	if h.Confidence != "" && h.Confidence != "high" {
		e.Confidence = h.Confidence
	}
	effs := append([]effect.Effect(nil), h.Effects...)
	sort.SliceStable(effs, func(i, j int) bool { return effect.Less(&effs[i], &effs[j]) })
	e.NaturalIdempotency = naturalIdempotency(effs)
	e.EffectConfidence = effect.Confidence(effs)
	for i := range effs {
		x := &effs[i]
		se := schema.SideEffect{
			Kind:       x.Kind,
			Operation:  x.Op,
			Target:     x.Target,
			Reversible: x.Reversible(),
			Risk:       x.Risk.String(),
			Guarded:    x.Guard != nil,
			Issue:      x.Issue,
			Detail:     paths.relText(x.Detail),
			By:         x.By,
			Evidence:   paths.rel(x.Evidence()),
			OtherPaths: x.More,
		}
		switch {
		case x.Risk == effect.Unknown:
			se.Idempotent = "unknown"
		default:
			se.Idempotent = x.Risk == effect.Safe
		}
		if x.Guard != nil {
			se.GuardKind = x.Guard.Kind
			se.Window = x.Guard.Window
			if e.Guard == nil && x.Risk.NonIdempotent() {
				e.Guard = &schema.Guard{Kind: x.Guard.Kind, Key: x.Guard.Expr, Position: paths.rel(x.Guard.Pos), SameTransaction: x.Guard.SameTx, KeyNote: paths.relText(x.Guard.Note)}
			}
		}
		for _, hop := range x.Path {
			se.Path = append(se.Path, paths.rel(hop.Pos)+" "+hop.Func)
		}
		for _, alt := range x.Alt {
			var p []string
			for _, hop := range alt {
				p = append(p, paths.rel(hop.Pos)+" "+hop.Func)
			}
			se.Paths = append(se.Paths, p)
		}
		e.SideEffects = append(e.SideEffects, se)
	}
	if e.SideEffects == nil {
		e.SideEffects = []schema.SideEffect{}
	}
	fs := append([]result.Finding(nil), h.Findings...)
	sort.SliceStable(fs, func(i, j int) bool {
		if fs[i].Pos != fs[j].Pos {
			return effect.ComparePos(fs[i].Pos, fs[j].Pos) < 0
		}
		return fs[i].Rule < fs[j].Rule
	})
	for _, f := range fs {
		e.Findings = append(e.Findings, schema.Finding{Rule: f.Rule, Position: paths.rel(f.Pos), Message: paths.relText(f.Message), Suppressed: f.Suppressed})
	}
	return e
}

// naturalIdempotency says whether the handler is safe to repeat without a
// guard: full (every effect idempotent), none (every write repeats),
// partial (a mix), unknown (no known repeating effect, but some effect
// cannot be classified).
func naturalIdempotency(effs []effect.Effect) string {
	var repeating, idempotentWrites, unknown int
	for i := range effs {
		switch {
		case effs[i].Risk.NonIdempotent():
			repeating++
		case effs[i].Risk == effect.Unknown:
			unknown++
		case effs[i].Kind != effect.KindDBRead && effs[i].Op != effect.OpRead && effs[i].Op != "get" && effs[i].Op != "select":
			idempotentWrites++
		}
	}
	switch {
	case repeating == 0 && unknown == 0:
		return "full"
	case repeating == 0:
		return "unknown"
	case idempotentWrites == 0:
		return "none"
	}
	return "partial"
}

// pathStyle renders positions for the inventory.
type pathStyle struct {
	root, modcache, goroot string
}

func newPathStyle(root string) *pathStyle {
	p := &pathStyle{root: root}
	if mc := os.Getenv("GOMODCACHE"); mc != "" {
		p.modcache = mc
	} else if gp := os.Getenv("GOPATH"); gp != "" {
		p.modcache = filepath.Join(strings.Split(gp, string(os.PathListSeparator))[0], "pkg", "mod")
	} else if home, err := os.UserHomeDir(); err == nil {
		p.modcache = filepath.Join(home, "go", "pkg", "mod")
	}
	return p
}

// rel makes a "file:line:col" position module-relative ("jobs/credit.go:46").
func (p *pathStyle) rel(pos string) string {
	if pos == "" {
		return ""
	}
	file, _, _ := effect.SplitPos(pos)
	if p.modcache != "" && strings.HasPrefix(file, p.modcache+string(filepath.Separator)) {
		return effect.Relative(pos, p.modcache)
	}
	return effect.Relative(pos, p.root)
}

// relText removes the module root from absolute paths in a message.
func (p *pathStyle) relText(s string) string {
	if p.root != "" {
		s = strings.ReplaceAll(s, p.root+string(filepath.Separator), "")
	}
	if p.modcache != "" {
		s = strings.ReplaceAll(s, p.modcache+string(filepath.Separator), "")
	}
	return s
}
