package summary

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// Nil function values (effect.Cond with Value NilValue). A writer calls
// the hook it is given only if hook != nil (ghsync's applyPullRequest);
// a caller's literal that leaves the field out (store.PullRequestApply{
// Record: r}, without Hook) makes it nil, so what the hook would run is
// not an effect of that caller. The test of a func-typed value against
// nil is a test like any other (cond.go), and so is the call of a
// func-typed parameter or field, which runs nothing when it is nil (it
// panics). A caller decides it with a nil constant, or with a literal's
// func field left out (its zero value). Two more paths reach the value:
//
//   - "*": what a variable a closure captures holds (the closure reads
//     *hook); the function that made the closure says what it stored
//     there, when that is its one store and nothing else writes it.
//   - "[]": every element of a slice (apply := &sorted[i]; apply.Hook);
//     a slice the function copied from its parameter (append(nil,
//     applies...)), maybe sorted, whose elements nothing writes, hands
//     the test to its callers; a caller that built the slice by append
//     of literals decides it when every element decides it alike.
//
// Anything else (a slice of unknown origin, a field set by a call) is not
// a constant: the test is dropped and the effect kept.
//
// A pointer compared with nil is the same test (assistant's echo
// listener publishes a reply only if msg.Callback != nil): a nil constant
// or a literal leaving the pointer field out decides it, and a field that
// nothing in the whole program sets decides it at the handler
// (wholeprogram/nilfields.go). Interfaces are left out: a typed nil
// pointer in an interface is not a nil interface.

// NilValue is the Cond value of a nil function.
const NilValue = "nil"

// Path elements of a captured variable's contents and of every element
// of a slice.
const (
	derefElem = "*"
	sliceElem = "[]"
)

func isFuncType(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// nilable reports whether a nil test of a value of type t is a Cond: a
// func or a pointer.
func nilable(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Signature, *types.Pointer:
		return true
	}
	return false
}

// nilFunc reports whether v is the nil function or pointer (a
// conversion of it between such types included).
func nilFunc(v ssa.Value) bool {
	if !nilable(v.Type()) {
		return false
	}
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Const:
			return x.IsNil()
		default:
			return false
		}
	}
}

// nilSide returns NilValue and the other operand of a comparison of a
// func-typed or pointer value with nil.
func nilSide(a, b ssa.Value) (string, ssa.Value) {
	if nilFunc(a) {
		return NilValue, b
	}
	if nilFunc(b) {
		return NilValue, a
	}
	return "", nil
}

// nilCallCond is the test under which calling v does anything: v is not
// nil, when v is a path of a parameter (a call of a nil function panics).
func (w *walker) nilCallCond(v ssa.Value) []effect.Cond {
	if !isFuncType(v.Type()) {
		return nil
	}
	k, path, ok := w.paramPath(v)
	if !ok {
		return nil
	}
	return []effect.Cond{{Param: k, Path: path, Value: NilValue, Neg: true}}
}

// capturedVar is the one value stored in the variable alloc (a local
// whose address closures capture), when nothing else can write it: its
// only store dominates its other uses, which load it or hand it to
// closures that only load it.
func capturedVar(alloc *ssa.Alloc) (*ssa.Store, bool) {
	var store *ssa.Store
	var others []ssa.Instruction
	for _, r := range *alloc.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr != alloc || store != nil {
				return nil, false
			}
			store = x
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil, false
			}
			others = append(others, x)
		case *ssa.MakeClosure:
			fn, ok := x.Fn.(*ssa.Function)
			if !ok {
				return nil, false
			}
			for i, b := range x.Bindings {
				if b == alloc && (i >= len(fn.FreeVars) || !fvOnlyLoaded(fn.FreeVars[i])) {
					return nil, false
				}
			}
			others = append(others, x)
		default:
			return nil, false
		}
	}
	if store == nil {
		return nil, false
	}
	for _, o := range others {
		if !runsBefore(store, o) {
			return nil, false
		}
	}
	return store, true
}

// fvOnlyLoaded reports whether a captured variable is only read in its
// closure.
func fvOnlyLoaded(fv *ssa.FreeVar) bool {
	for _, r := range *fv.Referrers() {
		if u, ok := r.(*ssa.UnOp); !ok || u.Op != token.MUL {
			return false
		}
	}
	return true
}

// runsBefore reports whether a runs before b wherever b runs (same function).
func runsBefore(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() {
		for _, i := range a.Block().Instrs {
			if i == a {
				return true
			}
			if i == b {
				return false
			}
		}
		return false
	}
	return a.Block().Dominates(b.Block())
}

// capturedValue says what path (after "*") of the variable whose address
// v is holds where a closure capturing it reads it.
func (w *walker) capturedValue(v ssa.Value, path []string, depth int) (string, int, string, int) {
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return "", 0, "", valUnknown
	}
	st, ok := capturedVar(alloc)
	if !ok {
		return "", 0, "", valUnknown
	}
	return w.valueAt(st.Val, path, st, depth+1)
}

// sliceParam says which parameter's elements the elements of slice s
// are, and what path of that parameter s is ("" the parameter itself),
// when nothing in the function writes the part want of any of them: s
// is the parameter, a copy of it (append(nil, p...)), a slice of either,
// or a variable holding one (closures reading it included). call, if
// set, is a call being resolved, which may be handed the slice.
func (w *walker) sliceParam(s ssa.Value, want []string, call ssa.Instruction) (int, bool) {
	set := map[ssa.Value]bool{}
	var param *ssa.Parameter
	var origin func(v ssa.Value, depth int) bool
	origin = func(v ssa.Value, depth int) bool {
		if depth > 6 {
			return false
		}
		set[v] = true
		switch x := v.(type) {
		case *ssa.Parameter:
			param = x
			return true
		case *ssa.Slice:
			return origin(x.X, depth+1)
		case *ssa.UnOp:
			alloc, ok := x.X.(*ssa.Alloc)
			if !ok || x.Op != token.MUL {
				return false
			}
			st, ok := capturedVar(alloc)
			if !ok {
				return false
			}
			set[alloc] = true
			return origin(st.Val, depth+1)
		case *ssa.Call:
			b, ok := x.Call.Value.(*ssa.Builtin)
			if !ok || b.Name() != "append" || len(x.Call.Args) != 2 {
				return false
			}
			if c, ok := x.Call.Args[0].(*ssa.Const); !ok || !c.IsNil() {
				return false
			}
			return origin(x.Call.Args[1], depth+1)
		}
		return false
	}
	if _, ok := s.Type().Underlying().(*types.Slice); !ok || !origin(s, 0) || param == nil {
		return effect.NoExec, false
	}
	k := w.execIndex(param)
	if k == effect.NoExec || !elemsUnwritten(set, want, call) {
		return effect.NoExec, false
	}
	return k, true
}

// elemsUnwritten reports whether nothing writes the part want of the
// elements of the slices in set (and of the variables in it holding
// them), or hands a pointer to that part on; call, if set, is the call
// being resolved, which may be handed the slice. The slices are read,
// resliced, appended to others, passed to a sort that only permutes them
// or measured.
func elemsUnwritten(set map[ssa.Value]bool, want []string, call ssa.Instruction) bool {
	work := make([]ssa.Value, 0, len(set))
	for v := range set {
		work = append(work, v)
	}
	seen := map[ssa.Value]bool{}
	add := func(v ssa.Value) {
		if !seen[v] {
			work = append(work, v)
		}
	}
	for len(work) > 0 && len(seen) < 200 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		if alloc, ok := v.(*ssa.Alloc); ok {
			// A variable holding the slice: capturedVar checked its
			// uses; the loads are slices too.
			for _, r := range *refs {
				switch x := r.(type) {
				case *ssa.UnOp:
					add(x)
				case *ssa.MakeClosure:
					fn := x.Fn.(*ssa.Function)
					for i, b := range x.Bindings {
						if b == alloc {
							for _, l := range *fn.FreeVars[i].Referrers() {
								add(l.(ssa.Value))
							}
						}
					}
				}
			}
			continue
		}
		for _, r := range *refs {
			if r == call {
				continue
			}
			switch x := r.(type) {
			case *ssa.IndexAddr:
				if !elemUnwritten(x, nil, want, 0) {
					return false
				}
			case *ssa.Slice, *ssa.Phi:
				add(x.(ssa.Value))
			case *ssa.Store:
				if !set[x.Addr] {
					return false
				}
			case *ssa.MakeInterface:
				for _, rr := range *x.Referrers() {
					if !permutes(rr, x) {
						return false
					}
				}
			case ssa.CallInstruction:
				c := x.Common()
				if b, ok := c.Value.(*ssa.Builtin); ok {
					switch {
					case b.Name() == "len" || b.Name() == "cap":
					case b.Name() == "append" && len(c.Args) == 2 && c.Args[0] == v:
						if call, ok := x.(*ssa.Call); ok {
							add(call) // shares the elements
						}
					case b.Name() == "append" && len(c.Args) == 2 && c.Args[1] == v:
						// copied from
					default:
						return false
					}
					continue
				}
				if !permutes(x, v) {
					return false
				}
			default:
				return false
			}
		}
	}
	return len(work) == 0
}

// elemUnwritten reports whether nothing writes through the address a of
// an element (at path rel of it) into the part want, nor hands a pointer
// to it on.
func elemUnwritten(a ssa.Value, rel, want []string, depth int) bool {
	if depth > 6 {
		return false
	}
	overlap := prefix(rel, want) || prefix(want, rel)
	for _, r := range *a.Referrers() {
		switch x := r.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
		case *ssa.FieldAddr:
			if !elemUnwritten(x, append(slices.Clip(rel), condFieldName(x.X.Type(), x.Field)), want, depth+1) {
				return false
			}
		default:
			if overlap {
				return false
			}
		}
	}
	return true
}

// permutes reports whether instr, handed the slice v, only reorders its
// elements and reads them: the standard library's sorts.
func permutes(instr ssa.Instruction, v ssa.Value) bool {
	ci, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	c := ci.Common()
	callee := c.StaticCallee()
	if callee == nil || len(c.Args) == 0 || c.Args[0] != v {
		return false
	}
	if o := callee.Origin(); o != nil {
		callee = o
	}
	if callee.Pkg == nil {
		return false
	}
	switch callee.Pkg.Pkg.Path() + "." + callee.Name() {
	case "sort.Slice", "sort.SliceStable", "slices.Sort", "slices.SortFunc", "slices.SortStableFunc", "slices.Reverse":
	default:
		return false
	}
	for _, a := range c.Args[1:] {
		// The less function may read the slice (a closure capturing
		// it: its loads are followed with the variable), not write it.
		if mc, ok := a.(*ssa.MakeClosure); ok {
			for _, b := range mc.Bindings {
				if _, isAlloc := b.(*ssa.Alloc); !isAlloc {
					return false
				}
			}
		}
	}
	return true
}

// elemValue says what path (after "[]") of every element of the slice v
// holds where at runs: a constant each decides alike (a slice built by
// append of literals), a path of a parameter, or unknown.
func (w *walker) elemValue(v ssa.Value, path []string, at ssa.Instruction, depth int) (string, int, string, int) {
	if p, ok := v.(*ssa.Parameter); ok {
		if k, ok := w.sliceParam(p, path, at); ok {
			return "", k, joinFields(append([]string{sliceElem}, path...)), valParam
		}
		return "", 0, "", valUnknown
	}
	set := map[ssa.Value]bool{}
	var vals []string
	ok := true
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if !ok || set[v] {
			return
		}
		if depth > 8 || len(set) > 32 {
			ok = false
			return
		}
		set[v] = true
		switch x := v.(type) {
		case *ssa.Const:
			if !x.IsNil() {
				ok = false
			}
		case *ssa.MakeSlice:
			val, _, _, how := zeroOfType(x.Type().Underlying().(*types.Slice).Elem(), path)
			if how != valConst {
				ok = false
				return
			}
			vals = append(vals, val)
		case *ssa.Phi:
			for _, e := range x.Edges {
				walk(e, depth+1)
			}
		case *ssa.Call:
			b, isB := x.Call.Value.(*ssa.Builtin)
			if !isB || b.Name() != "append" || len(x.Call.Args) != 2 {
				ok = false
				return
			}
			walk(x.Call.Args[0], depth+1)
			more, isLit := w.literalElems(x.Call.Args[1], path, depth)
			if !isLit {
				ok = false
				return
			}
			vals = append(vals, more...)
		default:
			ok = false
		}
	}
	walk(v, depth)
	if !ok || len(vals) == 0 {
		return "", 0, "", valUnknown
	}
	for v := range set {
		if _, isSlice := v.Type().Underlying().(*types.Slice); !isSlice {
			return "", 0, "", valUnknown
		}
	}
	if !elemsUnwritten(set, path, at) {
		return "", 0, "", valUnknown
	}
	var uniq []string
	for _, s := range vals {
		if !slices.Contains(uniq, s) {
			uniq = append(uniq, s)
		}
	}
	return effect.OneOf(uniq), 0, "", valConst
}

// literalElems are the values path of the elements of a variadic
// argument list holds (append(s, T{…}) : a slice of a fresh array the
// caller stored each element into), when each is a constant.
func (w *walker) literalElems(s ssa.Value, path []string, depth int) ([]string, bool) {
	sl, ok := s.(*ssa.Slice)
	if !ok {
		return nil, false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	var out []string
	for _, r := range *arr.Referrers() {
		switch x := r.(type) {
		case *ssa.Slice:
			if x != sl {
				return nil, false
			}
		case *ssa.IndexAddr:
			for _, rr := range *x.Referrers() {
				st, ok := rr.(*ssa.Store)
				if !ok || st.Addr != x {
					return nil, false
				}
				val, _, _, how := w.valueAt(st.Val, path, st, depth+1)
				if how != valConst {
					return nil, false
				}
				out = append(out, val)
			}
		default:
			return nil, false
		}
	}
	return out, len(out) > 0
}

// zeroOfType is the zero value of path in a value of type t.
func zeroOfType(t types.Type, path []string) (string, int, string, int) {
	ft := fieldType(t, path, false)
	if ft == nil {
		return "", 0, "", valUnknown
	}
	if nilable(ft) {
		return NilValue, 0, "", valConst
	}
	return "", 0, "", valUnknown
}

func joinFields(p []string) string {
	out := ""
	for i, s := range p {
		if i > 0 {
			out += "."
		}
		out += s
	}
	return out
}

// elemRoot says, for a read of want through root, which parameter root
// reaches and the path element it adds: a variable a closure captures and only reads ("*"),
// or an element of a slice parameter whose elements nothing writes
// there ("[]").
func (w *walker) elemRoot(root ssa.Value, want []string) (int, string, bool) {
	switch x := root.(type) {
	case *ssa.FreeVar:
		if !fvOnlyLoaded(x) {
			return effect.NoExec, "", false
		}
		if k := w.execIndex(x); k != effect.NoExec {
			return k, derefElem, true
		}
	case *ssa.IndexAddr:
		if k, ok := w.sliceParam(x.X, want, nil); ok {
			return k, sliceElem, true
		}
	}
	return effect.NoExec, "", false
}
