package wholeprogram

import (
	"go/constant"
	"go/types"
	"maps"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// registration is a library callback registered by the program: gorm's
// db.Callback().Create().After("gorm:create").Register("audit", fn), ent's
// client.User.Use(hook).
type registration struct {
	chains []string // the chains it joins; every chain of its registry when unreadable
	name   string   // the registered name, when constant
	// fns are the functions whose effects the callback has: the callback
	// itself, or, for a value that builds the function that runs (an ent
	// hook), the closures it makes. Empty when jobeffects cannot follow
	// the value.
	fns   []*ssa.Function
	value string // that value, for the unknown effect
	noun  string // what the library calls it: callback, hook
	pos   string // the registering call
}

// registrations finds the library callbacks registered by the functions
// of the user's packages (roots), by chain. Third-party plugins that
// register their own callbacks (tracing, metrics) are not followed.
func (r *resolver) registrations(roots []*ssa.Function) map[string][]registration {
	if !r.ix.HasCallbacks() {
		return nil
	}
	out := map[string][]registration{}
	for _, fn := range roots {
		for _, reg := range r.ix.SchemaCallbacks() {
			r.schemaRegistrations(fn, reg, out)
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := ci.Common().StaticCallee()
				if callee == nil {
					continue
				}
				obj, ok := callee.Object().(*types.Func)
				if !ok || obj == nil {
					continue
				}
				reg := r.ix.Callback(obj)
				if reg == nil {
					continue
				}
				args := ci.Common().Args
				if len(args) == 0 {
					continue
				}
				recv, rest := args[0], args[1:]
				pos := summary.PosString(r.fset, ci.Pos())
				chains := chainsOf(reg, recv)
				name := ""
				if reg.Name != nil && *reg.Name < len(rest) {
					name = ssavalue.ConstString(rest[*reg.Name])
				}
				if reg.Func >= len(rest) {
					continue
				}
				values := []ssa.Value{rest[reg.Func]}
				if reg.Variadic {
					values = ssavalue.SliceElems(rest[reg.Func])
				}
				for _, v := range values {
					add(out, reg, v, chains, name, pos)
				}
			}
		}
	}
	for _, regs := range out {
		sort.SliceStable(regs, func(i, j int) bool { return effect.ComparePos(regs[i].pos, regs[j].pos) < 0 })
	}
	return out
}

// add records the registration of callback value v on chains.
func add(out map[string][]registration, reg *models.CallbackRegistry, v ssa.Value, chains []string, name, pos string) {
	chains = withOps(chains, opsOf(reg.OpFilter, v))
	g := registration{chains: chains, name: name, pos: pos, noun: reg.Noun}
	if g.noun == "" {
		g.noun = "callback"
	}
	g.fns, g.value = callbackFuncs(v, reg.Builds)
	for _, c := range chains {
		out[c] = append(out[c], g)
	}
}

// schemaRegistrations records the callbacks fn declares when it is a
// registry's schema method (ent: Hooks() of a type embedding ent.Schema,
// returning a slice literal of hooks): each element joins the chain of
// the type's entity.
func (r *resolver) schemaRegistrations(fn *ssa.Function, reg *models.CallbackRegistry, out map[string][]registration) {
	recv := fn.Signature.Recv()
	if fn.Name() != reg.SchemaMethod || recv == nil || fn.Blocks == nil {
		return
	}
	named, ok := types.Unalias(ssavalue.Deref(recv.Type())).(*types.Named)
	if !ok || !embeds(named, reg.Embeds) {
		return
	}
	chain := strings.ReplaceAll(reg.Chain, "{table}", summary.TableName(named.Obj().Name()))
	pos := summary.PosString(r.fset, fn.Pos())
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		for _, v := range ssavalue.SliceElems(ret.Results[0]) {
			add(out, reg, v, []string{chain}, "", pos)
		}
	}
}

// embeds reports whether struct type t embeds the named type name
// ("entgo.io/ent.Schema").
func embeds(t *types.Named, name string) bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if n, ok := types.Unalias(ssavalue.Deref(f.Type())).(*types.Named); f.Embedded() && ok && n.Obj().Pkg() != nil &&
			n.Obj().Pkg().Path()+"."+n.Obj().Name() == name {
			return true
		}
	}
	return false
}

// callbackFuncs are the functions a callback argument stands for: a
// declared function, a closure or a method value; with builds, the
// closures that value makes (an ent hook returns the mutator that runs),
// also when the value is the result of a call (notify.Hook()).
func callbackFuncs(v ssa.Value, builds bool) ([]*ssa.Function, string) {
	var roots []*ssa.Function
	var find func(v ssa.Value, depth int)
	find = func(v ssa.Value, depth int) {
		if depth > 4 {
			return
		}
		switch x := ssavalue.Unconvert(v).(type) {
		case *ssa.Function:
			roots = append(roots, ssavalue.Declared(x))
		case *ssa.MakeClosure:
			if fn, ok := x.Fn.(*ssa.Function); ok {
				roots = append(roots, ssavalue.Declared(fn))
			}
		case *ssa.Call:
			if !builds {
				return
			}
			// hook.On(func(next) …, ent.OpCreate): the function arguments;
			// notify.Hook(): the closures of the function called.
			n := len(roots)
			for _, a := range x.Call.Args {
				find(a, depth+1)
			}
			if len(roots) == n {
				if callee := x.Call.StaticCallee(); callee != nil && callee.Blocks != nil {
					roots = append(roots, callee)
				}
			}
		}
	}
	find(v, 0)
	if len(roots) == 0 {
		return nil, v.Name()
	}
	if !builds {
		return roots, ""
	}
	// What runs is what the value builds: every closure nested in it.
	var out []*ssa.Function
	seen := map[*ssa.Function]bool{}
	var nest func(fn *ssa.Function)
	nest = func(fn *ssa.Function) {
		for _, a := range fn.AnonFuncs {
			if !seen[a] {
				seen[a] = true
				out = append(out, a)
				nest(a)
			}
		}
	}
	for _, fn := range roots {
		if fn.Parent() != nil && !seen[fn] { // a closure argument runs itself
			seen[fn] = true
			out = append(out, fn)
		}
		nest(fn)
	}
	if len(out) == 0 {
		return nil, v.Name()
	}
	return out, ""
}

// chainsOf reads the chain a registration's receiver selects: for a
// generated registering method (ent), from the receiver's type name; else
// walking back through the registry's pass-through calls (Before, After).
func chainsOf(reg *models.CallbackRegistry, recv ssa.Value) []string {
	if reg.Chain != "" {
		entity := "*"
		if n, ok := types.Unalias(ssavalue.Deref(recv.Type())).(*types.Named); ok {
			if e := strings.TrimSuffix(n.Obj().Name(), reg.ReceiverSuffix); e != "" {
				entity = summary.TableName(e)
			}
		}
		return []string{strings.ReplaceAll(reg.Chain, "{table}", entity)}
	}
	v := recv
	for i := 0; i < 16; i++ {
		call, ok := v.(*ssa.Call)
		if !ok {
			break
		}
		callee := call.Call.StaticCallee()
		if callee == nil {
			break
		}
		obj, ok := callee.Object().(*types.Func)
		if !ok || obj == nil {
			break
		}
		key := models.FuncKey(obj)
		if c, ok := reg.Chains[key]; ok {
			return []string{c}
		}
		if !slices.Contains(reg.Through, key) || len(call.Call.Args) == 0 {
			break
		}
		v = call.Call.Args[0]
	}
	var all []string
	for _, c := range reg.Chains {
		all = append(all, c)
	}
	sort.Strings(all)
	return all
}

// opsOf reads the operations a registered value is limited to by the
// registry's filter (hook.On(h, ent.OpCreate)); nil means every one.
func opsOf(f *models.OpFilter, v ssa.Value) []string {
	if f == nil {
		return nil
	}
	return opsOfDepth(f, v, 0)
}

func opsOfDepth(f *models.OpFilter, v ssa.Value, depth int) []string {
	call, ok := ssavalue.Unconvert(v).(*ssa.Call)
	if !ok {
		return nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg == nil {
		return nil
	}
	if callee.Name() != f.Func || callee.Pkg.Pkg.Name() != f.PackageName || f.Arg >= len(call.Call.Args) {
		// A function returning the filtered hook (notify.Hook()): the
		// union of what its returns allow, every operation if one does not
		// filter.
		if depth >= 3 || callee.Blocks == nil {
			return nil
		}
		var ops []string
		for _, b := range callee.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok || len(ret.Results) == 0 {
				continue
			}
			more := opsOfDepth(f, ret.Results[0], depth+1)
			if more == nil {
				return nil
			}
			for _, op := range more {
				if !slices.Contains(ops, op) {
					ops = append(ops, op)
				}
			}
		}
		sort.Strings(ops)
		return ops
	}
	if f.RequiresImport != "" && !models.Imports(callee.Pkg.Pkg, f.RequiresImport, 2) {
		return nil
	}
	c, ok := call.Call.Args[f.Arg].(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return nil
	}
	mask, exact := constant.Int64Val(c.Value)
	if !exact {
		return nil
	}
	var ops []string
	for bit, name := range f.Bits {
		if mask&int64(bit) != 0 && !slices.Contains(ops, name) {
			ops = append(ops, name)
		}
	}
	sort.Strings(ops)
	return ops
}

// withOps expands "{op}" in chain templates: once per operation, or "*".
func withOps(chains, ops []string) []string {
	if len(ops) == 0 {
		ops = []string{"*"}
	}
	var out []string
	for _, c := range chains {
		if !strings.Contains(c, "{op}") {
			out = append(out, c)
			continue
		}
		for _, op := range ops {
			out = append(out, strings.ReplaceAll(c, "{op}", op))
		}
	}
	return out
}

// chainMatch reports whether a registration's chain (whose ":"-separated
// parts may be "*") covers an operation's chain.
func chainMatch(pattern, chain string) bool {
	if pattern == chain {
		return true
	}
	ps, cs := strings.Split(pattern, ":"), strings.Split(chain, ":")
	if len(ps) != len(cs) {
		return false
	}
	for i := range ps {
		if ps[i] != "*" && ps[i] != cs[i] {
			return false
		}
	}
	return true
}

// callbackEffects are the effects the callbacks registered on e's chains
// add to it: the callback's summary, after e's path and a hop naming the
// registration. A callback's database writes on the *gorm.DB it is given
// (its parameter 0) run in e's statement and transaction, so they share
// e's executor and guard; other effects after a claim are guarded with a
// window, money excepted, as the per-package guard rules have it.
func (r *resolver) callbackEffects(e effect.Effect, regs map[string][]registration) []effect.Effect {
	var out []effect.Effect
	seen := map[string]bool{}
	for _, chain := range e.Runs {
		// "ent:customers:create" also gets what is registered on
		// "ent:*:create" (client.Use) and "ent:customers:*" (no hook.On).
		var candidates []registration
		for _, pattern := range slices.Sorted(maps.Keys(regs)) {
			if chainMatch(pattern, chain) {
				candidates = append(candidates, regs[pattern]...)
			}
		}
		for _, g := range candidates {
			id := g.pos + "|" + g.name + "|" + g.value
			for _, fn := range g.fns {
				id += "|" + fn.String()
			}
			if seen[id] {
				continue // registered on two chains the call runs (Save)
			}
			seen[id] = true
			last := e.Path[len(e.Path)-1]
			label := chain + " " + g.noun
			if g.name != "" {
				label += " " + `"` + g.name + `"`
			}
			prefix := append(append([]effect.Hop(nil), e.Path[:len(e.Path)-1]...),
				effect.Hop{Pos: last.Pos, Func: last.Func + " (" + label + ")", ErrOut: last.ErrOut, ErrDropped: last.ErrDropped, DupTaken: last.DupTaken, AckWithheld: last.AckWithheld, AckAfter: last.AckAfter, DoneChecks: last.DoneChecks, FailsLast: last.FailsLast})
			if len(g.fns) == 0 {
				out = append(out, effect.Effect{Kind: effect.KindDynamic, Op: effect.OpUnknown, Risk: effect.Unknown,
					Target: g.value, Detail: "a " + label + " registered as a function value jobeffects cannot follow",
					Path: prefix, Exec: effect.NoExec})
				continue
			}
			var effs []effect.Effect
			for _, fn := range g.fns {
				s := r.sums[summary.Key(r.fset, fn)]
				if s == nil {
					out = append(out, effect.Effect{Kind: effect.KindDynamic, Op: effect.OpUnknown, Risk: effect.Unknown,
						Target: summary.SSAName(fn), Detail: "a " + label + " whose summary is not available",
						Path: prefix, Exec: effect.NoExec})
					continue
				}
				effs = append(effs, s.Effects...)
			}
			for _, ce := range effs {
				ne := ce
				ne.Path = append(append([]effect.Hop(nil), prefix...), ce.Path...)
				ne.Runs = nil
				ne.Detail = effect.JoinDetail(ce.Detail, "run by the operation as its "+label)
				onStatement := ce.Exec == 0
				ne.Exec = effect.NoExec
				if onStatement {
					ne.Exec, ne.Tx = e.Exec, e.Tx
				}
				if g := e.Guard; g != nil && ne.Risk.NonIdempotent() && ce.Guard == nil && ne.Issue == "" {
					switch {
					case ne.Kind == effect.KindDBWrite:
						if onStatement {
							ng := *g
							ne.Guard = &ng
						}
					case g.Kind == effect.GuardClaim && ne.Risk != effect.Critical:
						ng := *g
						ng.Window = true
						ne.Guard = &ng
					}
				}
				out = append(out, ne)
			}
		}
	}
	return out
}
