package summary

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// State that outlives a delivery is an effect. A handler (or a route it
// calls in its own program) whose only write is `tally[customer] +=
// amount` on a package-level map, or `s.count++` on the server struct its
// pointer receiver holds, doubles the tally when the job is delivered
// twice, as an UPDATE … SET n = n + 1 would. Such writes are effects of
// kind memory_write, classified like their SQL counterparts: `+=`, `++`
// (and sync/atomic's Add) on a variable, field or map entry is an
// increment, `append` onto one an insert, a plain assignment a set, and
// delete a delete.
//
// Only memory that outlives the delivery counts. A write lands in memory
// held by (a holder):
//   - a package-level variable, or what one points to: lasting;
//   - a value the function allocated (a local, a composite literal, make):
//     transient, not an effect;
//   - a value reached through one of the function's parameters or captured
//     variables: the caller decides (Effect.Holder), with what it passes
//     there; where no caller maps it (the handler itself, a call resolved
//     over the whole program), a method's receiver and a closure's captured
//     variables are lasting (the server struct, state captured at
//     registration), other parameters (the message, the job's arguments)
//     are made for the delivery;
//   - anything else (a call's result): not known, and not reported, so as
//     not to report what may be a fresh value.
//
// Kept out, conservatively: dependency modules' own state (a client's
// token cache, a pool's counters are the library's business, and their
// summaries stay small), package initialisers, and locations of the
// standard library's synchronisation, logging and metrics types (a
// mutex, a sync.Once, a logger set lazily, an expvar). Metrics libraries
// are calls into catalogued packages, inert by data: they never reach
// here.

// holderKind says what memory a write lands in.
type holderKind int

const (
	holderUnknown holderKind = iota // not known: not reported
	holderLocal                     // allocated by the function: transient
	holderGlobal                    // a package-level variable: lasting
	holderParam                     // a parameter or captured variable: the caller decides
)

type holder struct {
	kind  holderKind
	index int // for holderParam: receiver first, then parameters, then free variables
}

// memory adds the effect of an instruction that writes lasting memory.
func (w *walker) memory(instr ssa.Instruction) {
	if w.p.env.Dependency || w.fn.Synthetic != "" || (w.fn.Name() == "init" && w.fn.Parent() == nil) {
		return
	}
	switch x := instr.(type) {
	case *ssa.Store:
		w.ownFill(x) // collected.go
		if skipType(deref(x.Addr.Type())) || wiring(deref(x.Addr.Type())) || w.queueStore(x) {
			return
		}
		h := w.addrHolder(x.Addr, 0)
		op := effect.OpSet
		switch {
		case isAppendTo(x.Val, func(v ssa.Value) bool { return loadsFrom(v, x.Addr) }):
			op = effect.OpInsert
		case isArithOn(x.Val, func(v ssa.Value) bool { return loadsFrom(v, x.Addr) }):
			op = effect.OpIncrement
		}
		w.memoryWrite(instr, x.Pos(), h, op, locationName(x.Addr))
	case *ssa.MapUpdate:
		if wiring(x.Value.Type()) || skipType(x.Value.Type()) {
			return
		}
		h := w.valueHolder(x.Map, 0)
		same := func(v ssa.Value) bool { return looksUp(v, x.Map, x.Key) }
		op := effect.OpSet
		switch {
		case isAppendTo(x.Value, same):
			op = effect.OpInsert
		case isArithOn(x.Value, same):
			op = effect.OpIncrement
		}
		w.memoryWrite(instr, x.Pos(), h, op, mapName(x.Map))
	case *ssa.Call:
		c := x.Common()
		if b, ok := c.Value.(*ssa.Builtin); ok && b.Name() == "delete" && len(c.Args) == 2 {
			w.memoryWrite(instr, x.Pos(), w.valueHolder(c.Args[0], 0), effect.OpDelete, mapName(c.Args[0]))
			return
		}
		callee := c.StaticCallee()
		if callee == nil || len(c.Args) == 0 {
			return
		}
		obj, _ := callee.Object().(*types.Func)
		if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "sync/atomic" {
			return
		}
		// atomic.AddInt64(&n, 1), n.Add(1) on an atomic.Int64: the
		// address (or receiver) is the first argument.
		op := effect.OpSet
		switch {
		case strings.HasPrefix(obj.Name(), "Add"), strings.HasPrefix(obj.Name(), "And"), strings.HasPrefix(obj.Name(), "Or"):
			op = effect.OpIncrement
		case strings.HasPrefix(obj.Name(), "Store"), strings.HasPrefix(obj.Name(), "Swap"), strings.HasPrefix(obj.Name(), "CompareAndSwap"):
		default:
			return // Load
		}
		w.memoryWrite(instr, x.Pos(), w.addrHolder(c.Args[0], 0), op, locationName(c.Args[0]))
	}
}

// memoryWrite adds a memory_write effect when its holder may outlive the
// delivery.
func (w *walker) memoryWrite(instr ssa.Instruction, pos token.Pos, h holder, op, target string) {
	var where string
	switch h.kind {
	case holderGlobal:
		where = "a package-level variable"
	case holderParam:
		switch {
		case h.index >= len(w.fn.Params):
			where = "a variable the closure captured"
		case h.index == 0 && w.fn.Signature.Recv() != nil:
			where = "a value its receiver holds"
		default:
			where = "a value it is given"
		}
	default:
		return
	}
	if !pos.IsValid() {
		pos = w.fn.Pos()
	}
	risk := effect.Safe
	if op == effect.OpIncrement || op == effect.OpInsert {
		risk = effect.Medium
	}
	detail := "writes state that outlives the delivery (" + where + ")"
	if op == effect.OpIncrement && !isMapUpdate(instr) {
		if o, note, ok := w.counterNote(instr, target); ok { // counters.go
			op, risk, detail = o, effect.Safe, detail+"; "+note
		}
	}
	e := &effect.Effect{Kind: effect.KindMemory, Op: op, Target: target, Risk: risk, By: effect.ByCode,
		Detail: detail,
		Path:   []effect.Hop{{Pos: PosString(w.p.env.Fset, pos), Func: w.name}}, Exec: effect.NoExec}
	if h.kind == holderParam {
		e.Holder, e.HolderKept = h.index+1, w.lastingParam(h.index)
	}
	w.sites = append(w.sites, &guard.Site{Effect: e, Instr: guard.Write{Instruction: instr}})
}

func isMapUpdate(instr ssa.Instruction) bool {
	_, ok := instr.(*ssa.MapUpdate)
	return ok
}

// lastingParam reports whether the function's parameter (receiver first,
// then free variables) is lasting when no caller says otherwise: a
// method's receiver or a closure's captured variable.
func (w *walker) lastingParam(k int) bool {
	if k >= len(w.fn.Params) {
		return true // a captured variable
	}
	return k == 0 && w.fn.Signature.Recv() != nil
}

// holderAt maps a callee's memory effect held by its parameter to this
// call's argument: false when the argument is transient (or unknown) here
// and the effect is no effect of this function.
func (w *walker) holderAt(e *effect.Effect, args, bindings []ssa.Value) bool {
	if e.Kind != effect.KindMemory || e.Holder == 0 {
		return true
	}
	v := pick(e.Holder-1, args, bindings)
	if v == nil {
		return false
	}
	switch h := w.valueHolder(v, 0); h.kind {
	case holderGlobal:
		e.Holder, e.HolderKept = 0, false
		return true
	case holderParam:
		e.Holder, e.HolderKept = h.index+1, w.lastingParam(h.index)
		return true
	}
	return false
}

// addrHolder is the holder of the memory at an address.
func (w *walker) addrHolder(addr ssa.Value, depth int) holder {
	if depth > 8 {
		return holder{}
	}
	switch x := ssavalue.Unconvert(addr).(type) {
	case *ssa.Global:
		return holder{kind: holderGlobal}
	case *ssa.Alloc:
		return holder{kind: holderLocal}
	case *ssa.FieldAddr:
		return w.valueHolder(x.X, depth+1)
	case *ssa.IndexAddr:
		if _, ok := x.X.Type().Underlying().(*types.Pointer); ok {
			return w.addrHolder(x.X, depth+1) // an element of an array at an address
		}
		return w.valueHolder(x.X, depth+1) // of a slice
	}
	return w.valueHolder(addr, depth+1)
}

// valueHolder is the holder of what a pointer, map or slice value refers
// to.
func (w *walker) valueHolder(v ssa.Value, depth int) holder {
	if depth > 8 {
		return holder{}
	}
	switch x := ssavalue.Unconvert(v).(type) {
	case *ssa.Parameter:
		return w.paramHolder(x)
	case *ssa.FreeVar:
		return w.paramHolder(x)
	case *ssa.Global:
		return holder{kind: holderGlobal}
	case *ssa.Alloc, *ssa.MakeMap, *ssa.MakeSlice, *ssa.MakeChan, *ssa.MakeClosure:
		return holder{kind: holderLocal}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return holder{}
		}
		// A value loaded from memory refers to what that memory's holder
		// reaches; a local variable's, to what was stored in it.
		switch a := x.X.(type) {
		case *ssa.Alloc:
			if s := ssavalue.OnlyStore(a); s != nil {
				return w.valueHolder(s, depth+1)
			}
			return holder{}
		case *ssa.FieldAddr:
			if al, ok := a.X.(*ssa.Alloc); ok {
				// A field of a local copy of a struct (a value receiver):
				// what the copied struct's field refers to.
				if s := ssavalue.OnlyStore(al); s != nil {
					return w.valueHolder(s, depth+1)
				}
				return holder{kind: holderLocal}
			}
		}
		return w.addrHolder(x.X, depth+1)
	case *ssa.Field:
		return w.valueHolder(x.X, depth+1)
	case *ssa.FieldAddr, *ssa.IndexAddr:
		return w.addrHolder(x, depth+1)
	case *ssa.Lookup:
		return w.valueHolder(x.X, depth+1)
	case *ssa.Index:
		return w.valueHolder(x.X, depth+1)
	case *ssa.Slice:
		return w.valueHolder(x.X, depth+1)
	case *ssa.Extract:
		if l, ok := x.Tuple.(*ssa.Lookup); ok {
			return w.valueHolder(l.X, depth+1)
		}
	case *ssa.Phi:
		var out holder
		set := false
		for _, e := range x.Edges {
			if e == x {
				continue
			}
			h := w.valueHolder(e, depth+1)
			if set && h != out {
				return holder{}
			}
			out, set = h, true
		}
		return out
	}
	return holder{}
}

func (w *walker) paramHolder(v ssa.Value) holder {
	if k := w.execIndex(v); k != effect.NoExec {
		return holder{kind: holderParam, index: k}
	}
	return holder{}
}

// loadsFrom reports whether v is a load of the memory at addr (the same
// address, or the same field of the same value).
func loadsFrom(v ssa.Value, addr ssa.Value) bool {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	return sameAddr(u.X, addr, 0)
}

func sameAddr(a, b ssa.Value, depth int) bool {
	if a == b {
		return true
	}
	if depth > 4 {
		return false
	}
	switch x := a.(type) {
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && sameValue(x.X, y.X, depth+1)
	case *ssa.IndexAddr:
		y, ok := b.(*ssa.IndexAddr)
		return ok && sameValue(x.X, y.X, depth+1) && sameValue(x.Index, y.Index, depth+1)
	}
	return false
}

// sameValue: the same SSA value, or loads of the same address.
func sameValue(a, b ssa.Value, depth int) bool {
	if a == b {
		return true
	}
	if c1, ok := a.(*ssa.Const); ok {
		c2, ok := b.(*ssa.Const)
		return ok && c1.Value != nil && c2.Value != nil && c1.Value.ExactString() == c2.Value.ExactString()
	}
	x, ok1 := a.(*ssa.UnOp)
	y, ok2 := b.(*ssa.UnOp)
	return ok1 && ok2 && x.Op == token.MUL && y.Op == token.MUL && sameAddr(x.X, y.X, depth+1)
}

// looksUp reports whether v reads the entry key of map m (m[k], or its
// comma-ok form).
func looksUp(v, m, key ssa.Value) bool {
	if e, ok := v.(*ssa.Extract); ok {
		v = e.Tuple
	}
	l, ok := v.(*ssa.Lookup)
	return ok && sameValue(l.X, m, 0) && sameValue(l.Index, key, 0)
}

// isAppendTo reports whether v is append(x, …) with x what from says.
func isAppendTo(v ssa.Value, from func(ssa.Value) bool) bool {
	c, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	b, ok := c.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "append" && len(c.Call.Args) > 0 && from(c.Call.Args[0])
}

// isArithOn reports whether v is an arithmetic (or string concatenation)
// of a value what from says: x + n, x - n, x * n, x | n …
func isArithOn(v ssa.Value, from func(ssa.Value) bool) bool {
	b, ok := ssavalue.Unconvert(v).(*ssa.BinOp)
	if !ok {
		return false
	}
	switch b.Op {
	case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.OR, token.AND, token.XOR, token.SHL, token.SHR, token.AND_NOT:
	default:
		return false
	}
	return from(ssavalue.Unconvert(b.X)) || from(ssavalue.Unconvert(b.Y))
}

// locationName names the memory at an address: "pkg.var", "pkg.T.field",
// "pkg.T.field[]" for an element; "" when it has no name.
func locationName(addr ssa.Value) string {
	switch x := ssavalue.Unconvert(addr).(type) {
	case *ssa.Global:
		return x.Pkg.Pkg.Name() + "." + x.Name()
	case *ssa.FieldAddr:
		return ssavalue.QualifiedField(x.X.Type(), x.Field)
	case *ssa.IndexAddr:
		if n := mapName(x.X); n != "" {
			return n + "[]"
		}
	}
	return ""
}

// mapName names the variable or field a map (or slice) value is loaded
// from.
func mapName(v ssa.Value) string {
	if u, ok := ssavalue.Unconvert(v).(*ssa.UnOp); ok && u.Op == token.MUL {
		return locationName(u.X)
	}
	return ""
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// wiring reports whether a location holds functions or channels (or a
// slice or map of them): handlers and hooks registered, a worker's queue
// set up. That is wiring, done when the program starts, not state a
// duplicate delivery changes.
func wiring(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Signature, *types.Chan:
		return true
	case *types.Slice:
		return wiring(u.Elem())
	case *types.Map:
		return wiring(u.Elem())
	}
	return false
}

// skipType reports whether a location of type t holds no state a
// duplicate delivery changes meaningfully: the standard library's
// synchronisation, logging and metrics types (a mutex, a sync.Once, a
// logger or an expvar assigned once), and contexts.
func skipType(t types.Type) bool {
	t = deref(types.Unalias(t))
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() {
	case "sync", "log", "log/slog", "expvar", "context":
		return true
	}
	return false
}
