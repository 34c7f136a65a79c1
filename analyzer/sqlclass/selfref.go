package sqlclass

import (
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// accumOps are the operators under which a self-reference makes an
// assignment accumulate: n = n + 1, s = s || 'x', n = -n.
var accumOps = set("+", "-", "*", "/", "||")

// accumFuncs are the functions under which a self-reference accumulates:
// tags = array_append(tags, $1), s = concat(s, $1).
var accumFuncs = set("array_append", "array_prepend", "array_cat", "concat", "concat_ws")

// selfRef tells which column references denote the assignment target's
// own (old) value.
type selfRef struct {
	// quals are the qualifiers that name the target table: its name, its
	// schema-qualified name and its alias. nil means "any qualifier except
	// excluded" (fragments, whose table is not known).
	quals map[string]bool
}

func targetRef(rv *pg_query.RangeVar) selfRef {
	q := map[string]bool{}
	if rv != nil {
		q[rv.Relname] = true
		if rv.Schemaname != "" {
			q[rv.Schemaname+"."+rv.Relname] = true
		}
		if a := aliasOf(rv); a != "" {
			q[a] = true
		}
	}
	return selfRef{quals: q}
}

// is reports whether cr refers to column col of the target: unqualified, or
// qualified by the table name or alias; never excluded.col.
func (s selfRef) is(cr *pg_query.ColumnRef, col string) bool {
	f := stringsOf(cr.Fields)
	if len(f) == 0 || f[len(f)-1] != col {
		return false
	}
	if len(f) == 1 {
		return true
	}
	q := strings.Join(f[:len(f)-1], ".")
	if q == "excluded" {
		return false
	}
	if s.quals == nil {
		return true
	}
	return s.quals[q]
}

// accumulates reports why the expression val, assigned to column col,
// accumulates onto col's old value: a self-reference that is an operand, at
// any depth, of + - * / || or an argument of array_append / array_prepend /
// array_cat / concat / concat_ws. Wrappers such as GREATEST, LEAST,
// COALESCE, jsonb_set or CASE do not accumulate by themselves (n =
// greatest(n, $1) converges), but an accumulating operator above them still
// counts (n = coalesce(n, 0) + 1). Sub-selects are skipped: their column
// references belong to another scope. It returns "" when val does not
// accumulate.
//
// "||" merges when an operand is a jsonb object (attrs =
// coalesce(attrs, '{}'::jsonb) || $1): merging the same keys twice gives
// the same object, so it does not accumulate. When no operand tells
// jsonb from text or an array (attrs = attrs || $1), concatOnly is set:
// the column's type decides, which only the schema knows.
func (s selfRef) accumulates(val *pg_query.Node, col string) (why string, concatOnly bool) {
	if val == nil || col == "" {
		return "", false
	}
	return s.walk(val.ProtoReflect(), col, "", false, false)
}

// walk searches m for a self-reference below an accumulating operator; via
// is the innermost such operator seen on the path from the assigned value
// down to m ("" when none), untyped whether it is a "||" whose operands'
// types are not known, and merging whether m is an operand of a jsonb
// merge (a "||" inside it is one too: attrs || excluded.attrs ||
// '{}'::jsonb).
func (s selfRef) walk(m protoreflect.Message, col, via string, untyped, merging bool) (string, bool) {
	switch v := m.Interface().(type) {
	case *pg_query.SubLink:
		return "", false
	case *pg_query.ColumnRef:
		if via != "" && s.is(v, col) {
			return "self-reference: " + col + " is an operand of " + via, untyped
		}
		return "", false
	case *pg_query.A_Expr:
		if v.Kind == pg_query.A_Expr_Kind_AEXPR_OP {
			if op := lastName(v.Name); accumOps[op] && !isKeyRemoval(op, v.Rexpr) {
				kind := concatKind(op, v)
				if kind == concatUntyped && merging {
					kind = concatMerge
				}
				merging = kind == concatMerge
				if kind != concatMerge {
					via, untyped = strconv.Quote(op), kind == concatUntyped
				}
			}
		}
	case *pg_query.FuncCall:
		merging = false
		if name := lastName(v.Funcname); accumFuncs[name] {
			via, untyped = name+"()", false
		}
	case *pg_query.TypeCast:
		merging = false
	}
	found, foundUntyped := "", false
	children(m, func(c protoreflect.Message) {
		if found == "" {
			found, foundUntyped = s.walk(c, col, via, untyped, merging)
		}
	})
	return found, foundUntyped
}

// What the operands of a "||" say it does.
const (
	concatUntyped = iota // no operand tells: the column's type decides
	concatMerge          // jsonb object merge: does not accumulate
	concatAppend         // text or array concatenation (or not a "||"): accumulates
)

// concatKind tells a "||" by the types its operands' literals and casts
// show: a jsonb object ('{…}'::jsonb, jsonb_build_object(…)) makes it a
// merge; a jsonb array, an ARRAY[…], or a cast to text or to an array
// type an append. $1::jsonb alone says jsonb but not whether object or
// array, and an uncast '{…}' takes the column's type (text, a text[]
// literal or jsonb): untyped.
func concatKind(op string, e *pg_query.A_Expr) int {
	if op != "||" {
		return concatAppend
	}
	return max(typeKind(e.Lexpr), typeKind(e.Rexpr))
}

// typeKind is what an operand of "||" shows of its type, looking through
// the expressions that keep their operands' type (COALESCE, CASE, another
// "||") but not into a function's or a cast's arguments.
func typeKind(n *pg_query.Node) int {
	if n == nil {
		return concatUntyped
	}
	switch v := n.Node.(type) {
	case *pg_query.Node_AArrayExpr:
		return concatAppend
	case *pg_query.Node_AExpr:
		if v.AExpr.Kind == pg_query.A_Expr_Kind_AEXPR_OP && lastName(v.AExpr.Name) == "||" {
			return max(typeKind(v.AExpr.Lexpr), typeKind(v.AExpr.Rexpr))
		}
	case *pg_query.Node_CoalesceExpr:
		k := concatUntyped
		for _, a := range v.CoalesceExpr.Args {
			k = max(k, typeKind(a))
		}
		return k
	case *pg_query.Node_CaseExpr:
		k := typeKind(v.CaseExpr.Defresult)
		for _, w := range v.CaseExpr.Args {
			if cw := w.GetCaseWhen(); cw != nil {
				k = max(k, typeKind(cw.Result))
			}
		}
		return k
	case *pg_query.Node_FuncCall:
		switch lastName(v.FuncCall.Funcname) {
		case "jsonb_build_object", "json_build_object", "jsonb_object", "json_object":
			return concatMerge
		case "jsonb_build_array", "json_build_array", "array_agg", "array_append", "array_prepend", "array_cat":
			return concatAppend
		}
	case *pg_query.Node_TypeCast:
		tn := v.TypeCast.TypeName
		if tn == nil {
			break
		}
		if len(tn.ArrayBounds) > 0 {
			return concatAppend
		}
		switch lastName(tn.Names) {
		case "jsonb", "json":
			if lit, ok := constString(v.TypeCast.Arg); ok {
				switch t := strings.TrimSpace(lit); {
				case strings.HasPrefix(t, "{"):
					return concatMerge
				case strings.HasPrefix(t, "["):
					return concatAppend
				}
			}
			return typeKind(v.TypeCast.Arg)
		case "text", "varchar", "bpchar", "bytea", "bit", "varbit", "tsvector":
			return concatAppend
		}
	}
	return concatUntyped
}

// isKeyRemoval recognises jsonb/hstore key removal, data - 'key' or
// data - '{a,b}'::text[]: a "-" whose right operand is a non-numeric string
// literal (or one cast to text). Removing a key is idempotent, so it is not
// an accumulation. A parameter ($1) on the right stays an accumulation: only
// column types could tell.
func isKeyRemoval(op string, rexpr *pg_query.Node) bool {
	if op != "-" || rexpr == nil {
		return false
	}
	if tc := rexpr.GetTypeCast(); tc != nil {
		if tc.TypeName == nil {
			return false
		}
		switch lastName(tc.TypeName.Names) {
		case "text", "varchar", "bpchar", "name":
		default:
			return false
		}
		rexpr = tc.Arg
	}
	c := rexpr.GetAConst()
	if c == nil || c.GetSval() == nil {
		return false
	}
	_, err := strconv.ParseFloat(strings.TrimSpace(c.GetSval().Sval), 64)
	return err != nil
}

// setListAccumulates checks an UPDATE / ON CONFLICT DO UPDATE / MERGE
// UPDATE SET list. For SET (a, b) = (x, y) pg_query gives each target a
// MultiAssignRef{Source: RowExpr, Colno}; the value of target i is
// Args[Colno-1]. It returns the first accumulation's reason, or "". When
// every accumulation is a "||" of untold types, concat lists their
// columns: the schema may say they are jsonb, which merges.
func (s selfRef) setListAccumulates(targets []*pg_query.Node) (why string, concat []string) {
	untypedWhy := ""
	for _, t := range targets {
		rt := t.GetResTarget()
		if rt == nil {
			continue
		}
		val := rt.Val
		if mar := val.GetMultiAssignRef(); mar != nil {
			val = mar.Source
			if row := mar.Source.GetRowExpr(); row != nil {
				if i := int(mar.Colno) - 1; i >= 0 && i < len(row.Args) {
					val = row.Args[i]
				}
			}
		}
		if val == rt.Val && attemptCounter(rt.Name) && s.plusOne(val, rt.Name) {
			continue // attempt.go: counts the runs, a redelivery among them
		}
		w, untyped := s.accumulates(val, rt.Name)
		switch {
		case w == "":
		case !untyped:
			return w, nil
		default:
			if untypedWhy == "" {
				untypedWhy = w
			}
			concat = append(concat, rt.Name)
		}
	}
	return untypedWhy, concat
}

// accumulatedCols lists the columns a SET list accumulates onto (as
// setListAccumulates decides, attempt counters stepped by one left out),
// comma-separated, for Stmt.Accumulates.
func (s selfRef) accumulatedCols(targets []*pg_query.Node) string {
	var cols []string
	for _, t := range targets {
		rt := t.GetResTarget()
		if rt == nil || rt.Val == nil || rt.Val.GetMultiAssignRef() != nil {
			continue
		}
		if attemptCounter(rt.Name) && s.plusOne(rt.Val, rt.Name) {
			continue
		}
		if w, _ := s.accumulates(rt.Val, rt.Name); w != "" {
			cols = append(cols, rt.Name)
		}
	}
	return strings.Join(cols, ",")
}

func lastName(nodes []*pg_query.Node) string {
	if len(nodes) == 0 {
		return ""
	}
	if s := nodes[len(nodes)-1].GetString_(); s != nil {
		return s.Sval
	}
	return ""
}

// comparedAndSet returns a column the update assigns and its WHERE clause
// requires to equal something, or to be null (in a conjunction): the
// update changes the row only from that value, so it applies once. "" when
// there is none.
func (s selfRef) comparedAndSet(targets []*pg_query.Node, where *pg_query.Node) string {
	col, _ := s.comparedAndSetParam(targets, where)
	return col
}

// comparedAndSetParam is comparedAndSet, also telling whether the value
// the column is compared with is a parameter ($2, ?): an optimistic lock.
func (s selfRef) comparedAndSetParam(targets []*pg_query.Node, where *pg_query.Node) (col string, param bool) {
	assigned := map[string]bool{}
	for _, t := range targets {
		if rt := t.GetResTarget(); rt != nil && rt.Name != "" {
			assigned[rt.Name] = true
		}
	}
	if len(assigned) == 0 || where == nil {
		return "", false
	}
	var conj func(n *pg_query.Node) string
	conj = func(n *pg_query.Node) string {
		param = false
		if b := n.GetBoolExpr(); b != nil {
			if b.Boolop != pg_query.BoolExprType_AND_EXPR {
				return ""
			}
			for _, a := range b.Args {
				if c := conj(a); c != "" {
					return c
				}
			}
			return ""
		}
		if nt := n.GetNullTest(); nt != nil && nt.Nulltesttype == pg_query.NullTestType_IS_NULL {
			// set processed_at = now() where id = $1 and processed_at is null
			if cr := nt.Arg.GetColumnRef(); cr != nil {
				if f := stringsOf(cr.Fields); len(f) > 0 && assigned[f[len(f)-1]] && s.is(cr, f[len(f)-1]) {
					return f[len(f)-1]
				}
			}
			return ""
		}
		e := n.GetAExpr()
		if e == nil || e.Kind != pg_query.A_Expr_Kind_AEXPR_OP || lastName(e.Name) != "=" {
			return ""
		}
		for _, pair := range [][2]*pg_query.Node{{e.Lexpr, e.Rexpr}, {e.Rexpr, e.Lexpr}} {
			cr := pair[0].GetColumnRef()
			if cr == nil {
				continue
			}
			f := stringsOf(cr.Fields)
			if len(f) == 0 || !assigned[f[len(f)-1]] || !s.is(cr, f[len(f)-1]) {
				continue
			}
			if other := pair[1].GetColumnRef(); other != nil && s.is(other, f[len(f)-1]) {
				continue // where c = c
			}
			param = pair[1].GetParamRef() != nil
			return f[len(f)-1]
		}
		return ""
	}
	col = conj(where)
	return col, col != "" && param
}
