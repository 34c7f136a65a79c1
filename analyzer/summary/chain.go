package summary

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// chainResult is what the calls made earlier on a builder's receiver chain
// say about the final call.
type chainResult struct {
	root      ssa.Value // the value the chain starts from: the executor
	op, risk  string
	kind      string // the kind the rule that gave op gives (postgrest Select: db_read)
	noHooks   bool
	model     ssa.Value // gorm Model(&u)
	dupErrors []string  // what the call returns on a duplicate, when a rule made it a claim
	table     string    // gorm Table("users")
	increment bool      // a self-referencing assignment (bun Set("n = n + ?"))
	assigned  []string  // the columns of "col = expr" assignments (bun Set)
	where     []string  // WHERE conditions (gorm, bun Where("state = ?", old))
	// whereArgs are the values the WHERE conditions' placeholders are
	// given; whereAll is false when a condition's text was not read.
	whereArgs []ssa.Value
	whereAll  bool
	id        ssa.Value // the value given the id column (ent SetID(id))
	// columns are the columns a Column rule fills (ent SetShiftID(v)),
	// each once, nearest the final call first; values the values given.
	columns []string
	values  []ssa.Value
	// exec is the executor a builder runs on (squirrel RunWith(db)).
	exec ssa.Value
	// associations are the associations a read loads too (gorm
	// Preload("Items")), nearest the final call first.
	associations []string
	// statement: the chain built the statement the call runs (gorm Raw).
	statement bool
}

// chain walks the receiver chain of a builder call (db.Clauses(…).Create,
// q.NewInsert().Ignore().Exec) back to its root, applying m's chain rules;
// the rule closest to the final call wins.
func (w *walker) chain(m *models.Model, recv ssa.Value) chainResult {
	res := chainResult{whereAll: true}
	v := recv
	// 64 calls: an ent create of a wide entity sets every field in one
	// chain (flexprice's Task: SetID, then 25 setters before Save).
	for depth := 0; v != nil && depth < 64; depth++ {
		v = normalize(v)
		if arg := passThrough(v); arg != nil {
			v = arg
			continue
		}
		res.root = v
		call, ok := v.(*ssa.Call)
		if !ok {
			if phi, ok := v.(*ssa.Phi); ok && res.model == nil && res.table == "" {
				res.model, res.table = w.phiModel(m, phi)
			}
			if res.table == "" {
				res.table = w.fieldTable(m, v)
			}
			break
		}
		var name string
		var args []ssa.Value
		var next ssa.Value
		c := call.Call
		if c.IsInvoke() {
			name, args, next = c.Method.Name(), c.Args, c.Value
		} else if callee := c.StaticCallee(); callee != nil && callee.Object() != nil && len(c.Args) > 0 {
			obj := callee.Object().(*types.Func)
			if obj.Type().(*types.Signature).Recv() == nil {
				break
			}
			name, args, next = obj.Name(), c.Args[1:], c.Args[0]
		} else {
			break
		}
		for i := range m.Chain {
			r := &m.Chain[i]
			if !ruleMatches(r, name, args) {
				continue
			}
			arg := ruleArg(r, args, c.Signature())
			switch {
			case r.Model && arg != nil && res.model == nil:
				res.model = arg
			case r.ID && arg != nil && res.id == nil:
				res.id = arg
			case r.Column && arg != nil && r.MethodPrefix != "":
				if col := triggers.ModelColumn(strings.TrimPrefix(name, r.MethodPrefix), ""); col != "" && !slices.Contains(res.columns, col) {
					res.columns = append(res.columns, col)
					res.values = append(res.values, arg)
				}
			case r.Builders && arg != nil:
				// The row a bulk insert's first builder makes: its id
				// and the columns it fills, where the bulk chain set
				// none itself.
				sub := w.chain(m, arg)
				if res.id == nil {
					res.id = sub.id
				}
				for i, col := range sub.columns {
					if !slices.Contains(res.columns, col) {
						res.columns = append(res.columns, col)
						res.values = append(res.values, sub.values[i])
					}
				}
			case r.Table && arg != nil && res.table == "":
				res.table = constTarget(arg)
			case r.Executor && arg != nil && res.exec == nil:
				res.exec = ssavalue.Unconvert(arg)
			case r.NoHooks:
				res.noHooks = true
			case r.Statement:
				res.statement = true
			case r.Association && arg != nil:
				if texts := stringValues(ssavalue.Unconvert(arg)); len(texts) == 1 {
					res.associations = append(res.associations, texts[0])
				}
			case r.Assignment && arg != nil:
				if texts := stringValues(arg); len(texts) == 1 {
					col, expr, ok := strings.Cut(identPlaceholders(texts[0], argsAfter(args, arg)), "=")
					if ok {
						res.assigned = append(res.assigned, strings.TrimSpace(col))
					}
					if ok && sqlclass.ClassifyFragment(expr, strings.TrimSpace(col)) == sqlclass.UpdateIncrement {
						res.increment = true
					}
				}
			case r.ColumnAssignment && len(args) > 1:
				cols, exprs := stringValues(args[0]), stringValues(args[1])
				if len(cols) == 1 && len(exprs) == 1 {
					col := strings.TrimSpace(cols[0])
					res.assigned = append(res.assigned, col)
					if sqlclass.ClassifyFragment(identPlaceholders(exprs[0], args[2:]), col) == sqlclass.UpdateIncrement {
						res.increment = true
					}
				}
			case r.Condition && arg != nil:
				// gorm's Where takes the condition as an interface{}.
				if texts := stringValues(ssavalue.Unconvert(arg)); len(texts) == 1 {
					res.where = append(res.where, texts[0])
					for _, a := range argsAfter(args, arg) {
						if es := ssavalue.SliceElems(a); es != nil {
							res.whereArgs = append(res.whereArgs, es...)
						} else {
							res.whereArgs = append(res.whereArgs, a)
						}
					}
				} else {
					res.whereAll = false
				}
			}
			if r.Op != "" && res.op == "" {
				res.op, res.risk, res.dupErrors, res.kind = r.Op, r.Risk, r.DuplicateError, r.Kind
			}
		}
		v = next
	}
	return res
}

// passThrough is the builder a helper function hands back: v is the
// result (or the first of the results) of a call of a function, not a
// method, taking exactly one argument of v's type (query, err =
// applyOptions(ctx, query, opts...)); the chain goes on from that
// argument. What the helper adds to the query is not read.
func passThrough(v ssa.Value) ssa.Value {
	t := v.Type()
	if ex, ok := v.(*ssa.Extract); ok && ex.Index == 0 {
		v = ex.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.IsInvoke() {
		return nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Signature.Recv() != nil {
		return nil
	}
	if _, ok := t.Underlying().(*types.Interface); ok {
		return nil
	}
	var found ssa.Value
	for _, a := range call.Call.Args {
		if types.Identical(a.Type(), t) {
			if found != nil {
				return nil
			}
			found = a
		}
	}
	return found
}

// ruleArg is the argument a chain rule reads (its Arg, receiver
// excluded), or nil. The variadic parameter is read by its first element
// (go-pg's Model(model ...interface{})), when the call spells it out.
func ruleArg(r *models.ChainRule, args []ssa.Value, sig *types.Signature) ssa.Value {
	if r.Arg < 0 || r.Arg >= len(args) {
		return nil
	}
	a := args[r.Arg]
	if sig != nil && sig.Variadic() && r.Arg == sig.Params().Len()-1 {
		elems := ssavalue.SliceElems(a)
		if len(elems) == 0 {
			return nil
		}
		return ssavalue.Unconvert(elems[0])
	}
	return a
}

func ruleMatches(r *models.ChainRule, name string, args []ssa.Value) bool {
	switch {
	case r.Method != "" && r.Method != name:
		return false
	case r.MethodPrefix != "" && !strings.HasPrefix(name, r.MethodPrefix):
		return false
	case r.Method == "" && r.MethodPrefix == "":
		return false
	}
	if r.Numeric {
		if len(args) == 0 {
			return false
		}
		b, ok := args[0].Type().Underlying().(*types.Basic)
		if !ok || b.Info()&types.IsNumeric == 0 {
			return false
		}
	}
	if r.Field != "" && !argHasField(args, r.Field, r.Equals, r.FieldCall) {
		return false
	}
	if r.Field == "" && r.Equals != "" {
		// A constant argument (postgrest-go's Insert(v, true, …)).
		if r.Arg < 0 || r.Arg >= len(args) {
			return false
		}
		c, ok := normalize(args[r.Arg]).(*ssa.Const)
		if !ok || c.Value == nil || constText(c) != r.Equals {
			return false
		}
	}
	if r.ArgContains != "" {
		found := false
		for _, a := range args {
			for _, t := range stringValues(normalize(a)) { // Set("gorm:insert_option", "… DO NOTHING") boxes it
				if strings.Contains(strings.ToLower(t), strings.ToLower(r.ArgContains)) {
					found = true
				}
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// argHasField reports whether a struct-literal argument (possibly boxed, or
// in a variadic slice, or behind a pointer) sets field to the constant want
// (or, with call, to the result of a call of that function).
func argHasField(args []ssa.Value, field, want, call string) bool {
	for _, a := range args {
		vals := ssavalue.SliceElems(a)
		if vals == nil {
			vals = []ssa.Value{a}
		}
		for _, v := range vals {
			if mi, ok := v.(*ssa.MakeInterface); ok {
				v = mi.X
			}
			var alloc *ssa.Alloc
			switch x := v.(type) {
			case *ssa.Alloc:
				alloc = x
			case *ssa.UnOp:
				alloc, _ = x.X.(*ssa.Alloc)
			}
			if alloc == nil {
				continue
			}
			for _, st := range ssavalue.FieldStores(alloc, field) {
				if c, ok := st.Val.(*ssa.Const); ok && c.Value != nil && constText(c) == want && call == "" {
					return true
				}
				if call != "" {
					if cv, ok := normalize(st.Val).(*ssa.Call); ok {
						if callee := cv.Call.StaticCallee(); callee != nil && callee.Object() != nil &&
							models.FuncKey(callee.Object().(*types.Func)) == call {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

func constText(c *ssa.Const) string {
	if texts := stringValues(c); len(texts) == 1 {
		return texts[0]
	}
	return c.Value.ExactString()
}

// compareAndSet reports which column an ORM update compares and sets: one
// it assigns (cols) that its WHERE conditions require to equal something
// or to be null (Where("id = ? AND state = ?", id, old).Update("state",
// new)). It reads them as the SQL they build, with the rule raw SQL
// follows; "" when there is none.
func compareAndSet(cols, where []string) string {
	if len(cols) == 0 || len(where) == 0 {
		return ""
	}
	var set, conds []string
	for i, c := range cols {
		set = append(set, c+" = $"+strconv.Itoa(900+i))
	}
	for _, w := range where {
		conds = append(conds, "("+sqlclass.NormalizePlaceholders(w)+")")
	}
	st := sqlclass.Classify("update t set " + strings.Join(set, ", ") + " where " + strings.Join(conds, " and "))
	if len(st) == 1 && st[0].Op == sqlclass.Claim {
		return st[0].Detail
	}
	return ""
}

// identPlaceholders substitutes the identifiers a fragment's placeholders
// stand for: bun's Set("? = ? + ?", bun.Ident(col), bun.Ident(col), n)
// names the column it assigns and the one it reads in its arguments, so
// the fragment reads "c = c + ?" when both are the same value (the same
// constant, or the same variable). Other arguments stay placeholders.
func identPlaceholders(text string, args []ssa.Value) string {
	if !strings.Contains(text, "?") {
		return text
	}
	var vals []ssa.Value
	for _, a := range args {
		if es := ssavalue.SliceElems(a); es != nil {
			vals = append(vals, es...) // the variadic ...interface{}
		} else {
			vals = append(vals, a)
		}
	}
	names := map[ssa.Value]string{}
	var b strings.Builder
	i := 0
	for _, r := range text {
		if r != '?' {
			b.WriteRune(r)
			continue
		}
		name := "?"
		if i < len(vals) {
			if id := identArg(vals[i]); id != nil {
				if c := ssavalue.ConstString(id); c != "" {
					name = c
				} else if n, ok := names[id]; ok {
					name = n
				} else {
					name = fmt.Sprintf("ident_%d", len(names)+1)
					names[id] = name
				}
			}
		}
		i++
		b.WriteString(name)
	}
	return b.String()
}

// identArg returns the value an argument converts to an identifier type
// (a named string type called Ident: bun's and go-pg's), or nil.
func identArg(v ssa.Value) ssa.Value {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	n, ok := types.Unalias(v.Type()).(*types.Named)
	if !ok || n.Obj().Name() != "Ident" {
		return nil
	}
	if b, ok := n.Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return nil
	}
	switch x := v.(type) {
	case *ssa.Convert:
		return x.X
	case *ssa.ChangeType:
		return x.X
	case *ssa.Const:
		return x
	}
	return nil
}

// argsAfter are the arguments after arg (a fragment's placeholder values).
func argsAfter(args []ssa.Value, arg ssa.Value) []ssa.Value {
	for i, a := range args {
		if a == arg {
			return args[i+1:]
		}
	}
	return nil
}

// phiModel is the model and table of a builder reassigned on some paths
// (q := db.Model(&Link{}); if id != 0 { q = q.Where("id = ?", id) }): the
// chain of each incoming value, when those that name one agree (the same
// model type, the same table). Only these: the other rules (conditions,
// clauses) hold on some paths only. A phi met again on its own edges (a
// loop) adds nothing.
func (w *walker) phiModel(m *models.Model, phi *ssa.Phi) (ssa.Value, string) {
	if w.chainPhis[phi] {
		return nil, ""
	}
	if w.chainPhis == nil {
		w.chainPhis = map[*ssa.Phi]bool{}
	}
	w.chainPhis[phi] = true
	defer delete(w.chainPhis, phi)
	var model ssa.Value
	table := ""
	for _, e := range phi.Edges {
		sub := w.chain(m, e)
		if sub.model != nil {
			if model != nil && !types.Identical(normalize(model).Type(), normalize(sub.model).Type()) {
				return nil, ""
			}
			if model == nil {
				model = sub.model
			}
		}
		if sub.table != "" {
			if table != "" && table != sub.table {
				return nil, ""
			}
			table = sub.table
		}
	}
	return model, table
}

// fieldTable is the table a chain that starts from a struct field's load
// names when the package fills that field only with chains naming one
// table: a repository that keeps db.Collection("orders") in an
// unexported field in its constructor and calls r.collection.FindOne and
// r.collection.UpdateOne in its methods (ecom-back's
// MongoOrderRepository). Without it the read and the write name no
// collection, and the check-then-act rule has nothing to match them on.
// The field must be one only this package can set (storedInField), every
// store's chain must name a table and all the same one; a field stored
// with two names, or from a parameter or another value whose chain names
// none, names no table. A field nothing stores into names none either.
func (w *walker) fieldTable(m *models.Model, v ssa.Value) string {
	if !slices.ContainsFunc(m.Chain, func(r models.ChainRule) bool { return r.Table }) {
		return ""
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return ""
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return ""
	}
	s, ok := ssavalue.Deref(fa.X.Type()).Underlying().(*types.Struct)
	if !ok || fa.Field >= s.NumFields() {
		return ""
	}
	f := s.Field(fa.Field).Origin()
	if w.chainFields[f] {
		return ""
	}
	stores, all := w.p.storedInField(f)
	if !all || len(stores) == 0 {
		return ""
	}
	if w.chainFields == nil {
		w.chainFields = map[*types.Var]bool{}
	}
	w.chainFields[f] = true
	defer delete(w.chainFields, f)
	table := ""
	for _, st := range stores {
		sub := w.chain(m, st)
		if sub.table == "" || table != "" && sub.table != table {
			return ""
		}
		table = sub.table
	}
	return table
}
