package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Results that are a parameter copied. Applications convert what a
// repository returns as an `any` into their struct with a generic helper
// (utils.ConvertToStruct[T](data any) (T, error): a type assertion when
// the dynamic type is T, else json.Marshal(data) and json.Unmarshal into
// the result). The value that comes out is the one that went in: a number
// read from the database, converted and written back changed, is still a
// read-modify-write (btl-ktpm's stock, read through the product
// repository's GetByID, written back minus one). Summary.CopyParam says
// which parameter the first result copies; readOf follows a call of such
// a function to its argument.

// copyParam is Summary.CopyParam of fn: the 1-based parameter (receiver
// first) every return's first result copies — the parameter itself
// (through conversions and type assertions), or a local that only that
// parameter fills (a type assertion of it stored there, a json.Unmarshal
// into it of json.Marshal of it or of its bytes) — zero values on the
// error returns aside; 0 when there is none.
func copyParam(fn *ssa.Function) int {
	if fn.Signature.Results().Len() == 0 || len(fn.Params) == 0 {
		return 0
	}
	return oneIndex(returnedFirst(fn), isConstResult, func(v ssa.Value) int { return copiedParam(fn, v, 0) })
}

// isConstResult reports whether v is a constant through conversions: what
// an error return gives (return T{}, err; return nil, err), not a copy.
func isConstResult(v ssa.Value) bool {
	_, ok := ssavalue.Unconvert(v).(*ssa.Const)
	return ok
}

// copiedParam is the 1-based index of the parameter of fn that v is a
// copy of, 0 when it is none.
func copiedParam(fn *ssa.Function, v ssa.Value, depth int) int {
	if depth > 6 || v == nil {
		return 0
	}
	switch x := ssavalue.Unconvert(v).(type) {
	case *ssa.Parameter:
		for i, p := range fn.Params {
			if p == x {
				return i + 1
			}
		}
	case *ssa.TypeAssert:
		return copiedParam(fn, x.X, depth+1)
	case *ssa.Extract:
		if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 {
			return copiedParam(fn, ta.X, depth+1)
		}
	case *ssa.Convert:
		// []byte(s) of a string parameter (the JSON text handed in).
		return copiedParam(fn, x.X, depth+1)
	case *ssa.Phi:
		return oneIndex(x.Edges, isConstResult, func(e ssa.Value) int { return copiedParam(fn, e, depth+1) })
	case *ssa.UnOp:
		if a, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			return allocCopies(fn, a, depth+1)
		}
	}
	return 0
}

// allocCopies is the parameter the local a holds a copy of: every store
// into it stores a copy of that parameter, every call given its address is
// json.Unmarshal of that parameter's JSON (json.Marshal of it, or its
// bytes), and it is otherwise only loaded; 0 otherwise.
func allocCopies(fn *ssa.Function, a *ssa.Alloc, depth int) int {
	var same sameIndex
	for _, r := range ssavalue.Referrers(a) {
		switch u := r.(type) {
		case *ssa.UnOp:
			// a load
		case *ssa.DebugRef:
		case *ssa.Store:
			if u.Addr != a || !same.add(copiedParam(fn, u.Val, depth+1)) {
				return 0
			}
		case *ssa.MakeInterface:
			for _, rr := range ssavalue.Referrers(u) {
				call, ok := rr.(*ssa.Call)
				if !ok || !isJSONUnmarshal(call) || len(call.Call.Args) != 2 || call.Call.Args[1] != ssa.Value(u) ||
					!same.add(jsonOf(fn, call.Call.Args[0], depth+1)) {
					return 0
				}
			}
		default:
			return 0
		}
	}
	return same.index()
}

// jsonOf is the parameter the bytes v are the JSON of: json.Marshal of
// it, or its own bytes; 0 when none.
func jsonOf(fn *ssa.Function, v ssa.Value, depth int) int {
	if depth > 6 {
		return 0
	}
	switch x := ssavalue.Unconvert(v).(type) {
	case *ssa.Phi:
		return oneIndex(x.Edges, nil, func(e ssa.Value) int { return jsonOf(fn, e, depth+1) })
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 && isJSONFunc(call, "Marshal") && len(call.Call.Args) == 1 {
			return copiedParam(fn, call.Call.Args[0], depth+1)
		}
	case *ssa.Convert:
		return copiedParam(fn, x.X, depth+1)
	}
	return 0
}

func isJSONUnmarshal(call *ssa.Call) bool { return isJSONFunc(call, "Unmarshal") }

// isJSONFunc reports whether call is a static call of encoding/json's
// function name.
func isJSONFunc(call *ssa.Call, name string) bool {
	f, ok := call.Call.Value.(*ssa.Function)
	if !ok {
		return false
	}
	obj, ok := f.Object().(*types.Func)
	return ok && obj.Pkg() != nil && obj.Pkg().Path() == "encoding/json" && obj.Name() == name
}

// copiedArg is the argument a call of a function whose first result
// copies a parameter (Summary.CopyParam) passes for it, nil for any other
// call.
func (w *walker) copiedArg(call *ssa.Call) ssa.Value {
	callee := call.Call.StaticCallee()
	if callee == nil {
		return nil
	}
	s := w.summaryOf(callee)
	if s == nil || s.CopyParam == 0 || s.CopyParam > len(call.Call.Args) {
		return nil
	}
	return call.Call.Args[s.CopyParam-1]
}
