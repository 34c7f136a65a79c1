package discovery

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/directive"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"

	"github.com/jobeffects/jobeffects/analyzer/models"
)

// Handler is a discovered handler.
type Handler struct {
	Framework string
	Task      string
	Fn        *ssa.Function // the handler's code (a closure, or an external function without body)
	Obj       *types.Func   // the declared function, nil for closures
	// Registered is the registration call; NoPos when found by shape only.
	Registered token.Pos
	// Local: the handler is defined in the package being analysed.
	Local bool
	// Owner: this package reports the handler's findings.
	Owner bool
	// Confidence is "high" for registrations and exact shapes, "medium"
	// for pull loops, "low" for functions that merely take a message type.
	Confidence string
	// Rule is the rule the handler is checked against when it is not
	// "unguarded" (Temporal workflows: workflow-side-effect).
	Rule string
	// Ack is where a pull loop acknowledges (deletes, commits) the message;
	// AckAt says it as "file:line:col" when the loop is in another package
	// (a helper that runs the loop and calls the handler).
	Ack   token.Pos
	AckAt string
	// AtMostOnce: the system never redelivers to this handler.
	AtMostOnce bool
	// Sequential: the subscription the registration is given delivers one
	// message at a time and waits for its ack before the next or a
	// redelivery (catalog sequential, sequential.go): its deliveries never
	// overlap.
	Sequential bool
	// overlaps: a registration of the handler is on a subscription that
	// may overlap deliveries (mergeSequential).
	overlaps bool
	// AckMode is its subscription's ack mode (AckManual, AckAuto;
	// AckUnknown or "" when not found): whether an ack the handler skips
	// on a failure leaves the message to be redelivered (ackmode.go).
	AckMode string
	ackSet  bool
	// FreshReceiver: the handler is a method registered as a method
	// expression ((*Ctx).Send): the framework makes its receiver for each
	// job, so writes to it do not outlive the delivery (memory_write).
	FreshReceiver bool
	// Publishes is set when the framework publishes the messages the
	// handler returns: the topic ("" when not constant).
	Publishes      string
	ReturnsPublish bool

	pull bool // found only by a pull loop's receive

	// Returned is set for a closure another package's factory returns
	// (Fn and Obj are nil then): the handler is known by that fact.
	Returned *Returned
	// Dispatch is set for an entry of the map of functions another
	// handler calls through.
	Dispatch *Dispatch
	// Inst is the instantiation of a generic method the registration
	// names (enrichmentWorker[SentimentArgs, SentimentResult].Work): Fn
	// is its generic code, and the whole program resolves the function
	// values it calls in this instantiation. A generic method registered
	// under several tasks is one handler per task.
	Inst *ssa.Function
	// PerRegistration is set for a closure registered under several
	// tasks: one handler per registration (Registered), each resolved
	// with the values its registration binds.
	PerRegistration bool
	// Literal holds, for a field forward's literal (closurefwd.go), the
	// literal's stores into its fields: its handler's calls of the
	// receiver's func fields run what this literal stores there.
	Literal []*ssa.Store
	// Adapts is, for a closure that adapts a function parameter of its
	// registrar (funcadapter.go), the registrar's key; Via lists the
	// keys of the registrars whose adapter closures call this handler
	// (Forward.Adapter). The whole program drops an adapter closure
	// some handler is registered through.
	Adapts string
	Via    []string
}

// Dispatch says which handler dispatches to an entry, under which key.
type Dispatch struct {
	By    *ssa.Function
	Key   string
	Entry token.Pos
}

// Returned describes the function value a factory of another package
// returns (func NewHandler(deps) asynq.HandlerFunc { return func(…) … }),
// from its fact: registering the factory's result registers it.
type Returned struct {
	FullName string // "example.com/app/tasks.NewHandler.func1"
	Name     string // "tasks.NewHandler.func1"
	Pos      string // its definition, "file:line:col"
}

// Unresolved is a registration whose handler could not be resolved here
// (for example a worker built by a function of another package); the
// inventory joins it to a handler by framework and task.
type Unresolved struct {
	Framework string
	Task      string
	Pos       token.Pos
	Reason    string
}

// DeclaredHandler is a handler the user declares.
type DeclaredHandler struct{ Framework, Task string }

// Env is what discovery needs from its driver.
type Env struct {
	Pkg   *ssa.Package
	Funcs []*ssa.Function
	Rules *Rules
	// Library reports whether a package belongs to a modeled library; its
	// functions (a framework's own dispatcher, such as asynq's ServeMux)
	// are not the user's handlers.
	Library func(*types.Package) bool
	// Declared are functions the user declares as handlers (config), by
	// full name (models.FuncKey form).
	Declared map[string]DeclaredHandler
	// Files are the package's syntax, for //jobeffects:handler directives.
	Files []*ast.File
	// Model returns the library model of a function (pull-loop receive
	// and ack calls), or nil.
	Model func(*types.Func) *models.Model
	// KindOf returns the constant a type's Kind() method returns.
	KindOf func(t types.Type) (string, bool)
	// MethodConst returns the constant string a type's method of that
	// name returns (a job's Name()), when it returns one.
	MethodConst func(t types.Type, method string) (string, bool)
	// Forwards returns the forwards of a function of another package
	// (facts), or nil.
	Forwards func(*types.Func) []Forward
	// FieldForwards returns the field forwards of a method of another
	// package (facts, closurefwd.go), or nil.
	FieldForwards func(*types.Func) []FieldForward
	// Returns describes the function value a function of another package
	// returns (a fact), or nil.
	Returns func(*types.Func) *Returned
	// RetryHelper describes how a function of another package enqueues
	// from its parameters or which retry options it returns (a fact), or
	// is nil.
	RetryHelper func(*types.Func) *RetryHelper
	// Receives is the framework a function or interface method of
	// another package receives messages from as a receive wrapper (a
	// fact, msgloop.go), or "".
	Receives func(*types.Func) string
	// Sequential reports whether a function of another package returns a
	// sequential subscription (a fact, sequential.go).
	Sequential func(*types.Func) bool
	// ConcreteMethod describes the method of that name of the one
	// concrete type a function of another package returns behind an
	// interface (a fact), with its summary's key, or nil.
	ConcreteMethod func(fn *types.Func, method string) *Returned
}

// Found is what Find finds in a package.
type Found struct {
	Handlers   []*Handler // sorted by position
	Unresolved []Unresolved
	// Forwards are the package's functions that hand a parameter to a
	// job system as a handler, for its facts.
	Forwards map[*ssa.Function][]Forward
	// FieldForwards are the package's methods that register their
	// receiver's method under its name field, for their facts
	// (closurefwd.go).
	FieldForwards map[*ssa.Function][]FieldForward
	// IfaceForwards are the forwards of the package's interface methods
	// that its implementations make, for their facts.
	IfaceForwards map[*types.Func][]Forward
	// Receives are the package's receive wrappers and the methods of its
	// interfaces they implement, with their frameworks, for their facts
	// (msgloop.go).
	Receives map[*types.Func]string
	// Sequential are the package's functions that return a sequential
	// subscription, for their facts (sequential.go).
	Sequential []*types.Func
	// Err is the first registration of the user's config whose argument
	// indexes do not fit the function it matched (a configuration error).
	Err error
}

// Find returns the handlers, the unresolved registrations and the
// forwarding functions of a package.
func Find(env *Env) *Found {
	f := &finder{env: env, byFn: map[*ssa.Function]*Handler{}}
	directives := directive.Handlers(env.Files)
	for _, fn := range env.Funcs {
		f.shape(fn)
		f.declared(fn, directives)
	}
	f.receiveWrappers() // msgloop.go
	f.findForwards()
	if f.mapForwards() { // ifacejobs.go
		f.findForwards()
	}
	f.findClosureForwards() // closurefwd.go
	f.findFieldForwards()   // closurefwd.go
	registrations := func() {
		for _, fn := range env.Funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if ci, ok := instr.(ssa.CallInstruction); ok {
						f.registration(ci)
					}
				}
			}
		}
	}
	registrations()
	before := len(f.forwards)
	f.pullLoops()
	f.messageLoops() // msgloop.go
	f.ackLoops()     // ackloop.go
	f.findForwards() // pull loops that dispatch to a parameter forward it
	if len(f.forwards) != before {
		registrations() // the package's own calls of those dispatchers
	}
	f.registerFieldLiterals() // closurefwd.go
	f.registerPending()       // closurefwd.go
	f.dropCalledWeak()
	f.dispatchEntries()
	var hs []*Handler
	for _, h := range f.byFn {
		hs = append(hs, h)
	}
	hs = append(hs, f.instances...)
	for _, h := range f.perReg {
		if h.Returned == nil {
			hs = append(hs, h)
		}
	}
	sort.Slice(hs, func(i, j int) bool {
		if hs[i].Fn.Pos() != hs[j].Fn.Pos() {
			return hs[i].Fn.Pos() < hs[j].Fn.Pos()
		}
		if hs[i].Fn.String() != hs[j].Fn.String() {
			return hs[i].Fn.String() < hs[j].Fn.String()
		}
		return hs[i].Task < hs[j].Task
	})
	for _, name := range slices.Sorted(maps.Keys(f.external)) {
		hs = append(hs, f.external[name])
	}
	for _, h := range f.perReg {
		if h.Returned != nil {
			hs = append(hs, h)
		}
	}
	sort.Slice(f.unresolved, func(i, j int) bool { return f.unresolved[i].Pos < f.unresolved[j].Pos })
	return &Found{Handlers: hs, Unresolved: f.unresolved, Forwards: f.forwards, FieldForwards: f.fieldFwds, IfaceForwards: f.IfaceForwards(), Receives: f.Receives(), Sequential: f.sequentialFuncs(), Err: f.err}
}

// dispatchEntries lists the entries of the dispatch maps the package's
// handlers call through, filled in this package, as handlers of their own
// (the whole-program phase does it across packages): the key is the task,
// the dispatcher's framework and confidence carry over.
func (f *finder) dispatchEntries() {
	fields := ssavalue.DispatchFields(f.env.Funcs)
	if len(fields) == 0 {
		return
	}
	var parents []*Handler
	for _, h := range f.byFn {
		if h.Fn != nil && h.Fn.Pkg == f.env.Pkg && h.Dispatch == nil {
			parents = append(parents, h)
		}
	}
	sort.Slice(parents, func(i, j int) bool { return parents[i].Fn.Pos() < parents[j].Fn.Pos() })
	for _, p := range parents {
		for _, k := range ssavalue.DispatchedFields(p.Fn) {
			for _, e := range ssavalue.Entries(fields, k) {
				if f.byFn[e.Fn] != nil {
					continue // a handler already
				}
				h := f.add(e.Fn, p.Framework, e.Pos)
				h.Task, h.Confidence, h.Rule, h.AtMostOnce = e.Key, p.Confidence, p.Rule, p.AtMostOnce
				h.Dispatch = &Dispatch{By: p.Fn, Key: e.Key, Entry: e.Pos}
			}
		}
	}
}

type finder struct {
	env        *Env
	byFn       map[*ssa.Function]*Handler
	instances  []*Handler          // generic methods' handlers of their other tasks (Handler.Inst)
	perReg     []*Handler          // closures' handlers of their other registrations (Handler.PerRegistration)
	external   map[string]*Handler // closures of other packages' factories, by full name
	unresolved []Unresolved
	forwards   map[*ssa.Function][]Forward
	calls      map[*ssa.Function][]*ssa.CallCommon // the package's static calls by callee (reglists.go)
	implCache  map[*types.Func][]Forward           // progImplForwards by interface method
	convCache  map[string][]types.Type             // convertedTo by interface type
	stored     ssavalue.FieldIndex                 // values stored in struct fields, by field (storedfields.go)
	wrappers   map[*ssa.Function]string            // receive wrappers and their frameworks (msgloop.go)
	wrapDirect map[*ssa.Function]bool              // the wrappers of a catalogued receive itself
	err        error                               // the first user registration that does not fit its function
	// Forwarding registrations (closurefwd.go).
	closureFwds    map[*ssa.Function][]closureFwd
	forwardedSites map[token.Pos]*ssa.Function // innermost registrations a closure forward defers, by call
	closureUsed    map[*ssa.Function]bool      // closures a call of a forwarder registered
	pending        []pendingReg
	fieldFwds      map[*ssa.Function][]FieldForward // field forwards, by registering method
	direct         bool                             // registering a deferred registration itself
	adapters       map[*ssa.Function]string         // adapter closures, their registrars' keys (funcadapter.go)
}

// shape registers fn as a handler when its signature matches a shape.
func (f *finder) shape(fn *ssa.Function) {
	obj, _ := fn.Object().(*types.Func)
	if obj == nil || fn.Parent() != nil || fn.Synthetic != "" || takesFunc(fn) {
		return
	}
	if s := f.env.Rules.matchShape(obj); s != nil {
		if s.AnyParam != "" && takesError(obj) {
			return
		}
		h := f.add(fn, s.Framework, token.NoPos)
		if s.KindTypeArg != nil {
			h.Task = f.kindFromJobParam(obj, *s.KindTypeArg)
		}
		if s.Confidence != "" {
			h.Confidence = s.Confidence
		}
		h.Rule = s.Rule
	}
}

// takesFunc reports whether fn takes a function (a continuation: gocraft/
// work's Log(job, next), a middleware): a function with a job's parameter
// that takes the next handler is a middleware, whose effects belong to the
// handlers it wraps, not a handler.
func takesFunc(fn *ssa.Function) bool {
	for _, p := range fn.Params {
		if _, ok := p.Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// takesError reports whether obj takes an error besides the message the
// weak (any_param) shape matched: it is told of a failure (a wrapper's
// failure policy, func(ctx, *Msg, error, *gue.Job) (retry bool, …);
// gue's job-done hook, func(ctx, *gue.Job, error)), which runs after the
// handler, not as one.
func takesError(obj *types.Func) bool {
	sig, ok := obj.Type().(*types.Signature)
	if !ok {
		return false
	}
	errType := types.Universe.Lookup("error").Type()
	for i := 0; i < sig.Params().Len(); i++ {
		if types.Identical(sig.Params().At(i).Type(), errType) {
			return true
		}
	}
	return false
}

// declared adds fn when the config or a //jobeffects:handler directive
// declares it a handler.
func (f *finder) declared(fn *ssa.Function, directives map[token.Pos]string) {
	obj, _ := fn.Object().(*types.Func)
	if obj == nil || fn.Parent() != nil {
		return
	}
	if d, ok := f.env.Declared[models.FuncKey(obj)]; ok {
		h := f.add(fn, d.Framework, token.NoPos)
		if h.Task == "" {
			h.Task = d.Task
		}
	}
	if task, ok := directives[obj.Pos()]; ok {
		h := f.add(fn, "declared", token.NoPos)
		if h.Task == "" {
			h.Task = task
		}
	}
}

func (f *finder) add(fn *ssa.Function, framework string, reg token.Pos) *Handler {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	h := f.byFn[fn]
	if h == nil {
		obj, _ := fn.Object().(*types.Func)
		local := fn.Pkg == f.env.Pkg || (fn.Parent() != nil)
		h = &Handler{Framework: framework, Fn: fn, Obj: obj, Local: local, Confidence: "high"}
		h.Owner = local || obj == nil || f.env.Rules.matchShape(obj) == nil
		f.byFn[fn] = h
	}
	if reg.IsValid() && !h.Registered.IsValid() {
		h.Registered = reg
	}
	if reg.IsValid() || framework != h.Framework && h.Confidence == "low" {
		// A registration (or a stronger rule) beats a weak shape.
		h.Confidence, h.Framework = "high", framework
	}
	return h
}

// factoryTarget is the function value a handler factory called with no
// function arguments returns: a closure of this package, or one another
// package's factory returns (by its fact).
func (f *finder) factoryTarget(c ssa.CallCommon) []target {
	callee := c.StaticCallee()
	if callee == nil {
		return nil
	}
	obj, _ := callee.Object().(*types.Func)
	if obj == nil || (f.env.Library != nil && f.env.Library(obj.Pkg())) {
		return nil
	}
	if o := callee.Origin(); o != nil {
		callee = o
	}
	if callee.Pkg == f.env.Pkg {
		if ret := ReturnedFunc(callee); ret != nil {
			return []target{{fn: ret}}
		}
		return nil
	}
	if f.env.Returns != nil {
		if ret := f.env.Returns(obj.Origin()); ret != nil {
			return []target{{returned: ret}}
		}
	}
	return nil
}

// addReturned adds the closure another package's factory returns, known by
// that package's fact; this package reports it, at the registration.
func (f *finder) addReturned(ret *Returned, framework string, reg token.Pos) *Handler {
	h := f.external[ret.FullName]
	if h == nil {
		h = &Handler{Framework: framework, Returned: ret, Owner: true, Confidence: "high", Registered: reg}
		if f.external == nil {
			f.external = map[string]*Handler{}
		}
		f.external[ret.FullName] = h
	}
	return h
}

// ReturnedFunc is the one function value fn returns on every path (a
// closure it makes, a function, or what another function of its package
// it returns the result of returns: WithSlug(s) returning
// WithCriteria(FilterSlug, s)), or nil: fn is a handler factory.
func ReturnedFunc(fn *ssa.Function) *ssa.Function {
	return returnedFunc(fn, 0)
}

func returnedFunc(fn *ssa.Function, depth int) *ssa.Function {
	if depth > 4 || fn.Signature.Results().Len() != 1 {
		return nil
	}
	if _, ok := fn.Signature.Results().At(0).Type().Underlying().(*types.Signature); !ok {
		return nil
	}
	var out *ssa.Function
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		var g *ssa.Function
		switch v := ssavalue.Unconvert(ret.Results[0]).(type) {
		case *ssa.MakeClosure:
			g, _ = v.Fn.(*ssa.Function)
		case *ssa.Function:
			g = v
		case *ssa.Call:
			if h := v.Call.StaticCallee(); h != nil && h.Pkg == fn.Pkg && h != fn && len(h.Blocks) > 0 {
				g = returnedFunc(h, depth+1)
			}
		}
		if g == nil || (out != nil && g != out) || g.Synthetic != "" {
			return nil
		}
		out = g
	}
	return out
}

// calleeObj is the declared function of a static callee.
func calleeObj(callee *ssa.Function) (*types.Func, bool) {
	if callee == nil {
		return nil, false
	}
	obj, ok := callee.Object().(*types.Func)
	return obj, ok && obj != nil
}

// kindFromJobParam reads T from a *river.Job[T] parameter and returns T's Kind().
func (f *finder) kindFromJobParam(obj *types.Func, k int) string {
	sig := obj.Type().(*types.Signature)
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.TypeArgs().Len() > k {
			if kind, ok := f.env.KindOf(n.TypeArgs().At(k)); ok {
				return kind
			}
		}
	}
	return ""
}

// registration handles a call that may register handlers: a call of a
// catalog registration function, or of a function that forwards its
// argument to one.
func (f *finder) registration(ci ssa.CallInstruction) {
	f.registerForwarded(ci) // closurefwd.go
	fn, callee, args := calleeArgs(ci)
	if fn == nil {
		return
	}
	var typeArgs []types.Type
	if callee != nil {
		typeArgs = ci.Common().StaticCallee().TypeArgs()
	}
	for _, r := range f.rules(fn, callee) {
		if r.Source != "" {
			// The user's rule: indexes that do not fit are an error, not
			// a handler dropped in silence.
			if err := r.CheckArgs(fn); err != nil {
				if f.err == nil {
					f.err = err
				}
				continue
			}
		}
		f.register(ci, r, args, typeArgs)
	}
}

// register applies one registration rule to a call.
func (f *finder) register(ci ssa.CallInstruction, r *Registration, args []ssa.Value, typeArgs []types.Type) {
	c := ci.Common()
	if r.Handler < 0 || r.Handler >= len(args) {
		return
	}
	if r.Framework == appQueue && f.testFile(ci.Pos()) {
		// A test driving the application's own queue loop with a
		// function of its own: no deployed consumer (ackloop.go).
		return
	}
	if fn := f.forwardedSites[ci.Pos()]; fn != nil && !f.direct {
		// Its callers register the closure, each under its own task
		// (closurefwd.go); it stands when none does.
		f.pending = append(f.pending, pendingReg{ci: ci, r: r, args: args, typeArgs: typeArgs, closure: fn})
		return
	}
	task := r.Task
	if r.Name != nil && *r.Name < len(args) {
		task = taskName(args[*r.Name])
	}
	if task == "" && len(r.TaskFrom) > 0 {
		task = taskFrom(r.TaskFrom, c)
	}
	if r.KindTypeArg != nil && *r.KindTypeArg < len(typeArgs) {
		if k, ok := f.env.KindOf(typeArgs[*r.KindTypeArg]); ok {
			task = k
		}
	}
	prefix := ""
	if r.Options != nil && *r.Options < len(args) {
		prefix = ssavalue.FieldConst(args[*r.Options], "Name")
	}
	if a, _ := f.adapterOf(r, args); a != nil {
		return // an adapter of a job interface parameter: its callers register the jobs (ifacejobs.go)
	}
	if fw := r.forward; fw != nil && fw.Loop && fw.Interface && f.testFile(ci.Pos()) {
		// A test that runs the application's message loop with a double
		// of its handler interface (msgloop.go): no deployed handler.
		return
	}
	if len(f.storedParams(args[r.Handler])) > 0 {
		// A parameter kept in a struct field (through an adapter the
		// package wraps around it): its function forwards it, its
		// callers' arguments are the handlers, not the adapter
		// (storedfields.go).
		return
	}
	var targets []target
	if r.forward != nil && r.forward.Elem {
		// A list of handlers, each element registered (reglists.go).
		for _, e := range f.listElems(args[r.Handler]) {
			targets = append(targets, f.targets(e, r, 1)...)
		}
	} else {
		targets = f.targets(args[r.Handler], r, 0)
	}
	if len(targets) == 0 && r.Optional {
		return // a job without the optional method (ifacejobs.go)
	}
	if len(targets) == 0 {
		if owner, _ := forwardedParam(args[r.Handler], 0); owner != nil && f.local(owner) {
			return // a parameter: the function forwards it, its callers register
		}
		if owner, _ := listParam(args[r.Handler]); owner != nil && f.local(owner) {
			return // an element of a list parameter: its callers' elements are registered
		}
		if ssavalue.ConstString(args[r.Handler]) != "" {
			// A handler named by a string (workflow.ExecuteActivity(ctx,
			// "CreateLineItems", …)): the one registered under that name,
			// found where it is registered, not an unresolved one.
			return
		}
		f.unresolved = append(f.unresolved, Unresolved{Framework: r.Framework, Task: task, Pos: ci.Pos(),
			Reason: "the handler argument is not resolvable in this package"})
		return
	}
	reg := ci.Pos()
	if r.Constructor {
		reg = token.NoPos
	}
	for _, t := range targets {
		var h *Handler
		if t.returned != nil {
			h = f.addReturned(t.returned, r.Framework, ci.Pos())
			h = f.perRegistration(h, targetTask(r, t, task, prefix), ci.Pos())
		} else {
			if obj, ok := t.fn.Object().(*types.Func); ok && obj != nil && f.env.Library != nil && f.env.Library(obj.Pkg()) {
				continue
			}
			h = f.add(t.fn, r.Framework, reg)
			if inst := instanceMethod(t.fn); inst != nil && !strings.HasPrefix(r.Framework, "temporal") {
				h = f.instance(h, inst, task, t, reg)
			} else if t.fn.Parent() != nil && reg.IsValid() {
				h = f.perRegistration(h, targetTask(r, t, task, prefix), reg)
			}
		}
		if r.Delivery == "at-most-once" {
			h.AtMostOnce = true
		}
		if t.fn != nil {
			if k := f.adapters[originOf(t.fn)]; k != "" {
				h.Adapts = k // an adapter closure (funcadapter.go)
			}
		}
		if fw := r.forward; fw != nil && fw.Adapter != "" && !slices.Contains(h.Via, fw.Adapter) {
			h.Via = append(h.Via, fw.Adapter)
			slices.Sort(h.Via)
		}
		mergeAck(h, f.ackModeOf(r, args))
		if fw := r.forward; fw != nil && fw.AtMostOnceIf > 0 && fw.AtMostOnceIf <= len(args) && ssavalue.IsTrue(args[fw.AtMostOnceIf-1]) {
			h.AtMostOnce = true // the helper's autoAck parameter, given true here
		} else if fw != nil && fw.AtMostOnceIf > 0 && fw.AtMostOnceIf <= len(args) && isFalse(args[fw.AtMostOnceIf-1]) {
			mergeAck(h, AckManual) // the helper's autoAck parameter, given false here
		}
		if t.expr {
			h.FreshReceiver = true
		}
		if k := r.PublishesReturned; k != nil && *k < len(args) {
			h.ReturnsPublish, h.Publishes = true, taskName(args[*k])
		}
		mergeSequential(h, r.Subscriber != nil && *r.Subscriber < len(args) && f.sequential(args[*r.Subscriber]))
		if fw := r.forward; fw != nil && fw.Loop {
			// A handler a helper's pull loop calls: acked where the loop acks.
			if h.Confidence == "high" {
				h.Confidence = "medium"
			}
			if h.AckAt == "" && !h.Ack.IsValid() {
				h.AckAt = fw.Ack
			}
		}
		name := targetTask(r, t, task, prefix)
		if h.Task == "" || h.Task == "*" {
			h.Task = name
		}
	}
}

type target struct {
	fn       *ssa.Function
	returned *Returned // instead of fn: a closure another package's factory returns
	method   string    // for struct registrations and method values: the method name
	// member: registered as one of the exported methods of a struct
	// pointer (Temporal prefixes their names with Options.Name).
	member bool
	task   string // for map registrations: the entry's key
	// expr: registered as a method expression, called on a receiver the
	// framework makes for each job (gocraft's context).
	expr bool
	// typeTask, for a job interface's concrete type, is its type's name:
	// the task when nothing else names one (ifacejobs.go).
	typeTask string
}

// targets resolves a handler argument to functions.
func (f *finder) targets(v ssa.Value, r *Registration, depth int) []target {
	if depth > 4 || v == nil {
		return nil
	}
	// Peel conversions, remembering the concrete type of a boxed value.
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			if _, isFunc := x.X.Type().Underlying().(*types.Signature); !isFunc {
				return f.typeTargets(x.X.Type(), r)
			}
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.ChangeInterface:
			v = x.X
			continue
		}
		break
	}
	switch x := v.(type) {
	case *ssa.Function:
		// A method expression ((*Ctx).Send, gocraft's form) is a thunk:
		// the framework supplies the receiver, per job.
		m := methodName(ssavalue.Declared(x))
		return []target{{fn: ssavalue.Declared(x), method: m, expr: m != ""}}
	case *ssa.MakeMap:
		// A map of task name → handler (gue.WorkMap, machinery RegisterTasks).
		var out []target
		for _, ref := range *x.Referrers() {
			up, ok := ref.(*ssa.MapUpdate)
			if !ok {
				continue
			}
			key := up.Key
			if mi, ok := key.(*ssa.MakeInterface); ok {
				key = mi.X
			}
			for _, t := range f.targets(up.Value, r, depth+1) {
				t.task = ssavalue.ConstString(key)
				out = append(out, t)
			}
		}
		return out
	case *ssa.MakeClosure:
		fn, _ := x.Fn.(*ssa.Function)
		if fn == nil {
			return nil
		}
		if fn.Synthetic != "" && fn.Parent() == nil { // bound method value
			if obj, ok := fn.Object().(*types.Func); ok && obj != nil {
				if real := fn.Prog.FuncValue(obj); real != nil {
					return []target{{fn: real, method: obj.Name()}}
				}
			}
		}
		return []target{{fn: fn}}
	case *ssa.Phi:
		var out []target
		for _, e := range x.Edges {
			out = append(out, f.targets(e, r, depth+1)...)
		}
		return out
	case *ssa.Field:
		return f.storedTargets(x, r, depth) // a handler kept in a struct field (storedfields.go)
	case *ssa.UnOp:
		if _, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return f.storedTargets(x, r, depth)
		}
		// An element of a slice literal, registered in a loop over it
		// (for _, j := range []Job{NewA(), NewB()} { reg.RegisterJob(ctx, j) }).
		// The slice may come from further away: a list the package
		// builds elsewhere and passes in (reglists.go).
		if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL {
			var out []target
			es := ssavalue.SliceElems(ia.X)
			if es == nil {
				es = f.listElems(ia.X)
			}
			for _, e := range es {
				out = append(out, f.targets(e, r, depth+1)...)
			}
			return out
		}
	case *ssa.Slice:
		// A variadic list of handlers (cqrs AddHandlers(h1, h2)).
		var out []target
		for _, e := range ssavalue.SliceElems(x) {
			out = append(out, f.targets(e, r, depth+1)...)
		}
		return out
	case *ssa.Call:
		// A constructor or wrapper: a registration function used as a
		// constructor (river.WorkFunc), or a factory whose function
		// arguments are the wrapped handlers (withLogging(h.Send)).
		// A handler factory: the closure it returns.
		c := x.Call
		if callee := c.StaticCallee(); callee != nil {
			if obj, ok := callee.Object().(*types.Func); ok && obj != nil {
				if inner := f.env.Rules.byFunc[models.FuncKey(obj)]; inner != nil && inner.Handler < len(c.Args) {
					return f.targets(c.Args[inner.Handler], inner, depth+1)
				}
			}
		}
		var out []target
		for _, a := range c.Args {
			if _, ok := a.Type().Underlying().(*types.Signature); ok {
				out = append(out, f.targets(a, r, depth+1)...)
			}
		}
		if len(out) > 0 {
			return out // a wrapper: the functions it wraps
		}
		if r.Method != "" {
			// A constructor of the package returning a job interface
			// value of one concrete type (ifacejobs.go).
			if callee := c.StaticCallee(); callee != nil && callee.Pkg == f.env.Pkg {
				if t := concreteResult(callee); t != nil {
					return f.typeTargets(t, r)
				}
			} else if obj, ok := calleeObj(callee); ok && f.env.ConcreteMethod != nil {
				// Another package's constructor (its fact): the method of
				// the one type it returns, by that package's summary.
				if ret := f.env.ConcreteMethod(obj, r.Method); ret != nil {
					return []target{{returned: ret}}
				}
			}
		}
		return f.factoryTarget(c)
	}
	return nil
}

// typeTargets returns the handler methods of a registered value's type.
func (f *finder) typeTargets(t types.Type, r *Registration) []target {
	prog := f.env.Pkg.Prog
	ms := prog.MethodSets.MethodSet(t)
	var out []target
	if r.StructMethods {
		if _, isPtr := t.(*types.Pointer); !isPtr {
			return nil
		}
		for i := 0; i < ms.Len(); i++ {
			sel := ms.At(i)
			if !sel.Obj().Exported() {
				continue
			}
			if fn := prog.MethodValue(sel); fn != nil {
				out = append(out, target{fn: ssavalue.Declared(fn), method: sel.Obj().Name(), member: true})
			}
		}
		return out
	}
	if r.Method == "" {
		return nil
	}
	for i := 0; i < ms.Len(); i++ {
		sel := ms.At(i)
		if sel.Obj().Name() == r.Method {
			if fn := prog.MethodValue(sel); fn != nil {
				tg := target{fn: ssavalue.Declared(fn), method: r.Method}
				tg.task, tg.typeTask = f.interfaceTask(t, r)
				out = append(out, tg)
			}
		}
	}
	return out
}

func methodName(fn *ssa.Function) string {
	if obj, ok := fn.Object().(*types.Func); ok && obj != nil {
		if sig := obj.Type().(*types.Signature); sig.Recv() != nil {
			return obj.Name()
		}
	}
	return ""
}

// matchShape returns the shape obj's signature matches, if any.
func (r *Rules) matchShape(obj *types.Func) *Shape {
	sig, ok := obj.Type().(*types.Signature)
	if !ok {
		return nil
	}
	for i := range r.Shapes {
		s := &r.Shapes[i]
		// A shape with a method name matches only that method; one
		// without matches functions and methods alike (method values are
		// registered as often as functions).
		if s.Method != "" && (sig.Recv() == nil || s.Method != obj.Name()) {
			continue
		}
		if s.FirstParam != "" {
			if sig.Params().Len() > 0 && typeIs(sig.Params().At(0).Type(), s.FirstParam) {
				return s
			}
			continue
		}
		if s.AnyParam != "" {
			for j := 0; j < sig.Params().Len(); j++ {
				if typeIs(sig.Params().At(j).Type(), s.AnyParam) {
					return s
				}
			}
			continue
		}
		if sig.Params().Len() != len(s.Params) || sig.Results().Len() != len(s.Results) {
			continue
		}
		ok := true
		for j, p := range s.Params {
			ok = ok && typeIs(sig.Params().At(j).Type(), p)
		}
		for j, p := range s.Results {
			ok = ok && typeIs(sig.Results().At(j).Type(), p)
		}
		if ok {
			return s
		}
	}
	return nil
}

// typeIs matches a type against a spelling like "*pkg/path.Name" or
// "error"; type arguments are ignored.
func typeIs(t types.Type, spec string) bool {
	if strings.HasPrefix(spec, "*") {
		p, ok := t.(*types.Pointer)
		return ok && typeIs(p.Elem(), spec[1:])
	}
	t = types.Unalias(t)
	n, ok := t.(*types.Named)
	if !ok {
		return false
	}
	obj := n.Obj()
	if obj.Pkg() == nil {
		return obj.Name() == spec
	}
	return obj.Pkg().Path()+"."+obj.Name() == spec
}

// instanceMethod is fn when it is a method of an instantiated generic type
// (worker[LabelArgs].Work), else nil.
func instanceMethod(fn *ssa.Function) *ssa.Function {
	if fn == nil || fn.Origin() == nil || fn.Signature.Recv() == nil {
		return nil
	}
	return fn
}

// instance is the handler of a generic method's instantiation registered
// at reg: h (the generic method's) when it has no instantiation yet or
// this one, else the handler of this instantiation, one per task.
func (f *finder) instance(h *Handler, inst *ssa.Function, task string, t target, reg token.Pos) *Handler {
	name := task
	if t.task != "" {
		name = t.task
	}
	if name == "" {
		name = t.typeTask
	}
	if h.Inst == nil && (h.Task == "" || h.Task == "*" || h.Task == name) {
		h.Inst = inst
		return h
	}
	if h.Inst == inst {
		return h
	}
	for _, o := range f.instances {
		if o.Inst == inst {
			return o
		}
	}
	if name == "" || name == h.Task {
		return h // nothing tells the registrations apart
	}
	c := *h
	c.Task, c.Inst, c.Registered = "", inst, reg
	f.instances = append(f.instances, &c)
	return &c
}

// targetTask is the task a registration names for one of its targets.
func targetTask(r *Registration, t target, task, prefix string) string {
	name := task
	if t.task != "" {
		name = t.task
	}
	if name == "" {
		name = t.typeTask
	}
	if strings.HasPrefix(r.Framework, "temporal") {
		switch {
		case t.member && prefix != "":
			name = prefix + t.method
		case prefix != "":
			name = prefix // a function or method value: Options.Name alone
		case t.method != "":
			name = t.method
		case t.fn != nil && t.fn.Parent() != nil:
			// A closure: Temporal names it after the runtime's name, "func1".
			name = "func" + strings.TrimPrefix(t.fn.Name()[strings.LastIndexByte(t.fn.Name(), '$')+1:], "func")
		case t.fn != nil:
			name = t.fn.Name()
		}
	}
	return name
}

// perRegistration is the handler of a closure registered at reg under
// task name: h when it has no task yet or this one, else the closure's
// handler of this registration, one per task. A closure a factory makes
// for each registration binds that registration's values (the
// EventChannel each ProcessEventCreationByChannel(ch, …) captures): the
// whole program resolves its calls of them in that registration
// (wholeprogram/bound.go), so the registrations are not one handler.
// A closure registered once, or always under the same task, stays one
// handler.
func (f *finder) perRegistration(h *Handler, name string, reg token.Pos) *Handler {
	if name == "" || name == "*" || h.Task == "" || h.Task == "*" || h.Task == name {
		return h
	}
	h.PerRegistration = true
	for _, o := range f.perReg {
		if o.Task == name && o.Fn == h.Fn && (o.Returned == nil) == (h.Returned == nil) && (o.Returned == nil || o.Returned.FullName == h.Returned.FullName) {
			return o
		}
	}
	c := *h
	c.Task, c.Registered = "", reg
	// Its own registrations say whether its deliveries overlap.
	c.Sequential, c.overlaps = false, false
	f.perReg = append(f.perReg, &c)
	return &c
}
