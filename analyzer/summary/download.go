package summary

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// A POST made to get a document back: a function whose name says it
// downloads (DownloadReport, ExportInvoicePDF) sends a form back to the
// page it read and returns the response's body to its caller. What the
// call does is what the function returns; infer reads the POST by the
// function's name (Effect.ReturnedBy, infer/http.go). Only the body
// returned counts: a response discarded, checked only for its status, or
// copied elsewhere (a file, another request) says nothing of the kind.

// bodyReturned is the name of the function the HTTP call ci is made in
// when that function returns the response's body: the io.ReadCloser
// itself, or the bytes (or string) io.ReadAll reads from it. "" otherwise,
// and in a closure (whose name is not one a person gave).
func (w *walker) bodyReturned(ci ssa.CallInstruction) string {
	fn := w.fn
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Parent() != nil || strings.Contains(fn.Name(), "$") {
		return ""
	}
	resp := responseOf(ci)
	if resp == nil {
		return ""
	}
	for _, load := range bodyLoads(resp) {
		if bodyOut(load, 0) {
			return fn.Name()
		}
	}
	return ""
}

// bodyLoads are the loads of the response's Body field (resp.Body), where
// what the function does with the body starts.
func bodyLoads(resp ssa.Value) []*ssa.UnOp {
	var loads []*ssa.UnOp
	for _, r := range ssavalue.Referrers(resp) {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || ssavalue.FieldName(fa) != "Body" {
			continue
		}
		for _, l := range ssavalue.Referrers(fa) {
			if load, ok := l.(*ssa.UnOp); ok && load.Op == token.MUL {
				loads = append(loads, load)
			}
		}
	}
	return loads
}

// responseOf is the *http.Response an HTTP call ci gives: its first
// result.
func responseOf(ci ssa.CallInstruction) ssa.Value {
	call, ok := ci.(*ssa.Call)
	if !ok {
		return nil
	}
	if _, isTuple := call.Type().(*types.Tuple); !isTuple {
		return call
	}
	for _, r := range ssavalue.Referrers(call) {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == 0 {
			return ex
		}
	}
	return nil
}

// bodyOut reports whether v (a response body, or what was read from it)
// is one of its function's results: returned as it is, converted (to an
// interface, []byte to string), or read whole by io.ReadAll first.
func bodyOut(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	for _, u := range ssavalue.Referrers(v) {
		switch x := u.(type) {
		case *ssa.Return:
			return true
		case *ssa.Store:
			// A function with a defer keeps its results in locals
			// the return loads.
			if a, ok := x.Addr.(*ssa.Alloc); ok && x.Val == v && resultSlot(a) {
				return true
			}
		case *ssa.MakeInterface:
			if bodyOut(x, depth+1) {
				return true
			}
		case *ssa.ChangeInterface:
			if bodyOut(x, depth+1) {
				return true
			}
		case *ssa.Convert:
			if bodyOut(x, depth+1) {
				return true
			}
		case *ssa.Call:
			callee := x.Call.StaticCallee()
			if callee == nil || callee.Object() == nil || len(x.Call.Args) != 1 || ssavalue.Unconvert(x.Call.Args[0]) != ssavalue.Unconvert(v) {
				continue
			}
			switch callee.Object().(*types.Func).FullName() {
			case "io.ReadAll", "io/ioutil.ReadAll":
				for _, r := range ssavalue.Referrers(x) {
					if ex, ok := r.(*ssa.Extract); ok && ex.Index == 0 && bodyOut(ex, depth+1) {
						return true
					}
				}
			}
		}
	}
	return false
}

// resultSlot reports whether the local a is only loaded to be returned
// (the result slot go/ssa gives a function with a defer).
func resultSlot(a *ssa.Alloc) bool {
	loaded := false
	for _, r := range ssavalue.Referrers(a) {
		switch x := r.(type) {
		case *ssa.Store:
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			for _, u := range ssavalue.Referrers(x) {
				if _, ok := u.(*ssa.Return); !ok {
					return false
				}
			}
			loaded = true
		default:
			return false
		}
	}
	return loaded
}
