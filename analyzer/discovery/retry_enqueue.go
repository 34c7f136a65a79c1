package discovery

import (
	"fmt"
	"go/types"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/catalog"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// An enqueue's task and retry options are often not at the library's call:
// the application wraps asynq's Enqueue or River's Insert in helpers that
// take the task type, the task, the job args or the options as parameters
// (func enqueue(c *asynq.Client, t *asynq.Task, opts ...asynq.Option)), or
// builds the options in a function (func defaultOpts() []asynq.Option).
// Such a helper is an Enqueuer: its callers' arguments are the task and the
// options, and a call of it is an enqueue. Helpers are found to a fixed
// point within the package and are facts (RetryHelper) for the others, as
// handler forwards are (forward.go).

// RetryOpt is one retry setting of an enqueue. An enqueue's settings are
// kept in the order they apply: a later one of a kind overrides an earlier
// (asynq appends Enqueue's options to NewTask's).
type RetryOpt struct {
	// Kind is "max_retry", "timeout", "deadline" (asynq), "max_attempts"
	// (River), "unknown" (options the analysis cannot read) or "param"
	// (in a helper: the options its caller passes at parameter N).
	Kind  string
	N     int64
	Const bool // N is known (max_retry, timeout, max_attempts)
}

const (
	optMaxRetry    = "max_retry"
	optTimeout     = "timeout"
	optDeadline    = "deadline"
	optMaxAttempts = "max_attempts"
	optUnknown     = "unknown"
	optParam       = "param"
)

// Enqueuer is an enqueue a function makes, in terms of its parameters:
// the library's enqueue calls (enqueueCalls) and the application's helpers.
// Parameter indices count the parameters without the receiver; -1 is none.
type Enqueuer struct {
	Framework  string
	Task       string // the task, when fixed
	TaskParam  int    // asynq: the parameter naming the task type
	ValueParam int    // the parameter holding the task (*asynq.Task) or the job args (River)
	ManyParam  int    // River: the parameter holding []river.InsertManyParams
	Opts       []RetryOpt
}

// RetryHelper is what a function does with retry options for its callers
// (a fact): the enqueues it makes from its parameters, or, Returns, the
// options it returns (in terms of its parameters too).
type RetryHelper struct {
	Enqueues  []Enqueuer
	Returns   bool
	Framework string     // of the options returned
	Options   []RetryOpt // the options returned
}

func (h *RetryHelper) String() string {
	var parts []string
	for _, e := range h.Enqueues {
		parts = append(parts, e.String())
	}
	if h.Returns {
		parts = append(parts, "returns "+h.Framework+" "+optsString(h.Options))
	}
	return strings.Join(parts, "; ")
}

func (e Enqueuer) String() string {
	var b strings.Builder
	b.WriteString("enqueues " + e.Framework)
	if e.Task != "" {
		fmt.Fprintf(&b, " %q", e.Task)
	}
	for _, p := range []struct {
		name string
		i    int
	}{{"task", e.TaskParam}, {"value", e.ValueParam}, {"many", e.ManyParam}} {
		if p.i >= 0 {
			fmt.Fprintf(&b, " %s=p%d", p.name, p.i)
		}
	}
	if len(e.Opts) > 0 {
		b.WriteString(" " + optsString(e.Opts))
	}
	return b.String()
}

func optsString(opts []RetryOpt) string {
	var parts []string
	for _, o := range opts {
		switch {
		case o.Kind == optParam:
			parts = append(parts, fmt.Sprintf("p%d", o.N))
		case o.Const:
			parts = append(parts, fmt.Sprintf("%s=%d", o.Kind, o.N))
		default:
			parts = append(parts, o.Kind)
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// resolved reports whether nothing of the enqueue comes from parameters.
func (e *Enqueuer) resolved() bool {
	if e.TaskParam >= 0 || e.ValueParam >= 0 || e.ManyParam >= 0 {
		return false
	}
	for _, o := range e.Opts {
		if o.Kind == optParam {
			return false
		}
	}
	return true
}

// enqueueCalls are the libraries' enqueue calls, by models.FuncKey: the
// enqueues: of the catalog's frameworks (asynq.yaml, river.yaml).
var enqueueCalls = sync.OnceValue(func() map[string]Enqueuer {
	out := map[string]Enqueuer{}
	for _, fw := range builtinFrameworks() {
		for _, e := range fw.Enqueues {
			out[e.Func] = catalogEnqueuer(fw.Name, e)
		}
	}
	return out
})

// catalogEnqueuer is a catalog's enqueue call as an Enqueuer.
func catalogEnqueuer(framework string, e catalog.Enqueue) Enqueuer {
	param := func(p *int) int {
		if p == nil {
			return -1
		}
		return *p
	}
	out := Enqueuer{Framework: framework, TaskParam: -1, ValueParam: param(e.Value), ManyParam: param(e.Many)}
	if e.Options != nil {
		out.Opts = []RetryOpt{{Kind: optParam, N: int64(*e.Options)}}
	}
	return out
}

// retryFinder follows enqueues through the package's helpers.
type retryFinder struct {
	env      *Env
	helpers  map[*ssa.Function]*RetryHelper
	consumed map[*ssa.Call]bool // NewTask calls read as an enqueue's task
}

func newRetryFinder(env *Env) *retryFinder {
	return &retryFinder{env: env, helpers: map[*ssa.Function]*RetryHelper{}, consumed: map[*ssa.Call]bool{}}
}

// findHelpers finds, to a fixed point, the package's functions that
// enqueue from their parameters or return retry options.
func (rf *retryFinder) findHelpers() {
	for round := 0; round < 8; round++ {
		changed := false
		for _, fn := range rf.env.Funcs {
			if fn.Parent() == nil && rf.returnsOptions(fn) {
				changed = true
			}
			rf.eachEnqueue(fn, func(_ *ssa.Call, e Enqueuer, owner *ssa.Function) {
				if e.resolved() || owner == nil {
					return
				}
				h := rf.helper(owner)
				for _, o := range h.Enqueues {
					if reflect.DeepEqual(o, e) {
						return
					}
				}
				h.Enqueues = append(h.Enqueues, e)
				changed = true
			})
		}
		if !changed {
			return
		}
	}
}

func (rf *retryFinder) helper(fn *ssa.Function) *RetryHelper {
	h := rf.helpers[fn]
	if h == nil {
		h = &RetryHelper{}
		rf.helpers[fn] = h
	}
	return h
}

// returnsOptions records the retry options fn returns, when its result is
// an options type; it reports whether they changed.
func (rf *retryFinder) returnsOptions(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	if res.Len() != 1 || (fn.Signature.Recv() != nil && fn.Name() == "InsertOpts") {
		return false // an args type's InsertOpts is the type's policy (FindRetry)
	}
	framework := optionsFramework(res.At(0).Type())
	if framework == "" {
		return false
	}
	var opts []RetryOpt
	first := true
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		ev := &retryEval{rf: rf, owner: fn, framework: framework}
		o := ev.opts(ret.Results[0], 0)
		if ev.foreign {
			o = []RetryOpt{{Kind: optUnknown}}
		}
		if !first && !reflect.DeepEqual(o, opts) {
			o = []RetryOpt{{Kind: optUnknown}} // returns differ
		}
		opts, first = o, false
	}
	h := rf.helper(fn)
	if h.Returns && reflect.DeepEqual(h.Options, opts) {
		return false
	}
	h.Returns, h.Framework, h.Options = true, framework, opts
	return true
}

// optionsFramework is the framework whose retry options values of type t
// hold: asynq.Option or []asynq.Option, river.InsertOpts or a pointer.
func optionsFramework(t types.Type) string {
	if s, ok := t.Underlying().(*types.Slice); ok {
		t = s.Elem()
	}
	t = ssavalue.Deref(t)
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
	case "github.com/hibiken/asynq.Option":
		return "asynq"
	case "github.com/riverqueue/river.InsertOpts":
		return "river"
	}
	return ""
}

// helperOf is the retry helper a called function is: the package's own,
// or another package's fact.
func (rf *retryFinder) helperOf(fn *types.Func, callee *ssa.Function) *RetryHelper {
	if callee != nil {
		if h := rf.helpers[callee]; h != nil {
			return h
		}
		if callee.Pkg == rf.env.Pkg {
			return nil
		}
	}
	if rf.env.RetryHelper != nil && fn != nil {
		return rf.env.RetryHelper(fn.Origin())
	}
	return nil
}

// eachEnqueue calls f for every enqueue fn's calls make, evaluated in fn:
// what still comes from parameters is owner's (nil when the parameters are
// no declared function's of the package).
func (rf *retryFinder) eachEnqueue(fn *ssa.Function, f func(call *ssa.Call, e Enqueuer, owner *ssa.Function)) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			obj, callee, args := calleeArgs(call)
			if obj == nil {
				continue
			}
			var specs []Enqueuer
			if spec, ok := enqueueCalls()[models.FuncKey(obj)]; ok {
				specs = []Enqueuer{spec}
			} else if h := rf.helperOf(obj, callee); h != nil {
				specs = h.Enqueues
			}
			for _, spec := range specs {
				ev := &retryEval{rf: rf, framework: spec.Framework}
				for _, e := range ev.enqueues(spec, args) {
					owner := ev.owner
					if ev.foreign {
						e, owner = e.withoutParams(), nil
					}
					f(call, e, owner)
				}
			}
		}
	}
}

// withoutParams is an enqueue whose parameters cannot be followed: their
// task is unknown and their options are not read.
func (e Enqueuer) withoutParams() Enqueuer {
	out := Enqueuer{Framework: e.Framework, Task: e.Task, TaskParam: -1, ValueParam: -1, ManyParam: -1}
	if e.TaskParam >= 0 || e.ValueParam >= 0 || e.ManyParam >= 0 {
		out.Task = ""
	}
	for _, o := range e.Opts {
		if o.Kind == optParam {
			o = RetryOpt{Kind: optUnknown}
		}
		out.Opts = append(out.Opts, o)
	}
	return out
}

// enqueueRetries are the retry policies of the package's resolved
// enqueues, at the call that resolves them, and of the NewTask calls whose
// task is enqueued elsewhere (a task constructor).
func (rf *retryFinder) enqueueRetries() []Retry {
	var out []Retry
	for _, fn := range rf.env.Funcs {
		rf.eachEnqueue(fn, func(call *ssa.Call, e Enqueuer, owner *ssa.Function) {
			if !e.resolved() {
				return // the helper's callers enqueue
			}
			if e.Task == "" {
				return // nothing to join it to
			}
			policy, once, runs := policyText(e.Framework, e.Opts)
			out = append(out, Retry{Framework: e.Framework, Task: e.Task, Policy: policy, Once: once, Default: policy == "", Pos: call.Pos(), Runs: runs})
		})
	}
	for _, fn := range rf.env.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || rf.consumed[call] || asynqNewTaskOpts(call) < 0 {
					continue
				}
				ev := &retryEval{rf: rf, framework: "asynq"}
				e := Enqueuer{Framework: "asynq", TaskParam: -1, ValueParam: -1, ManyParam: -1}
				ev.taskValue(&e, call, 0)
				e = e.withoutParams()
				if policy, once, runs := policyText("asynq", e.Opts); policy != "" && e.Task != "" {
					out = append(out, Retry{Framework: "asynq", Task: e.Task, Policy: policy, Once: once, Pos: call.Pos(), Runs: runs})
				}
			}
		}
	}
	return out
}

// exported are the helpers other packages can call, for their facts.
func (rf *retryFinder) exported() map[*ssa.Function]*RetryHelper {
	out := map[*ssa.Function]*RetryHelper{}
	for fn, h := range rf.helpers {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Exported() && (len(h.Enqueues) > 0 || h.Returns) {
			out[fn] = h
		}
	}
	return out
}

// retryEval evaluates one enqueue (or one options value) in the function
// it is in: values that are parameters of a declared function of the
// package become "param" references of owner.
type retryEval struct {
	rf        *retryFinder
	framework string
	owner     *ssa.Function
	foreign   bool // a value came from a parameter that cannot be followed
}

// param is the parameter of owner v is, or -1.
func (ev *retryEval) param(v ssa.Value) int {
	fn, k := ssavalue.ParamOf(v)
	if fn == nil {
		return -1
	}
	if fn.Pkg != ev.rf.env.Pkg || (ev.owner != nil && ev.owner != fn) {
		ev.foreign = true
		return -1
	}
	ev.owner = fn
	return k
}

// enqueues evaluates an enqueue spec at a call with those arguments.
func (ev *retryEval) enqueues(spec Enqueuer, args []ssa.Value) []Enqueuer {
	arg := func(i int) ssa.Value {
		if i >= 0 && i < len(args) {
			return args[i]
		}
		return nil
	}
	e := Enqueuer{Framework: spec.Framework, Task: spec.Task, TaskParam: -1, ValueParam: -1, ManyParam: -1}
	if v := arg(spec.TaskParam); v != nil {
		ev.taskName(&e, v)
	}
	if v := arg(spec.ValueParam); v != nil {
		ev.taskValue(&e, v, 0)
	}
	rest := ev.substitute(spec.Opts, args, 0)
	v := arg(spec.ManyParam)
	if v == nil {
		e.Opts = append(e.Opts, rest...)
		return []Enqueuer{e}
	}
	if k := ev.param(v); k >= 0 {
		e.ManyParam = k
		e.Opts = append(e.Opts, rest...)
		return []Enqueuer{e}
	}
	var out []Enqueuer
	for _, p := range riverManyParams(v) {
		x := e
		x.Opts = nil
		if p.args != nil {
			ev.taskValue(&x, p.args, 0)
		}
		if p.opts != nil {
			x.Opts = append(x.Opts, ev.opts(p.opts, 0)...)
		}
		x.Opts = append(x.Opts, rest...)
		out = append(out, x)
	}
	return out
}

// taskName reads an asynq task type: a constant or a parameter.
func (ev *retryEval) taskName(e *Enqueuer, v ssa.Value) {
	if s := ssavalue.ConstString(v); s != "" {
		e.Task = s
	} else if k := ev.param(v); k >= 0 {
		e.TaskParam = k
	}
}

// taskValue reads the task an enqueue is given: an *asynq.Task built by
// NewTask (its type, then its options), River job args of a concrete type
// (their kind), or a parameter.
func (ev *retryEval) taskValue(e *Enqueuer, v ssa.Value, depth int) {
	u := ssavalue.Unconvert(v)
	switch e.Framework {
	case "asynq":
		if call, ok := u.(*ssa.Call); ok {
			if i := asynqNewTaskOpts(call); i >= 0 {
				ev.rf.consumed[call] = true
				ev.taskName(e, call.Call.Args[0])
				if i < len(call.Call.Args) {
					e.Opts = append(e.Opts, ev.opts(call.Call.Args[i], depth+1)...)
				}
				return
			}
		}
	case "river":
		if !types.IsInterface(u.Type()) && ev.rf.env.KindOf != nil {
			if kind, ok := ev.rf.env.KindOf(u.Type()); ok {
				e.Task = kind
				return
			}
		}
	}
	if k := ev.param(v); k >= 0 {
		e.ValueParam = k
	}
}

// substitute replaces a spec's "param" options by the options the call
// passes there.
func (ev *retryEval) substitute(opts []RetryOpt, args []ssa.Value, depth int) []RetryOpt {
	var out []RetryOpt
	for _, o := range opts {
		if o.Kind != optParam {
			out = append(out, o)
			continue
		}
		if int(o.N) < len(args) {
			out = append(out, ev.opts(args[o.N], depth+1)...)
		} else {
			out = append(out, RetryOpt{Kind: optUnknown})
		}
	}
	return out
}

// opts reads the retry options an options value holds.
func (ev *retryEval) opts(v ssa.Value, depth int) []RetryOpt {
	if depth > 8 {
		return []RetryOpt{{Kind: optUnknown}}
	}
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return nil
	}
	if k := ev.param(v); k >= 0 {
		return []RetryOpt{{Kind: optParam, N: int64(k)}}
	}
	if call, ok := ssavalue.Unconvert(v).(*ssa.Call); ok {
		if b, ok := call.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(call.Call.Args) == 2 {
			return append(ev.opts(call.Call.Args[0], depth+1), ev.opts(call.Call.Args[1], depth+1)...)
		}
		if obj, callee, args := calleeArgs(call); obj != nil {
			if h := ev.rf.helperOf(obj, callee); h != nil && h.Returns && h.Framework == ev.framework {
				return ev.substitute(h.Options, args, depth)
			}
		}
	}
	switch ev.framework {
	case "asynq":
		return ev.asynqOpts(v, depth)
	case "river":
		return ev.riverOpts(v, depth)
	}
	return []RetryOpt{{Kind: optUnknown}}
}

// policyText describes resolved options, whether they allow one run, and
// the runs they allow (0 when not read).
func policyText(framework string, opts []RetryOpt) (string, bool, int64) {
	switch framework {
	case "asynq":
		return asynqPolicy(opts)
	case "river":
		return riverPolicy(opts)
	}
	return "", false, 0
}
