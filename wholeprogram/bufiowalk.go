package wholeprogram

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A bufio.Writer's Write and Flush are catalogued as an unknown write
// (catalog os.yaml, bufio): what they write into is the writer wrapped,
// which the per-package pass follows at each call (summary/bufiowrap.go).
// The walk from a library boundary (reachesNoEffect) meets them inside
// library code, golang.org/x/net/html's Render: buf := bufio.NewWriter(w)
// over its io.Writer parameter, and render's writes through the writer
// interface that VTA resolves to (*bufio.Writer).WriteString. Such a call
// is inert when every value its receiver can hold is followed to a writer
// the catalog knows inert (a *bytes.Buffer, a *strings.Builder, a file):
// back through the bufio constructors, interface conversions, type
// assertions and phis, and from a parameter to what every call the graph
// has into its function passes there (goquery's Html and gofeed's
// resolveHTML both pass a *bytes.Buffer). Anything else (a connection, a
// value loaded from memory, a function nothing calls) is not inert.

// bufferedInert reports whether the call c of g, a method of bufio's
// catalogued with its receiver as the writer (writer_arg -1), writes only
// into inert writers.
func (r *resolver) bufferedInert(c *ssa.CallCommon, g *ssa.Function) bool {
	obj := funcObj(ssaDeclared(g))
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "bufio" {
		return false
	}
	m := r.ix.Lookup(obj)
	if m == nil || m.WriterArg == nil || *m.WriterArg >= 0 {
		return false
	}
	var recv ssa.Value
	switch {
	case c.IsInvoke():
		recv = c.Value
	case len(c.Args) > 0:
		recv = c.Args[0]
	default:
		return false
	}
	return r.inertFlow(recv, bufferedFlowDepth, map[ssa.Value]bool{})
}

// bufferedFlowDepth bounds the values and callers inertFlow follows.
const bufferedFlowDepth = 10

// inertFlow reports whether every writer v can hold, a bufio.Writer
// followed to what it wraps, is one the catalog knows inert.
func (r *resolver) inertFlow(v ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	if depth == 0 || v == nil {
		return false
	}
	if seen[v] {
		return true
	}
	seen[v] = true
	if !types.IsInterface(v.Type()) && r.ix.InertWriter(v.Type()) {
		return true
	}
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return r.inertFlow(x.X, depth-1, seen)
	case *ssa.ChangeInterface:
		return r.inertFlow(x.X, depth-1, seen)
	case *ssa.TypeAssert:
		return !x.CommaOk && r.inertFlow(x.X, depth-1, seen)
	case *ssa.Extract:
		// x, ok := w.(writer): the value asserted, when it is one.
		ta, ok := x.Tuple.(*ssa.TypeAssert)
		return ok && x.Index == 0 && r.inertFlow(ta.X, depth-1, seen)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !r.inertFlow(e, depth-1, seen) {
				return false
			}
		}
		return true
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "bufio" {
			return false
		}
		switch args := x.Call.Args; callee.Name() {
		case "NewWriter", "NewWriterSize":
			return len(args) > 0 && r.inertFlow(args[0], depth-1, seen)
		case "NewReadWriter":
			return len(args) > 1 && r.inertFlow(args[1], depth-1, seen)
		}
		return false
	case *ssa.Parameter:
		return r.inertParam(x, depth, seen)
	}
	return false
}

// inertParam is inertFlow for a parameter: what every call the graph has
// into its function passes there (none: not inert).
func (r *resolver) inertParam(p *ssa.Parameter, depth int, seen map[ssa.Value]bool) bool {
	fn := p.Parent()
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	node := r.cg.Nodes[fn]
	if idx < 0 || node == nil || len(node.In) == 0 {
		return false
	}
	for _, in := range node.In {
		if in.Site == nil {
			return false
		}
		c := in.Site.Common()
		var arg ssa.Value
		switch {
		case c.IsInvoke() && idx == 0:
			arg = c.Value
		case c.IsInvoke():
			if idx-1 < len(c.Args) {
				arg = c.Args[idx-1]
			}
		case len(c.Args) == len(fn.Params):
			arg = c.Args[idx]
		}
		if !r.inertFlow(arg, depth-1, seen) {
			return false
		}
	}
	return true
}
