package wholeprogram

import (
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Route prefixes: a route registered on a group serves under the group's
// prefix (gin r.Group("/api").Group("/v1").POST("/notes/:id", h) serves
// /api/v1/notes/:id). The catalog's route groups (models.RouteGroup) say
// which calls make a group; the prefix of the router a registration is
// called on is traced back through the program: a group call's result
// (the receiver's prefix joined with the call's constant argument), a
// router handed to a function (chi's Route and Group, or any function of
// the program it is passed to: every call site), a variable, a field or a
// package-level variable (every store), a function's result (every
// return), and at the start of the chain (a router the program makes) the
// prefixes it is mounted under (chi's Mount, http.StripPrefix), through
// the functions that return it. A prefix the program does not spell as a
// constant, or a chain longer than the bound, leaves the route's pattern
// as registered.

const (
	maxPrefixDepth = 16 // values traced from one registration
	maxPrefixes    = 8  // prefixes one router serves under
)

// prefixSet is the prefixes a router serves under; ok false when one of
// them is not known.
type prefixSet struct {
	ps []string
	ok bool
}

// groupUse is a function handed to a route group call (chi's Route and
// Group): its parameter param is the group.
type groupUse struct {
	call  *ssa.CallCommon
	g     *models.RouteGroup
	param int
}

// prefixer traces routers to their prefixes, memoised per value.
type prefixer struct {
	ix      *models.Index
	callers map[*ssa.Function][]ssa.CallInstruction
	roots   map[*ssa.Function]bool // the functions traced into: the program's, not its libraries'
	uses    map[*ssa.Function][]groupUse
	clos    map[*ssa.Function][]*ssa.MakeClosure
	fields  map[string][]ssa.Value // stores to a struct field, by fieldKey
	globals map[*ssa.Global][]ssa.Value
	memo    map[ssa.Value]prefixSet
	busy    map[ssa.Value]bool
}

// newPrefixer indexes the functions' static calls, the functions handed to
// route group calls, closures and stores to fields and globals; nil when
// the catalog knows no route group.
func newPrefixer(fns []*ssa.Function, ix *models.Index) *prefixer {
	if !ix.HasRouteGroups() {
		return nil
	}
	p := &prefixer{
		ix:      ix,
		callers: map[*ssa.Function][]ssa.CallInstruction{},
		roots:   map[*ssa.Function]bool{},
		uses:    map[*ssa.Function][]groupUse{},
		clos:    map[*ssa.Function][]*ssa.MakeClosure{},
		fields:  map[string][]ssa.Value{},
		globals: map[*ssa.Global][]ssa.Value{},
		memo:    map[ssa.Value]prefixSet{},
		busy:    map[ssa.Value]bool{},
	}
	for _, fn := range fns {
		p.roots[fn] = true
	}
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.MakeClosure:
					if f, ok := x.Fn.(*ssa.Function); ok {
						p.clos[f] = append(p.clos[f], x)
					}
				case *ssa.Store:
					switch a := x.Addr.(type) {
					case *ssa.FieldAddr:
						p.fields[fieldKey(a)] = append(p.fields[fieldKey(a)], x.Val)
					case *ssa.Global:
						p.globals[a] = append(p.globals[a], x.Val)
					}
				case ssa.CallInstruction:
					c := x.Common()
					if callee := c.StaticCallee(); p.roots[callee] {
						p.callers[callee] = append(p.callers[callee], x)
					}
					obj, args := ssavalue.Callee(c)
					if obj == nil {
						continue
					}
					if g := ix.RouteGroup(obj); g != nil && g.Fn != nil && *g.Fn < len(args) {
						if f, param := groupFunc(args[*g.Fn]); f != nil {
							p.uses[f] = append(p.uses[f], groupUse{call: c, g: g, param: param})
						}
					}
				}
			}
		}
	}
	return p
}

// groupFunc is the function a group's function argument runs and the
// index of its parameter that receives the group (a bound method's
// receiver comes first).
func groupFunc(v ssa.Value) (*ssa.Function, int) {
	switch x := v.(type) {
	case *ssa.Function:
		return x, 0
	case *ssa.MakeClosure:
		fn := x.Fn.(*ssa.Function)
		if obj, ok := fn.Object().(*types.Func); ok && fn.Synthetic != "" {
			if real := fn.Prog.FuncValue(obj); real != nil {
				return real, 1 // a bound method value
			}
		}
		return fn, 0
	case *ssa.ChangeType:
		return groupFunc(x.X)
	}
	return nil, 0
}

// fieldKey names a struct field by its struct type and index.
func fieldKey(fa *ssa.FieldAddr) string {
	return types.TypeString(fa.X.Type(), nil) + "#" + strconv.Itoa(fa.Field)
}

// receiver is the receiver of a method call, nil for a function.
func receiver(c *ssa.CallCommon, obj *types.Func) ssa.Value {
	if c.IsInvoke() {
		return c.Value
	}
	if obj.Signature().Recv() != nil && len(c.Args) > 0 {
		return c.Args[0]
	}
	return nil
}

// registered is the prefixes a registration's receiver serves under: ""
// alone when it is not known (the pattern as registered, as before the
// groups were read).
func (p *prefixer) registered(c *ssa.CallCommon, obj *types.Func) []string {
	if p == nil {
		return []string{""}
	}
	recv := receiver(c, obj)
	if recv == nil {
		return p.mounts(c.Value, 0).orRoot()
	}
	return p.of(recv, 0).orRoot()
}

func (s prefixSet) orRoot() []string {
	if !s.ok || len(s.ps) == 0 {
		return []string{""}
	}
	return s.ps
}

// of is the prefixes router value v serves under.
func (p *prefixer) of(v ssa.Value, depth int) prefixSet {
	if depth > maxPrefixDepth {
		return prefixSet{}
	}
	if s, ok := p.memo[v]; ok {
		return s
	}
	if p.busy[v] {
		return prefixSet{ok: true} // a cycle adds nothing
	}
	p.busy[v] = true
	s := p.compute(v, depth+1)
	delete(p.busy, v)
	s = s.norm()
	p.memo[v] = s
	return s
}

// norm sorts and dedupes the prefixes; too many are not known.
func (s prefixSet) norm() prefixSet {
	if !s.ok {
		return prefixSet{}
	}
	sort.Strings(s.ps)
	out := s.ps[:0:0]
	for i, x := range s.ps {
		if i == 0 || x != s.ps[i-1] {
			out = append(out, x)
		}
	}
	if len(out) > maxPrefixes {
		return prefixSet{}
	}
	return prefixSet{ps: out, ok: true}
}

// union joins sets; unknown when one is.
func union(sets ...prefixSet) prefixSet {
	out := prefixSet{ok: true}
	for _, s := range sets {
		if !s.ok {
			return prefixSet{}
		}
		out.ps = append(out.ps, s.ps...)
	}
	return out
}

// under is each prefix of base joined with rel.
func under(base prefixSet, rel string) prefixSet {
	if !base.ok {
		return base
	}
	rel = strings.TrimSuffix(rel, "/*") // chi's Mount("/api/*")
	out := prefixSet{ok: true}
	for _, b := range base.ps {
		out.ps = append(out.ps, joinPath(b, rel))
	}
	return out
}

// joinPath joins a prefix and a path ("/api" and "/notes/:id").
func joinPath(prefix, rel string) string {
	switch {
	case prefix == "":
		return rel
	case rel == "" || rel == "/":
		return prefix
	}
	return strings.TrimSuffix(prefix, "/") + "/" + strings.TrimPrefix(rel, "/")
}

// constArg is a group call's constant prefix argument.
func constArg(v ssa.Value) (string, bool) {
	if _, ok := v.(*ssa.Const); !ok {
		return "", false
	}
	s := ssavalue.ConstString(v)
	return s, true
}

func (p *prefixer) compute(v ssa.Value, depth int) prefixSet {
	switch x := v.(type) {
	case *ssa.Call:
		obj, args := ssavalue.Callee(&x.Call)
		if obj != nil {
			if g := p.ix.RouteGroup(obj); g != nil && g.Mounted == nil {
				return p.group(&x.Call, obj, g, args, depth)
			}
		}
		if callee := x.Call.StaticCallee(); p.roots[callee] {
			return p.returned(callee, 0, depth)
		}
		return p.mounts(v, depth)
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			if callee := call.Call.StaticCallee(); p.roots[callee] {
				return p.returned(callee, x.Index, depth)
			}
		}
		return p.mounts(v, depth)
	case *ssa.Parameter:
		return p.param(x, depth)
	case *ssa.FieldAddr:
		if st, ok := x.X.Type().Underlying().(*types.Pointer); ok {
			if s, ok := st.Elem().Underlying().(*types.Struct); ok && s.Field(x.Field).Embedded() {
				return p.of(x.X, depth) // gin's Engine embeds its RouterGroup
			}
		}
		return prefixSet{}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return prefixSet{}
		}
		return p.loaded(x.X, depth)
	case *ssa.Phi:
		var sets []prefixSet
		for _, e := range x.Edges {
			sets = append(sets, p.of(e, depth))
		}
		return union(sets...)
	case *ssa.ChangeType:
		return p.of(x.X, depth)
	case *ssa.ChangeInterface:
		return p.of(x.X, depth)
	case *ssa.MakeInterface:
		return p.of(x.X, depth)
	case *ssa.TypeAssert:
		return p.of(x.X, depth)
	}
	return p.mounts(v, depth)
}

// group is the prefixes of the group a route group call returns.
func (p *prefixer) group(c *ssa.CallCommon, obj *types.Func, g *models.RouteGroup, args []ssa.Value, depth int) prefixSet {
	var base prefixSet
	if recv := receiver(c, obj); recv != nil {
		base = p.of(recv, depth)
	} else {
		base = prefixSet{ps: []string{""}, ok: true}
	}
	if g.Prefix == nil {
		return base
	}
	if *g.Prefix >= len(args) {
		return prefixSet{}
	}
	rel, ok := constArg(args[*g.Prefix])
	if !ok {
		return prefixSet{}
	}
	return under(base, rel)
}

// returned is the prefixes of result i of fn, over its returns.
func (p *prefixer) returned(fn *ssa.Function, i int, depth int) prefixSet {
	var sets []prefixSet
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
			sets = append(sets, p.of(ret.Results[i], depth))
		}
	}
	if len(sets) == 0 {
		return prefixSet{}
	}
	return union(sets...)
}

// param is the prefixes of a router parameter: what every call site
// passes, or the group a route group call hands the function.
func (p *prefixer) param(x *ssa.Parameter, depth int) prefixSet {
	fn := x.Parent()
	idx := -1
	for i, q := range fn.Params {
		if q == x {
			idx = i
		}
	}
	var sets []prefixSet
	for _, ci := range p.callers[fn] {
		if c := ci.Common(); idx < len(c.Args) && !c.IsInvoke() {
			sets = append(sets, p.of(c.Args[idx], depth))
		}
	}
	for _, u := range p.uses[fn] {
		if u.param != idx {
			continue
		}
		obj, args := ssavalue.Callee(u.call)
		sets = append(sets, p.group(u.call, obj, u.g, args, depth))
	}
	if len(sets) == 0 {
		return prefixSet{}
	}
	return union(sets...)
}

// loaded is the prefixes of a router loaded from addr: every value stored
// there (a variable a closure captures, a field, a package-level
// variable).
func (p *prefixer) loaded(addr ssa.Value, depth int) prefixSet {
	var vals []ssa.Value
	switch a := addr.(type) {
	case *ssa.Alloc:
		for _, r := range ssavalue.Referrers(a) {
			if st, ok := r.(*ssa.Store); ok && st.Addr == a {
				vals = append(vals, st.Val)
			}
		}
	case *ssa.FreeVar:
		fn := a.Parent()
		for i, fv := range fn.FreeVars {
			if fv != a {
				continue
			}
			var sets []prefixSet
			for _, mc := range p.clos[fn] {
				if i < len(mc.Bindings) {
					sets = append(sets, p.loaded(mc.Bindings[i], depth+1))
				}
			}
			if len(sets) == 0 {
				return prefixSet{}
			}
			return union(sets...)
		}
	case *ssa.FieldAddr:
		vals = p.fields[fieldKey(a)]
	case *ssa.Global:
		vals = p.globals[a]
	}
	if len(vals) == 0 || depth > maxPrefixDepth {
		return prefixSet{}
	}
	var sets []prefixSet
	for _, v := range vals {
		sets = append(sets, p.of(v, depth))
	}
	return union(sets...)
}

// mounts is the prefixes a router the program makes is served under: the
// prefix of each mount of it (chi's Mount, http.StripPrefix), through the
// functions that return it; "" when it is served as it is.
func (p *prefixer) mounts(v ssa.Value, depth int) prefixSet {
	if depth > maxPrefixDepth || v == nil {
		return prefixSet{}
	}
	var sets []prefixSet
	for _, r := range ssavalue.Referrers(v) {
		switch x := r.(type) {
		case *ssa.ChangeType, *ssa.MakeInterface, *ssa.ChangeInterface:
			if s := p.mounts(x.(ssa.Value), depth+1); !s.ok || !root(s) {
				sets = append(sets, s)
			}
		case *ssa.Return:
			for _, ci := range p.callers[x.Parent()] {
				if call := ci.Value(); call != nil {
					if s := p.mounts(call, depth+1); !s.ok || !root(s) {
						sets = append(sets, s)
					}
				}
			}
		case ssa.CallInstruction:
			c := x.Common()
			obj, args := ssavalue.Callee(c)
			if obj == nil {
				continue
			}
			g := p.ix.RouteGroup(obj)
			if g == nil || g.Mounted == nil || *g.Mounted >= len(args) || args[*g.Mounted] != v {
				continue
			}
			// http.StripPrefix (no receiver) strips from the request's
			// path as it arrives, so its prefix is the whole prefix, under
			// whatever router serves it (a chi Mount("/store", …) of it
			// routes the same path).
			base := prefixSet{ps: []string{""}, ok: true}
			if recv := receiver(c, obj); recv != nil {
				base = p.of(recv, depth)
			}
			if g.Prefix == nil || *g.Prefix >= len(args) {
				sets = append(sets, base)
				continue
			}
			rel, ok := constArg(args[*g.Prefix])
			if !ok {
				sets = append(sets, prefixSet{})
				continue
			}
			sets = append(sets, under(base, rel))
		}
	}
	if len(sets) == 0 {
		return prefixSet{ps: []string{""}, ok: true}
	}
	return union(sets...)
}

// root reports whether a set is the root alone.
func root(s prefixSet) bool { return len(s.ps) == 1 && s.ps[0] == "" }
