package summary

import (
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Query builders build SQL text at run time from a chain of calls:
//
//	sq.Insert("t").Columns("a").Values(v).Suffix("ON CONFLICT DO NOTHING").ToSql()
//	ib := sqlbuilder.PostgreSQL.NewInsertBuilder().InsertInto("t"); ib.Cols("a"); ib.Values(v); ib.Build()
//
// The text a chain builds is synthesised here, the parts only known at run
// time replaced by the dynamic marker, and then classified like literal
// SQL, so that keys, claims and the duplicate rules apply unchanged. A
// chain that cannot be read (a builder from the caller or a helper, one
// chosen in a loop, a suffix set at run time, a call not modelled here)
// gives no text, with the reason (strWalk.why).
//
// The knowledge of each library is the shape of the text its builders
// write, so it is code, with the library's source cited; placeholders are
// written "?" and numbered $1, $2 … at the end, as squirrel's Dollar
// format does (squirrel placeholder.go:63-105); quoting and the flavour's
// placeholder style do not change what a statement writes.

// Query builder packages.
const (
	squirrelPkg   = "github.com/Masterminds/squirrel"
	sqlbuilderPkg = "github.com/huandu/go-sqlbuilder"
)

// builtStmt is the statement a builder chain builds, in parts.
type builtStmt struct {
	verb    string   // INSERT, INSERT IGNORE, REPLACE, UPDATE, DELETE, SELECT
	table   string   // dynamic when not constant
	options []string // squirrel Options: INSERT IGNORE … (insert.go:239-243)
	cols    []string
	row     []string    // one row of VALUES: "?" or an expression
	rowVals []ssa.Value // the values of row, when each is given
	sets    []string    // UPDATE "col = expr"
	where   []string
	prefix  []string
	suffix  []string
	why     string // not readable: why
}

// clone is a copy of s that shares no slice with it.
func (s *builtStmt) clone() *builtStmt {
	c := *s
	c.rowVals = append([]ssa.Value(nil), c.rowVals...)
	for _, p := range []*[]string{&c.options, &c.cols, &c.row, &c.sets, &c.where, &c.prefix, &c.suffix} {
		*p = append([]string(nil), *p...)
	}
	return &c
}

// text is the SQL of the statement, after squirrel's and go-sqlbuilder's
// layout (squirrel insert.go:77-118, update.go:77-130, delete.go:40-80,
// select.go:50-160; go-sqlbuilder insert.go:122-150, update.go:174-212,
// delete.go:116-151, select.go:235-361).
func (s *builtStmt) text() string {
	var b strings.Builder
	for _, p := range s.prefix {
		b.WriteString(p + " ")
	}
	table := s.table
	if table == "" {
		table = dynamic
	}
	switch s.verb {
	case "UPDATE":
		b.WriteString("UPDATE " + table + " SET ")
		if len(s.sets) == 0 {
			b.WriteString(dynamic) // no assignment read: does not parse, unknown
		}
		b.WriteString(strings.Join(s.sets, ", "))
	case "DELETE":
		b.WriteString("DELETE FROM " + table)
	case "SELECT":
		b.WriteString("SELECT * FROM " + table)
	default: // INSERT, INSERT IGNORE, REPLACE
		b.WriteString(s.verb + " ")
		for _, o := range s.options {
			b.WriteString(o + " ")
		}
		b.WriteString("INTO " + table)
		if len(s.cols) > 0 {
			b.WriteString(" (" + strings.Join(s.cols, ", ") + ")")
		}
		row := s.row
		if len(row) == 0 {
			row = []string{"?"}
			for i := 1; i < len(s.cols); i++ {
				row = append(row, "?")
			}
		}
		b.WriteString(" VALUES (" + strings.Join(row, ", ") + ")")
	}
	if len(s.where) > 0 && s.verb != "INSERT" && s.verb != "REPLACE" && s.verb != "INSERT IGNORE" {
		b.WriteString(" WHERE " + strings.Join(s.where, " AND "))
	}
	for _, x := range s.suffix {
		b.WriteString(" " + x)
	}
	return numberPlaceholders(b.String())
}

// params are the values of the text's placeholders $1, $2 …, when they
// are known: an insert whose row holds only placeholders and nothing
// before the row has one (the inserted values decide whether a unique key
// is fresh: natkey.go). Nil otherwise.
func (s *builtStmt) params() []ssa.Value {
	switch s.verb {
	case "INSERT", "INSERT IGNORE", "REPLACE":
	default:
		return nil
	}
	if len(s.rowVals) == 0 || len(s.rowVals) != len(s.row) || strings.Contains(strings.Join(s.prefix, " "), "?") {
		return nil
	}
	for _, r := range s.row {
		if r != "?" {
			return nil
		}
	}
	return s.rowVals
}

// numberPlaceholders writes the "?" placeholders of a text as $1, $2 …
// ("??" is a literal "?"), outside quotes, as squirrel's Dollar format
// does (placeholder.go:63-105).
func numberPlaceholders(s string) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'' || c == '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				b.WriteString(s[i:])
				return b.String()
			}
			b.WriteString(s[i : i+j+2])
			i += j + 1
		case c == '?' && i+1 < len(s) && s[i+1] == '?':
			b.WriteByte('?')
			i++
		case c == '?':
			n++
			b.WriteString("$" + strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// builderLib is the query builder library a type belongs to ("" when
// none): squirrel's builders are values, go-sqlbuilder's pointers.
func builderLib(t types.Type) string {
	ptr := false
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	switch n.Obj().Name() {
	case "InsertBuilder", "UpdateBuilder", "DeleteBuilder", "SelectBuilder":
	default:
		return ""
	}
	switch path := n.Obj().Pkg().Path(); {
	case !ptr && pkgIs(path, squirrelPkg):
		return squirrelPkg
	case ptr && pkgIs(path, sqlbuilderPkg):
		return sqlbuilderPkg
	}
	return ""
}

// pkgIs reports whether path is pkg, vendored or not.
func pkgIs(path, pkg string) bool {
	return path == pkg || strings.HasSuffix(path, "/vendor/"+pkg)
}

// calleeIn is the function a static call calls when it is declared in
// pkg, else nil.
func calleeIn(c *ssa.CallCommon, pkg string) *types.Func {
	callee := c.StaticCallee()
	if callee == nil || callee.Object() == nil {
		return nil
	}
	fn, ok := callee.Object().(*types.Func)
	if !ok || fn.Pkg() == nil || !pkgIs(fn.Pkg().Path(), pkg) {
		return nil
	}
	return fn
}

// builderTerminal is the builder whose text the call's first result is:
// squirrel ToSql, MustSql (insert.go:214-226 and the same in update.go,
// delete.go, select.go), go-sqlbuilder Build, BuildWithFlavor, String
// (insert.go:109-122 and the same in update.go, delete.go, select.go).
func builderTerminal(call *ssa.Call) ssa.Value {
	c := &call.Call
	if c.IsInvoke() || len(c.Args) == 0 || builderLib(c.Args[0].Type()) == "" {
		return nil
	}
	fn := calleeIn(c, squirrelPkg)
	if fn == nil {
		fn = calleeIn(c, sqlbuilderPkg)
	}
	if fn == nil || fn.Type().(*types.Signature).Recv() == nil {
		return nil
	}
	switch fn.Name() {
	case "ToSql", "MustSql", "Build", "BuildWithFlavor", "String":
		return c.Args[0]
	}
	return nil
}

// withInitialArgs reports whether at is a go-sqlbuilder BuildWithFlavor,
// whose initial arguments come before the builder's (insert.go:122).
func withInitialArgs(at ssa.Instruction) bool {
	call, ok := at.(*ssa.Call)
	if !ok {
		return false
	}
	fn := calleeIn(&call.Call, sqlbuilderPkg)
	return fn != nil && fn.Name() == "BuildWithFlavor"
}

// builder is the texts of the SQL the builder value v builds, read at the
// instruction at; on failure it records why and returns the dynamic text.
func (sw *strWalk) builder(v ssa.Value, at ssa.Instruction, depth int) []string {
	var stmts []*builtStmt
	switch builderLib(v.Type()) {
	case squirrelPkg:
		stmts = sw.squirrel(v, &builtStmt{}, depth)
	case sqlbuilderPkg:
		stmts = []*builtStmt{sw.sqlbuilder(v, at, depth)}
	default:
		return []string{dynamic}
	}
	var out []string
	sw.builders++
	if len(stmts) == 1 && stmts[0].why == "" && !withInitialArgs(at) {
		sw.params = stmts[0].params()
	}
	for _, s := range stmts {
		if s.why != "" {
			if sw.why == "" {
				sw.why = s.why
			}
			return []string{dynamic}
		}
		if len(out) < maxTexts {
			out = append(out, s.text())
		}
	}
	return out
}

// oneText is a string argument's text when it has exactly one, else the
// dynamic marker.
func (sw *strWalk) oneText(v ssa.Value, depth int) string {
	texts := sw.values(ssavalue.Unconvert(v), depth+1)
	if len(texts) != 1 {
		return dynamic
	}
	return texts[0]
}

// constOne is a string argument's text when it is one constant text.
func (sw *strWalk) constOne(v ssa.Value, depth int) (string, bool) {
	t := sw.oneText(v, depth)
	return t, !strings.Contains(t, dynamic)
}

// texts are the texts of the elements of a variadic string argument; ok
// is false when the slice is not spelled out.
func (sw *strWalk) texts(v ssa.Value, depth int) ([]string, bool) {
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return nil, true
	}
	elems := ssavalue.SliceElems(v)
	if elems == nil {
		return nil, false
	}
	var out []string
	for _, e := range elems {
		out = append(out, sw.oneText(e, depth))
	}
	return out, true
}

// squirrel reads a squirrel chain back from v, the builder the chain's
// last call returned, into copies of s; each phi edge gives a statement.
// Builders are values: each method returns a changed copy (squirrel uses
// github.com/lann/builder), so the receiver chain is the whole history.
func (sw *strWalk) squirrel(v ssa.Value, s *builtStmt, depth int) []*builtStmt {
	fail := func(why string) []*builtStmt {
		c := *s
		c.why = why
		return []*builtStmt{&c}
	}
	for steps := 0; steps < 48; steps++ {
		v = normalize(v)
		switch x := v.(type) {
		case *ssa.Phi:
			if sw.onPath[x] {
				return fail("the squirrel builder is changed in a loop")
			}
			sw.onPath[x] = true
			defer delete(sw.onPath, x)
			edges := x.Edges
			if rows, entry := rowsLoop(x); rows != nil {
				// An insert given one row per item of a loop (query =
				// query.Values(…) for each item): one statement, whose
				// text one row spells as well as many.
				for _, c := range rows {
					if why := sw.squirrelMethod("Values", c.Call.Args[1:], s, depth); why != "" {
						return fail(why)
					}
				}
				edges = entry
			}
			var out []*builtStmt
			for _, e := range edges {
				for _, r := range sw.squirrel(e, s.clone(), depth) {
					if r.why != "" {
						return []*builtStmt{r}
					}
					if len(out) < maxTexts {
						out = append(out, r)
					}
				}
			}
			return out
		case *ssa.Parameter:
			return fail("the squirrel builder comes from the caller (" + x.Name() + ")")
		case *ssa.Call:
		default:
			return fail("the squirrel builder is not built in this function")
		}
		call := v.(*ssa.Call)
		fn := calleeIn(&call.Call, squirrelPkg)
		if fn == nil {
			if callee := call.Call.StaticCallee(); callee != nil {
				return fail("the squirrel builder is returned by " + callee.Name() + ", not read")
			}
			return fail("the squirrel builder is returned by a call not read")
		}
		args := call.Call.Args
		sig := fn.Type().(*types.Signature)
		if sig.Recv() == nil || typeNamed(sig.Recv().Type(), "StatementBuilderType") {
			// The statement: sq.Insert(t) … (statement.go:57-89), or
			// StatementBuilder.PlaceholderFormat(f).Insert(t)
			// (statement.go:9-33); the builder's Where parts
			// (statement.go:47) are not read.
			if sig.Recv() != nil {
				args = args[1:]
			}
			switch fn.Name() {
			case "Insert":
				s.verb = "INSERT"
			case "Replace":
				s.verb = "REPLACE"
			case "Update":
				s.verb = "UPDATE"
			case "Delete":
				s.verb = "DELETE"
			case "Select":
				s.verb = "SELECT"
				if s.table == "" {
					s.table = dynamic // Select(cols).From(t) names it
				}
				return []*builtStmt{s}
			default:
				return fail("squirrel." + fn.Name() + " is not read")
			}
			if len(args) > 0 && s.table == "" {
				s.table = sw.oneText(args[0], depth)
			}
			return []*builtStmt{s}
		}
		if len(args) == 0 {
			return fail("squirrel " + fn.Name() + " is not read")
		}
		recv, args := args[0], args[1:]
		if fn.Name() == "Columns" && !typeNamed(recv.Type(), "InsertBuilder") {
			v = recv
			continue
		}
		if fn.Name() == "SetMap" {
			if why := sw.squirrelSetMap(typeNamed(recv.Type(), "InsertBuilder"), args[0], s, depth); why != "" {
				return fail(why)
			}
			v = recv
			continue
		}
		if why := sw.squirrelMethod(fn.Name(), args, s, depth); why != "" {
			return fail(why)
		}
		v = recv
	}
	return fail("the squirrel chain is too long")
}

// squirrelMethod applies one builder method to s (read from the end of the
// chain: the call nearest ToSql wins where a later one replaces an earlier
// one), or says why it cannot.
func (sw *strWalk) squirrelMethod(name string, args []ssa.Value, s *builtStmt, depth int) string {
	arg := func(i int) ssa.Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	switch name {
	case "PlaceholderFormat", "RunWith", "OrderBy", "OrderByClause", "Limit", "Offset", "RemoveLimit",
		"RemoveOffset", "Distinct", "Columns", "Column", "RemoveColumns", "GroupBy", "Having",
		"Join", "LeftJoin", "RightJoin", "InnerJoin", "CrossJoin", "JoinClause":
		// No change to what the statement writes; InsertBuilder.Columns
		// (insert.go:250) names the inserted columns (a SELECT's are not
		// written: text ignores them).
		if name == "Columns" && len(s.cols) == 0 {
			if cols, ok := sw.texts(arg(0), depth); ok {
				s.cols = cols
			}
		}
	case "Into", "Table", "From":
		// InsertBuilder.Into (insert.go:245), UpdateBuilder.Table
		// (update.go:220), DeleteBuilder.From (delete.go:145),
		// SelectBuilder.From (select.go:281); UpdateBuilder.From is a FROM
		// list (update.go:247), not the table.
		if name == "From" && s.verb == "UPDATE" {
			break
		}
		if s.table == "" && arg(0) != nil {
			s.table = sw.oneText(arg(0), depth)
		}
	case "Values":
		// One row (insert.go:255); an Expr value is written as its SQL
		// (insert.go:125-150).
		if len(s.row) > 0 {
			break
		}
		elems := ssavalue.SliceElems(arg(0))
		if elems == nil {
			return "squirrel Values are given as a list built at run time"
		}
		for _, e := range elems {
			s.row = append(s.row, sw.squirrelValue(e, depth))
			s.rowVals = append(s.rowVals, ssavalue.Unconvert(e))
		}
	case "Set":
		// Set(column, value): "column = ?", or the SQL of an Expr value
		// (update.go:225, 95-109).
		col := sw.oneText(arg(0), depth)
		val := sw.squirrelValue(arg(1), depth)
		if val == dynamic {
			return "a squirrel Set value is an SQL expression not read"
		}
		s.sets = append([]string{col + " = " + val}, s.sets...)
	case "Where":
		s.where = append(s.where, sw.squirrelCond(arg(0), depth))
	case "Suffix", "Prefix":
		text, ok := sw.constOne(arg(0), depth)
		if !ok {
			return "its squirrel " + name + " is set at run time"
		}
		if name == "Suffix" {
			s.suffix = append([]string{text}, s.suffix...)
		} else {
			s.prefix = append([]string{text}, s.prefix...)
		}
	case "Options":
		opts, ok := sw.texts(arg(0), depth)
		if !ok || strings.Contains(strings.Join(opts, " "), dynamic) {
			return "its squirrel Options are set at run time"
		}
		s.options = append(opts, s.options...)
	default:
		// Select (INSERT … SELECT), SuffixExpr, PrefixExpr,
		// FromSelect …
		return "squirrel " + name + " is not read"
	}
	return ""
}

// squirrelSetMap applies SetMap(map literal): the columns and one row of
// values of an insert (insert.go:271-288), or a Set of each key of an
// update (update.go:230-244), in the keys' sorted order.
func (sw *strWalk) squirrelSetMap(insert bool, m ssa.Value, s *builtStmt, depth int) string {
	mm, ok := ssavalue.Unconvert(m).(*ssa.MakeMap)
	if !ok {
		if ct, isCT := m.(*ssa.ChangeType); isCT {
			mm, ok = ct.X.(*ssa.MakeMap)
		}
	}
	if !ok {
		return "the squirrel SetMap map is not a literal"
	}
	type kv struct {
		k, v string
		val  ssa.Value
	}
	var pairs []kv
	for _, r := range *mm.Referrers() {
		up, isUp := r.(*ssa.MapUpdate)
		if !isUp {
			continue
		}
		k, constKey := sw.constOne(up.Key, depth)
		if !constKey {
			return "a squirrel SetMap column is chosen at run time"
		}
		pairs = append(pairs, kv{k, sw.squirrelValue(up.Value, depth), ssavalue.Unconvert(up.Value)})
	}
	sort.Slice(pairs, func(i, j int) bool { return pairs[i].k < pairs[j].k })
	if insert {
		if len(s.cols) > 0 || len(s.row) > 0 {
			return "" // a later Columns/Values call wins
		}
		for _, p := range pairs {
			s.cols, s.row, s.rowVals = append(s.cols, p.k), append(s.row, p.v), append(s.rowVals, p.val)
		}
		return ""
	}
	var sets []string
	for _, p := range pairs {
		if p.v == dynamic {
			return "a squirrel SetMap value is an SQL expression not read"
		}
		sets = append(sets, p.k+" = "+p.v)
	}
	s.sets = append(sets, s.sets...)
	return ""
}

// squirrelValue is the SQL a value given to squirrel's Values or Set is
// written as: an Expr's text (expr.go:27-35), a placeholder otherwise; a
// value of another Sqlizer type (a sub-select, Case) is not read.
func (sw *strWalk) squirrelValue(v ssa.Value, depth int) string {
	if v == nil {
		return dynamic
	}
	u := ssavalue.Unconvert(v)
	if call, ok := u.(*ssa.Call); ok {
		if fn := calleeIn(&call.Call, squirrelPkg); fn != nil && fn.Name() == "Expr" && len(call.Call.Args) > 0 {
			return sw.oneText(call.Call.Args[0], depth)
		}
	}
	if mi, ok := v.(*ssa.MakeInterface); ok {
		if hasMethod(mi.X.Type(), "ToSql") {
			return dynamic
		}
	} else if _, isIface := v.Type().Underlying().(*types.Interface); isIface {
		return dynamic // squirrel asks at run time whether it is a Sqlizer
	}
	return "?"
}

// squirrelCond is the SQL of a Where predicate (where.go:14-45): a string
// with its "?" placeholders, an Expr, or an Eq map literal of constant
// keys (expr.go:139-215); anything else is a condition not read.
func (sw *strWalk) squirrelCond(v ssa.Value, depth int) string {
	if v == nil {
		return dynamic
	}
	u := ssavalue.Unconvert(v)
	if b, ok := u.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
		return "(" + sw.oneText(u, depth) + ")"
	}
	if call, ok := u.(*ssa.Call); ok {
		if fn := calleeIn(&call.Call, squirrelPkg); fn != nil && fn.Name() == "Expr" && len(call.Call.Args) > 0 {
			return "(" + sw.oneText(call.Call.Args[0], depth) + ")"
		}
	}
	if typeNamed(u.Type(), "Eq") {
		if mm, ok := u.(*ssa.MakeMap); ok {
			var conds []string
			for _, r := range *mm.Referrers() {
				up, ok := r.(*ssa.MapUpdate)
				if !ok {
					continue
				}
				k, ok := sw.constOne(up.Key, depth)
				if !ok {
					return dynamic
				}
				conds = append(conds, k+" = ?")
			}
			if len(conds) > 0 {
				return "(" + strings.Join(conds, " AND ") + ")"
			}
		}
	}
	return dynamic
}

// typeNamed reports whether t, or what it points to, is a named type of
// that name (its package checked by the caller).
func typeNamed(t types.Type, name string) bool {
	n, ok := types.Unalias(ssavalue.Deref(t)).(*types.Named)
	return ok && n.Obj().Name() == name
}

// sqlbuilder reads a go-sqlbuilder builder: a pointer every method
// changes in place and returns (insert.go:54-100, update.go:64-90 …), so
// the statement is what the calls on that pointer, the constructor's
// result and the results of its chained calls, write, wherever they are
// in the function. A builder that comes from elsewhere, or is handed to
// code not read, is not read.
func (sw *strWalk) sqlbuilder(v ssa.Value, at ssa.Instruction, depth int) *builtStmt {
	s := &builtStmt{}
	fail := func(why string) *builtStmt { s.why = why; return s }
	aliases := map[ssa.Value]bool{}
	var root *ssa.Call
	for i := 0; root == nil; i++ {
		v = normalize(v)
		if i > 32 {
			return fail("the go-sqlbuilder chain is too long")
		}
		switch x := v.(type) {
		case *ssa.Parameter:
			return fail("the go-sqlbuilder builder comes from the caller (" + x.Name() + ")")
		case *ssa.Call:
			fn := calleeIn(&x.Call, sqlbuilderPkg)
			if fn == nil {
				return fail("the go-sqlbuilder builder is returned by a call not read")
			}
			aliases[x] = true
			sig := fn.Type().(*types.Signature)
			if sig.Recv() == nil || typeNamed(sig.Recv().Type(), "Flavor") {
				// NewInsertBuilder(), Flavor.NewInsertBuilder()
				// (flavor.go:85-111), InsertInto(t) … (insert.go:49,
				// update.go:59, delete.go:56, select.go:85).
				root = x
				args := x.Call.Args
				if sig.Recv() != nil {
					args = args[1:]
				}
				if why := sw.sqlbuilderMethod(fn.Name(), args, s, depth); why != "" {
					return fail(why)
				}
				continue
			}
			v = x.Call.Args[0]
		default:
			return fail("the go-sqlbuilder builder is not built in this function")
		}
	}
	// The calls on the builder: the chain's and the separate ones
	// (ib.Cols(…) on the variable), and those on what they return, the
	// same pointer (ib.Cols(…).Values(…)).
	var calls []*ssa.Call
	seen := map[*ssa.Call]bool{}
	work := make([]ssa.Value, 0, len(aliases))
	for a := range aliases {
		work = append(work, a)
		if c, ok := a.(*ssa.Call); ok && c != root {
			calls, seen[c] = append(calls, c), true
		}
	}
	for len(work) > 0 {
		a := work[len(work)-1]
		work = work[:len(work)-1]
		for _, r := range *a.Referrers() {
			switch u := r.(type) {
			case *ssa.Call:
				if u.Call.IsInvoke() || len(u.Call.Args) == 0 {
					return fail("the go-sqlbuilder builder is handed to a call not read")
				}
				fn := calleeIn(&u.Call, sqlbuilderPkg)
				if fn == nil {
					name := "a call"
					if callee := u.Call.StaticCallee(); callee != nil {
						name = callee.Name()
					}
					return fail("the go-sqlbuilder builder is handed to " + name + ", not read")
				}
				if u.Call.Args[0] != a || seen[u] || u == root {
					// Given as a value to another builder's method (a
					// sub-select in In): that builder writes it as text.
					continue
				}
				calls, seen[u] = append(calls, u), true
				if !aliases[u] && types.Identical(u.Type(), a.Type()) {
					aliases[u] = true // a chained call returns the builder
					work = append(work, u)
				}
			case *ssa.FieldAddr:
				// The embedded Cond (update.go:44, select.go:60): its
				// methods write conditions as text, read where used.
			case *ssa.DebugRef:
			default:
				return fail("the go-sqlbuilder builder is stored or converted, not read")
			}
		}
	}
	sort.Slice(calls, func(i, j int) bool { return calls[i].Pos() < calls[j].Pos() })
	for _, c := range calls {
		fn := calleeIn(&c.Call, sqlbuilderPkg)
		if fn == nil || c == at {
			continue
		}
		switch fn.Name() {
		case "Build", "BuildWithFlavor", "String", "Var", "Assign", "Incr", "Decr", "Add", "Sub", "Mul", "Div", "As", "BuilderAs":
			continue // no change to the builder: texts read where used
		case "Where":
			if at != nil && !dominatesInstr(c, at) {
				// A condition added on some paths only: not required.
				continue
			}
		}
		if why := sw.sqlbuilderMethod(fn.Name(), c.Call.Args[1:], s, depth); why != "" {
			return fail(why)
		}
	}
	if s.verb == "" {
		return fail("the go-sqlbuilder statement is not read")
	}
	return s
}

// dominatesInstr reports whether a runs before b on every path to b.
func dominatesInstr(a, b ssa.Instruction) bool {
	if a.Block() != b.Block() {
		return a.Parent() == b.Parent() && a.Block().Dominates(b.Block())
	}
	for _, in := range a.Block().Instrs {
		switch in {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// sqlbuilderMethod applies a go-sqlbuilder call to s, or says why it
// cannot.
func (sw *strWalk) sqlbuilderMethod(name string, args []ssa.Value, s *builtStmt, depth int) string {
	arg := func(i int) ssa.Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	table := func(verb string) {
		s.verb = verb
		if a := arg(0); a != nil {
			if elems := ssavalue.SliceElems(a); elems != nil && len(elems) > 0 {
				a = elems[0] // From(table ...string)
			}
			s.table = sw.oneText(a, depth)
		}
	}
	switch name {
	case "NewInsertBuilder":
		s.verb = "INSERT"
	case "NewUpdateBuilder":
		s.verb = "UPDATE"
	case "NewDeleteBuilder":
		s.verb = "DELETE"
	case "NewSelectBuilder":
		s.verb = "SELECT"
	case "InsertInto": // insert.go:49-58
		table("INSERT")
	case "InsertIgnoreInto": // insert.go:61-71
		table("INSERT IGNORE")
	case "ReplaceInto": // insert.go:75-86
		table("REPLACE")
	case "Update": // update.go:59-68
		table("UPDATE")
	case "DeleteFrom": // delete.go:56-65
		table("DELETE")
	case "From": // select.go:104
		table("SELECT")
	case "Select": // select.go:85-95: the columns
		s.verb = "SELECT"
	case "Cols": // insert.go:89
		if cols, ok := sw.texts(arg(0), depth); ok {
			s.cols = cols
		}
	case "Values": // insert.go:96-106: one row of placeholders
		if len(s.row) == 0 {
			if elems := ssavalue.SliceElems(arg(0)); elems != nil {
				for _, e := range elems {
					s.row = append(s.row, "?")
					s.rowVals = append(s.rowVals, ssavalue.Unconvert(e))
				}
			}
		}
	case "Set", "SetMore": // update.go:71-83
		elems := ssavalue.SliceElems(arg(0))
		if elems == nil {
			return "its go-sqlbuilder assignments are a list built at run time"
		}
		for _, e := range elems {
			x := sw.sqlbuilderExpr(e, depth)
			if x == dynamic {
				return "a go-sqlbuilder assignment is built at run time"
			}
			s.sets = append(s.sets, x)
		}
	case "Where": // update.go:85, delete.go:68, select.go:141
		elems := ssavalue.SliceElems(arg(0))
		if elems == nil {
			s.where = append(s.where, dynamic)
			break
		}
		for _, e := range elems {
			s.where = append(s.where, "("+sw.sqlbuilderExpr(e, depth)+")")
		}
	case "SQL": // insert.go:164, update.go:221, delete.go:160: raw SQL at the current position
		text, ok := sw.constOne(arg(0), depth)
		if !ok {
			return "its go-sqlbuilder SQL is set at run time"
		}
		s.suffix = append(s.suffix, text)
	case "ForUpdate": // select.go:197
		s.suffix = append(s.suffix, "FOR UPDATE")
	case "ForShare": // select.go:204
		s.suffix = append(s.suffix, "FOR SHARE")
	case "OrderBy", "Asc", "Desc", "Limit", "Offset", "SetFlavor", "Distinct", "GroupBy", "Having", "Join", "JoinWithOption":
	default:
		return "go-sqlbuilder " + name + " is not read"
	}
	return ""
}

// sqlbuilderExpr is the SQL text an expression argument holds: the
// result of a Cond method (cond.go:17-140) or of an UpdateBuilder
// assignment method (update.go:92-130), or a string; a value is "?".
func (sw *strWalk) sqlbuilderExpr(v ssa.Value, depth int) string {
	v = normalize(v)
	call, ok := v.(*ssa.Call)
	if !ok {
		return sw.oneText(v, depth)
	}
	fn := calleeIn(&call.Call, sqlbuilderPkg)
	if fn == nil || fn.Type().(*types.Signature).Recv() == nil {
		return sw.oneText(v, depth)
	}
	args := call.Call.Args[1:]
	field := dynamic
	if len(args) > 0 {
		if b, ok := args[0].Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			field = sw.oneText(args[0], depth)
		}
	}
	binary := map[string]string{
		"Equal": "=", "E": "=", "NotEqual": "<>", "NE": "<>", "GreaterThan": ">", "G": ">",
		"GreaterEqualThan": ">=", "GE": ">=", "LessThan": "<", "L": "<", "LessEqualThan": "<=", "LE": "<=",
		"Like": "LIKE", "NotLike": "NOT LIKE", "Assign": "=",
	}
	self := map[string]string{"Incr": "+ 1", "Decr": "- 1", "Add": "+ ?", "Sub": "- ?", "Mul": "* ?", "Div": "/ ?"}
	switch name := fn.Name(); {
	case binary[name] != "":
		return field + " " + binary[name] + " ?"
	case self[name] != "":
		return field + " = " + field + " " + self[name]
	case name == "In" || name == "NotIn":
		return field + " " + map[string]string{"In": "IN", "NotIn": "NOT IN"}[name] + " (?)"
	case name == "IsNull":
		return field + " IS NULL"
	case name == "IsNotNull":
		return field + " IS NOT NULL"
	case name == "Between":
		return field + " BETWEEN ? AND ?"
	case name == "NotBetween":
		return field + " NOT BETWEEN ? AND ?"
	case name == "Var":
		return "?"
	case name == "Or" || name == "And":
		elems := ssavalue.SliceElems(call.Call.Args[1])
		if elems == nil {
			return dynamic
		}
		var parts []string
		for _, e := range elems {
			parts = append(parts, sw.sqlbuilderExpr(e, depth))
		}
		return "(" + strings.Join(parts, " "+strings.ToUpper(name)+" ") + ")"
	}
	return dynamic
}

// rowsLoop, for a squirrel builder phi whose loop edge only adds rows to
// an insert (query = query.Values(…) in the loop's body), is that edge's
// Values calls and the phi's other edges (the builder the loop starts
// from); nil when an edge back to the phi does anything else.
func rowsLoop(x *ssa.Phi) (rows []*ssa.Call, entry []ssa.Value) {
	for _, e := range x.Edges {
		var chain []*ssa.Call
		v := normalize(e)
		for v != ssa.Value(x) {
			c, ok := v.(*ssa.Call)
			if !ok {
				break
			}
			fn := calleeIn(&c.Call, squirrelPkg)
			if fn == nil || fn.Name() != "Values" || len(c.Call.Args) < 2 || !typeNamed(c.Call.Args[0].Type(), "InsertBuilder") {
				break
			}
			chain = append(chain, c)
			v = normalize(c.Call.Args[0])
		}
		switch {
		case v == ssa.Value(x) && len(chain) > 0 && rows == nil:
			rows = chain
		case v == ssa.Value(x):
			return nil, nil // a second loop edge, or one that adds nothing
		default:
			entry = append(entry, e)
		}
	}
	if rows == nil || len(entry) == 0 {
		return nil, nil
	}
	return rows, entry
}
