package summary

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// dynamic stands for the parts of a string that are only known at run
// time. It is a valid SQL identifier, so partly constant SQL still parses.
const dynamic = "jobeffects_dyn"

// normalize strips conversions that do not change a value's identity
// (interface boxing, named-type changes), so the same transaction seen
// through store.Execer and pgx.Tx compares equal.
//
// Variables captured by closures live in heap cells: the closure loads
// the cell (a free variable), the enclosing function stores the value into
// it once. Both sides are normalised to the variable itself, so a
// transaction captured by a callback is the same value as outside it.
func normalize(v ssa.Value) ssa.Value {
	for i := 0; i < 16; i++ {
		v = ssavalue.Unconvert(v)
		switch x := v.(type) {
		case *ssa.TypeAssert:
			v = x.X
		case *ssa.Field:
			// A method promoted from an embedded field (sqlx.Tx embeds
			// *sql.Tx) runs on the outer value.
			if embedded(x.X.Type(), x.Field) {
				v = x.X
				continue
			}
			return v
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return v
			}
			switch c := x.X.(type) {
			case *ssa.FieldAddr:
				if embedded(c.X.Type(), c.Field) {
					v = c.X
					continue
				}
			case *ssa.FreeVar:
				return c
			case *ssa.Alloc:
				if stored := ssavalue.OnlyStore(c); stored != nil {
					v = stored
					continue
				}
			}
			return v
		case *ssa.Alloc:
			if stored := ssavalue.OnlyStore(x); stored != nil {
				v = stored
				continue
			}
			return v
		default:
			return v
		}
	}
	return v
}

// funcRef is a function a function value resolves to.
type funcRef struct {
	fn       *ssa.Function
	bindings []ssa.Value // closure free variables
	recv     ssa.Value   // bound method receiver
}

// resolveFuncs returns the functions v can be, or nil when unknown.
func resolveFuncs(v ssa.Value) []funcRef {
	return resolve(v, 0, map[*ssa.Phi]bool{}, nil)
}

// resolveFuncs is the package-level resolveFuncs: a variable that merges
// a struct field with other function values (work := w.work; if work ==
// nil { work = func(…){…} }) is resolved when the field is one of the
// package's own unexported fields, whose every store the package's
// production code makes (fieldFuncs).
func (p *Package) resolveFuncs(v ssa.Value) []funcRef {
	return resolve(v, 0, map[*ssa.Phi]bool{}, p.fieldFuncs)
}

// resolve is resolveFuncs with the phis already resolved: a loop's phi
// leads back to itself (f = g in a loop), and a phi met again adds nothing
// its first visit did not. A nil edge of a phi adds nothing (calling nil
// panics before anything runs). fields, if set, gives the values stored
// into a field that a phi's edge loads (ok false: not known).
func resolve(v ssa.Value, depth int, seen map[*ssa.Phi]bool, fields func(*types.Var) ([]ssa.Value, bool)) []funcRef {
	if depth > 8 || v == nil {
		return nil
	}
	switch x := normalize(v).(type) {
	case *ssa.Function:
		return []funcRef{{fn: x}}
	case *ssa.MakeClosure:
		fn, _ := x.Fn.(*ssa.Function)
		if fn == nil {
			return nil
		}
		if fn.Synthetic != "" && fn.Parent() == nil && len(x.Bindings) == 1 {
			// A bound method value: the method with its receiver.
			if obj, ok := fn.Object().(*types.Func); ok && obj != nil {
				if real := fn.Prog.FuncValue(obj); real != nil {
					return []funcRef{{fn: real, recv: x.Bindings[0]}}
				}
			}
		}
		return []funcRef{{fn: fn, bindings: x.Bindings}}
	case *ssa.Phi:
		if seen[x] {
			return []funcRef{} // known: the other edges decide
		}
		seen[x] = true
		out := []funcRef{}
		for _, e := range x.Edges {
			if c, ok := normalize(e).(*ssa.Const); ok && c.IsNil() {
				continue // nil: the call panics, it runs nothing
			}
			var r []funcRef
			if f := loadedFuncField(e); f != nil && fields != nil {
				r = storedFuncs(f, depth, fields)
			} else {
				r = resolve(e, depth+1, seen, fields)
			}
			if r == nil {
				return nil
			}
			out = append(out, r...)
		}
		return out
	}
	return nil
}

// loadedFuncField is the struct field v loads (through a pointer or from a
// struct value), or nil.
func loadedFuncField(v ssa.Value) *types.Var {
	var t types.Type
	var i int
	switch x := ssavalue.Unconvert(v).(type) {
	case *ssa.UnOp:
		fa, ok := x.X.(*ssa.FieldAddr)
		if !ok || x.Op != token.MUL {
			return nil
		}
		t, i = fa.X.Type(), fa.Field
	case *ssa.Field:
		t, i = x.X.Type(), x.Field
	default:
		return nil
	}
	st, ok := ssavalue.Deref(t).Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	return st.Field(i).Origin()
}

// storedFuncs are the functions the values stored into field f can be:
// none when nothing but nil is stored there, nil when a stored value is not
// known. A stored closure's free variables and a bound method's receiver
// belong to the function that stored it and are left out.
func storedFuncs(f *types.Var, depth int, fields func(*types.Var) ([]ssa.Value, bool)) []funcRef {
	vals, ok := fields(f)
	if !ok {
		return nil
	}
	out := []funcRef{}
	for _, v := range vals {
		if c, ok := normalize(v).(*ssa.Const); ok && c.IsNil() {
			continue
		}
		r := resolve(v, depth+1, map[*ssa.Phi]bool{}, nil)
		if r == nil {
			return nil
		}
		for _, x := range r {
			out = append(out, funcRef{fn: x.fn})
		}
	}
	return out
}

// describeValue names a function value for messages: "d.Hook", "fn".
func describeValue(v ssa.Value) string {
	switch x := normalize(v).(type) {
	case *ssa.Parameter:
		return x.Name()
	case *ssa.UnOp:
		if g, ok := x.X.(*ssa.Global); ok {
			if g.Pkg != nil {
				return g.Pkg.Pkg.Name() + "." + g.Name()
			}
			return g.Name()
		}
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			return fieldName(fa.X.Type(), fa.Field)
		}
	case *ssa.Field:
		return fieldName(x.X.Type(), x.Field)
	case *ssa.Call:
		return "the result of a call"
	}
	return "value of type " + types.TypeString(v.Type(), func(p *types.Package) string { return p.Name() })
}

// funcValueText names a called function value in a sentence: "function
// value notify" for a named one, "a function value of type func()" for
// one known by its type only (not "function value value of type").
func funcValueText(v ssa.Value) string {
	switch d := describeValue(v); {
	case strings.HasPrefix(d, "value of type "):
		return "a function " + d
	case d == "the result of a call":
		return "the function a call returned"
	default:
		return "function value " + d
	}
}

// theValue is describeValue with an article where it names a type.
func theValue(v ssa.Value) string {
	d := describeValue(v)
	if strings.HasPrefix(d, "value of type ") {
		return "a " + d
	}
	return d
}

func fieldName(t types.Type, i int) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return "a field"
	}
	name := types.TypeString(t, func(p *types.Package) string { return p.Name() })
	return name + "." + st.Field(i).Name()
}

// stringValues returns the texts a string value can have, with run-time
// parts replaced by the dynamic marker; nil when nothing is constant.
// It follows constants, concatenation, conversions, phis and fmt.Sprintf
// with a constant format.
func stringValues(v ssa.Value) []string {
	return stringValuesIn(nil, v)
}

// stringValuesIn is stringValues for SQL text: with p it also reads what
// the package keeps in struct fields and in variables only their
// declaration assigns (globalstr.go, sqltext.go), the %s and %v arguments
// of fmt.Sprintf, and strings.Join of a list the code or a catalogued
// function builds (string_list).
func stringValuesIn(p *Package, v ssa.Value) []string {
	kept, _, _ := sqlTextsWhy(p, v)
	return kept
}

// sqlTextsWhy is stringValuesIn with, when a query builder's text could
// not be read (sqlbuild.go), why, and when the text is one query
// builder's, the values of its placeholders when known.
func sqlTextsWhy(p *Package, v ssa.Value) ([]string, string, []ssa.Value) {
	sw := &strWalk{onPath: map[*ssa.Phi]bool{}, budget: maxStrSteps, p: p}
	out := sw.values(v, 0)
	var kept []string
	for _, s := range out {
		if strings.TrimSpace(strings.ReplaceAll(s, dynamic, "")) != "" {
			kept = append(kept, s)
		}
	}
	var params []ssa.Value
	if sw.builders == 1 && len(kept) == 1 {
		params = sw.params
	}
	return kept, sw.why, params
}

const maxTexts = 8

// maxStrSteps bounds the values one stringValues looks at: a switch in a
// loop (s += "a" in one case, s += "b" in another) makes phis whose edges
// multiply at every level.
const maxStrSteps = 512

// strWalk is one stringValues: the phis on the current path (a string
// built in a loop reaches its own phi: that part is dynamic) and the steps
// left.
type strWalk struct {
	onPath map[*ssa.Phi]bool
	budget int
	// p, when set (SQL text, stringValuesIn), also reads what the
	// package keeps in struct fields and package variables, the arguments
	// of a fmt.Sprintf, the lists strings.Join joins, and the SQL query
	// builders build (sqlbuild.go).
	p *Package
	// why a query builder's text was not read, the first one met.
	why string
	// builders counts the query builders read; params are the values of
	// the placeholders of the last one's text, when known.
	builders int
	params   []ssa.Value
	// calls is how many calls to the program's own functions deep the
	// walk still follows (helperstr.go; URL walks only); bound are the
	// texts of the parameters of the helper being read.
	calls int
	bound map[*ssa.Parameter]string
}

func (sw *strWalk) values(v ssa.Value, depth int) []string {
	sw.budget--
	if v == nil || depth > 12 || sw.budget < 0 {
		return []string{dynamic}
	}
	if sw.p != nil && builderLib(v.Type()) != "" {
		// A builder executed itself (squirrel RunWith(db).Exec()).
		var at ssa.Instruction
		if in, ok := v.(ssa.Instruction); ok {
			at = in
		}
		return sw.builder(v, at, depth)
	}
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.String {
			return []string{constant.StringVal(x.Value)}
		}
	case *ssa.Parameter:
		if t, ok := sw.bound[x]; ok {
			return []string{t}
		}
	case *ssa.UnOp:
		if sw.p != nil && x.Op == token.MUL {
			if kept := sw.kept(x.X, depth); kept != nil {
				return kept
			}
		}
	case *ssa.BinOp:
		if x.Op.String() == "+" {
			l, r := sw.values(x.X, depth+1), sw.values(x.Y, depth+1)
			var out []string
			for _, a := range l {
				for _, b := range r {
					if len(out) < maxTexts {
						out = append(out, a+b)
					}
				}
			}
			return out
		}
	case *ssa.Phi:
		if sw.onPath[x] {
			return []string{dynamic}
		}
		sw.onPath[x] = true
		defer delete(sw.onPath, x)
		var out []string
		for _, e := range x.Edges {
			for _, s := range sw.values(e, depth+1) {
				if len(out) < maxTexts {
					out = append(out, s)
				}
			}
		}
		return out
	case *ssa.ChangeType:
		return sw.values(x.X, depth+1)
	case *ssa.Field:
		// q := sqlqueries.AnalyzedAudit; q.Create: a field of a query
		// table's copy (globalfields.go).
		if load, ok := x.X.(*ssa.UnOp); ok && sw.p != nil && load.Op == token.MUL {
			if g, ok := load.X.(*ssa.Global); ok {
				if texts := sw.p.globalFieldTexts(g, x.Field); len(texts) > 0 && len(texts) <= maxTexts {
					return texts
				}
			}
		}
	case *ssa.Convert:
		if b, ok := x.X.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return sw.values(x.X, depth+1)
		}
	case *ssa.Call:
		if b := builderTerminal(x); b != nil && sw.p != nil {
			return sw.builder(b, x, depth+1) // go-sqlbuilder String()
		}
		if callee := x.Call.StaticCallee(); callee != nil && callee.Object() != nil && len(x.Call.Args) > 0 {
			switch callee.Object().(*types.Func).FullName() {
			case "(*net/url.URL).String":
				// base.ResolveReference(&url.URL{Path: p}).String(): a
				// base URL not known here, then the path p (its tail is
				// p's whichever base it resolves against)
				if ref := resolvedRef(x.Call.Args[0]); ref != nil {
					if sts := ssavalue.FieldStores(ref, "Path"); len(sts) == 1 {
						var out []string
						for _, p := range sw.values(sts[0].Val, depth+1) {
							out = append(out, dynamic+"/"+strings.TrimPrefix(p, "/"))
						}
						return out
					}
				}
			case "fmt.Sprintf":
				var out []string
				for _, f := range sw.values(x.Call.Args[0], depth+1) {
					if sw.p != nil && len(x.Call.Args) == 2 {
						out = append(out, sw.format(f, x.Call.Args[1], depth)...)
						continue
					}
					out = append(out, formatTemplate(f))
				}
				return out
			case "strings.Join":
				if sw.p != nil && len(x.Call.Args) == 2 {
					return sw.join(x.Call.Args[0], x.Call.Args[1], depth)
				}
			case "path.Join":
				return sw.joinPath("", x.Call.Args[0], depth)
			case "strings.Replace", "strings.ReplaceAll":
				return sw.replace(x.Call.Args, depth)
			}
		}
		if sw.calls > 0 {
			return sw.helperResult(x, 0, depth)
		}
	case *ssa.Extract:
		// query, args, err := b.ToSql(): the text the builder builds
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 && sw.p != nil {
			if b := builderTerminal(call); b != nil {
				return sw.builder(b, call, depth+1)
			}
		}
		// base, err := url.JoinPath(base, "orders", id)
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
			if callee := call.Call.StaticCallee(); callee != nil && callee.Object() != nil && len(call.Call.Args) == 2 &&
				callee.Object().(*types.Func).FullName() == "net/url.JoinPath" {
				bases := sw.values(call.Call.Args[0], depth+1)
				if len(bases) == 1 {
					return sw.joinPath(bases[0], call.Call.Args[1], depth)
				}
			}
		}
		// path, err := s.JoinPath("embed/"): a helper's result
		if call, ok := x.Tuple.(*ssa.Call); ok && sw.calls > 0 {
			return sw.helperResult(call, x.Index, depth)
		}
	}
	return []string{dynamic}
}

// replace is strings.Replace(s, old, new, n) and ReplaceAll(s, old,
// new) of a constant text: SQL whose placeholder list is expanded at run
// time (strings.Replace(selectSQL, "($1)", sqlutil.QueryVariadic(n), 1))
// keeps its statement. A replacement that is not constant marks the text
// dynamic there, except where the replaced text is itself a placeholder
// list ($1, ?): the expansion is one too, and keeping it keeps the SQL
// parseable (the kind and table of the statement do not depend on it).
func (sw *strWalk) replace(args []ssa.Value, depth int) []string {
	if len(args) < 3 {
		return []string{dynamic}
	}
	olds := sw.values(args[1], depth+1)
	if len(olds) != 1 || strings.Contains(olds[0], dynamic) || olds[0] == "" {
		return []string{dynamic}
	}
	old := olds[0]
	news := sw.values(args[2], depth+1)
	placeholder := strings.ContainsAny(old, "$?") && strings.TrimFunc(old, func(r rune) bool {
		return strings.ContainsRune("$?0123456789(), ", r)
	}) == ""
	var out []string
	for _, text := range sw.values(args[0], depth+1) {
		for _, nw := range news {
			if strings.Contains(nw, dynamic) && placeholder {
				nw = old
			}
			if len(out) < maxTexts {
				out = append(out, strings.ReplaceAll(text, old, nw))
			}
		}
	}
	return out
}

// joinPath is base joined with the elements of a variadic slice by "/",
// as url.JoinPath and path.Join do; one text, dynamic elements marked.
func (sw *strWalk) joinPath(base string, elems ssa.Value, depth int) []string {
	parts := ssavalue.SliceElems(elems)
	if parts == nil {
		return []string{dynamic}
	}
	out := strings.TrimRight(base, "/")
	for _, p := range parts {
		texts := sw.values(p, depth+1)
		t := dynamic
		if len(texts) == 1 {
			t = strings.Trim(texts[0], "/")
		}
		if out == "" && base == "" {
			out = t
			continue
		}
		out += "/" + t
	}
	return []string{out}
}

// formatTemplate replaces the verbs of a Printf format with the dynamic
// marker ("%%" stays a percent sign).
func formatTemplate(f string) string {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		if i+1 < len(f) && f[i+1] == '%' {
			b.WriteByte('%')
			i++
			continue
		}
		j := i + 1
		for j < len(f) && strings.IndexByte("+-# 0123456789.[]*", f[j]) >= 0 {
			j++
		}
		if j < len(f) {
			j++ // the verb
		}
		b.WriteString(dynamic)
		i = j - 1
	}
	return b.String()
}

// constTarget returns a constant naming an effect's target: a string, or
// the elements of a slice literal of strings (variadic keys, or a
// pgx.Identifier{"schema", "table"}, joined with dots).
func constTarget(v ssa.Value) string {
	if texts := stringValues(v); len(texts) == 1 && !strings.Contains(texts[0], dynamic) {
		return texts[0]
	}
	elems := ssavalue.SliceElems(v)
	if len(elems) == 0 {
		return ""
	}
	var parts []string
	for _, e := range elems {
		texts := stringValues(normalize(e))
		if len(texts) != 1 || strings.Contains(texts[0], dynamic) {
			return ""
		}
		parts = append(parts, texts[0])
	}
	if _, isIdent := v.Type().(*types.Named); isIdent {
		return strings.Join(parts, ".")
	}
	return parts[0]
}

// embedded reports whether field i of the struct t (or *t) is embedded.
func embedded(t types.Type, i int) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return ok && i < st.NumFields() && st.Field(i).Embedded()
}

// resolvedRef is the reference URL of base.ResolveReference(ref), the
// struct ref points to; nil when v is no such call.
func resolvedRef(v ssa.Value) ssa.Value {
	call, ok := normalize(v).(*ssa.Call)
	if !ok || len(call.Call.Args) != 2 {
		return nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Object() == nil || callee.Object().(*types.Func).FullName() != "(*net/url.URL).ResolveReference" {
		return nil
	}
	return normalize(call.Call.Args[1])
}
