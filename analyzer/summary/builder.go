package summary

import (
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
)

// chainResult is what the calls made earlier on a builder's receiver chain
// say about the final call.
type chainResult struct {
	root      ssa.Value // the value the chain starts from: the executor
	op, risk  string
	noHooks   bool
	model     ssa.Value // gorm Model(&u)
	dupErrors []string  // what the call returns on a duplicate, when a rule made it a claim
	table     string    // gorm Table("users")
	increment bool      // a self-referencing assignment (bun Set("n = n + ?"))
}

// chain walks the receiver chain of a builder call (db.Clauses(…).Create,
// q.NewInsert().Ignore().Exec) back to its root, applying m's chain rules;
// the rule closest to the final call wins.
func (w *walker) chain(m *models.Model, recv ssa.Value) chainResult {
	var res chainResult
	v := recv
	for depth := 0; v != nil && depth < 24; depth++ {
		v = normalize(v)
		res.root = v
		call, ok := v.(*ssa.Call)
		if !ok {
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
			switch {
			case r.Model && len(args) > 0 && res.model == nil:
				res.model = args[0]
			case r.Table && len(args) > 0 && res.table == "":
				res.table = constTarget(args[0])
			case r.NoHooks:
				res.noHooks = true
			case r.Assignment && len(args) > 0:
				if texts := stringValues(args[0]); len(texts) == 1 {
					if col, expr, ok := strings.Cut(texts[0], "="); ok &&
						sqlclass.ClassifyFragment(expr, strings.TrimSpace(col)) == sqlclass.UpdateIncrement {
						res.increment = true
					}
				}
			}
			if r.Op != "" && res.op == "" {
				res.op, res.risk, res.dupErrors = r.Op, r.Risk, r.DuplicateError
			}
		}
		v = next
	}
	return res
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
	if r.ArgContains != "" {
		found := false
		for _, a := range args {
			for _, t := range stringValues(a) {
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

// tableOf names the table of an ORM model type: *User, []User, []*User →
// "users", as gorm and ent name them by default.
func tableOf(t types.Type) string {
	for {
		switch x := t.Underlying().(type) {
		case *types.Pointer:
			t = x.Elem()
			continue
		case *types.Slice:
			t = x.Elem()
			continue
		}
		break
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return ""
	}
	return pluralSnake(n.Obj().Name())
}

// modelTypeOf returns the named model type of a value (*User → User).
func modelTypeOf(v ssa.Value) types.Type {
	v = normalize(v)
	t := v.Type()
	for {
		switch x := t.Underlying().(type) {
		case *types.Pointer:
			t = x.Elem()
			continue
		case *types.Slice:
			t = x.Elem()
			continue
		}
		break
	}
	if _, ok := types.Unalias(t).(*types.Named); !ok {
		return nil
	}
	return t
}

// TableName is the table an ORM names after a type: "UserProfile" →
// "user_profiles".
func TableName(typeName string) string { return pluralSnake(typeName) }

// pluralSnake turns "UserProfile" into "user_profiles".
func pluralSnake(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, r := range rs {
		if unicode.IsUpper(r) {
			if i > 0 && (unicode.IsLower(rs[i-1]) || (i+1 < len(rs) && unicode.IsLower(rs[i+1]))) {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(r))
		} else {
			b.WriteRune(r)
		}
	}
	s := b.String()
	switch {
	case strings.HasSuffix(s, "s"), strings.HasSuffix(s, "x"), strings.HasSuffix(s, "ch"), strings.HasSuffix(s, "sh"):
		return s + "es"
	case strings.HasSuffix(s, "y") && len(s) > 1 && !strings.ContainsRune("aeiou", rune(s[len(s)-2])):
		return s[:len(s)-1] + "ies"
	}
	return s + "s"
}

// fragment decides whether an ORM update assigns an incrementing SQL
// expression: gorm Update("n", gorm.Expr("n + ?", 1)), or
// Updates(map[string]any{"n": gorm.Expr("n + ?", 1)}).
func fragmentIncrements(f *models.Fragment, args []ssa.Value) (increment, found bool) {
	if f.Arg >= len(args) {
		return false, false
	}
	check := func(col string, v ssa.Value) {
		expr := exprSQL(v)
		if expr == "" {
			return
		}
		found = true
		if sqlclass.ClassifyFragment(expr, col) == sqlclass.UpdateIncrement {
			increment = true
		}
	}
	v := normalize(args[f.Arg])
	if mm, ok := v.(*ssa.MakeMap); ok {
		for _, r := range ssavalue.Referrers(mm) {
			if up, ok := r.(*ssa.MapUpdate); ok {
				if texts := stringValues(normalize(up.Key)); len(texts) == 1 {
					check(texts[0], normalize(up.Value))
				}
			}
		}
		return increment, found
	}
	col := ""
	if f.ColumnArg != nil && *f.ColumnArg < len(args) {
		if texts := stringValues(args[*f.ColumnArg]); len(texts) == 1 {
			col = texts[0]
		}
	}
	check(col, v)
	return increment, found
}

// exprSQL returns the SQL of a gorm.Expr / clause.Expr value, or "".
func exprSQL(v ssa.Value) string {
	switch x := v.(type) {
	case *ssa.Call:
		if callee := x.Call.StaticCallee(); callee != nil && callee.Object() != nil && callee.Object().Name() == "Expr" && len(x.Call.Args) > 0 {
			if texts := stringValues(x.Call.Args[0]); len(texts) == 1 {
				return texts[0]
			}
		}
	case *ssa.UnOp:
		if a, ok := x.X.(*ssa.Alloc); ok {
			for _, st := range ssavalue.FieldStores(a, "SQL") {
				if texts := stringValues(st.Val); len(texts) == 1 {
					return texts[0]
				}
			}
		}
	}
	return ""
}

// documentOp classifies a MongoDB update document by its operators.
func documentOp(v ssa.Value) (op string, risk effect.Risk, detail string) {
	keys := documentKeys(normalize(v))
	if len(keys) == 0 {
		return effect.OpUnknown, effect.Unknown, "update document not constant"
	}
	op, risk = effect.OpSet, effect.Safe
	for _, k := range keys {
		switch k {
		case "$inc", "$mul", "$bit":
			return effect.OpIncrement, effect.Medium, k + " accumulates on a retry"
		case "$push", "$pushAll":
			return effect.OpAppend, effect.Medium, k + " appends again on a retry"
		case "$pop":
			return "consume", effect.Medium, "$pop removes another element on a retry"
		}
		if !strings.HasPrefix(k, "$") {
			// A replacement document or a pipeline stage: not an operator update.
			detail = "replacement document"
		}
	}
	return op, risk, detail
}

// documentKeys returns the top-level keys of a bson.D / bson.M literal.
func documentKeys(v ssa.Value) []string {
	var keys []string
	if mm, ok := v.(*ssa.MakeMap); ok {
		for _, r := range ssavalue.Referrers(mm) {
			if up, ok := r.(*ssa.MapUpdate); ok {
				if texts := stringValues(normalize(up.Key)); len(texts) == 1 {
					keys = append(keys, texts[0])
				}
			}
		}
		return keys
	}
	for _, e := range ssavalue.SliceElems(v) {
		e = normalize(e)
		var alloc *ssa.Alloc
		switch x := e.(type) {
		case *ssa.UnOp:
			alloc, _ = x.X.(*ssa.Alloc)
		case *ssa.Alloc:
			alloc = x
		}
		if alloc == nil {
			return nil
		}
		for _, st := range ssavalue.FieldStores(alloc, "Key") {
			if texts := stringValues(st.Val); len(texts) == 1 {
				keys = append(keys, texts[0])
			}
		}
	}
	return keys
}

func derefType(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func joinText(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// fieldKey reads a dedup key stored into field of a struct-literal
// argument (&sqs.SendMessageInput{MessageDeduplicationId: aws.String(k)}).
func (w *walker) fieldKey(v ssa.Value, field string) *effect.Key {
	if v == nil {
		return nil
	}
	v = normalize(v)
	var alloc *ssa.Alloc
	switch x := v.(type) {
	case *ssa.Alloc:
		alloc = x
	case *ssa.UnOp:
		alloc, _ = x.X.(*ssa.Alloc)
	}
	if alloc == nil {
		return nil
	}
	for _, st := range ssavalue.FieldStores(alloc, field) {
		return w.keyFrom(st.Val, st)
	}
	return nil
}

// optionKey finds a key passed through an option function among the
// call's arguments (nats.MsgId(k), jetstream.WithMsgID(k)).
func (w *walker) optionKey(args []ssa.Value, options []string) *effect.Key {
	for _, a := range args {
		vals := ssavalue.SliceElems(a)
		if vals == nil {
			vals = []ssa.Value{a}
		}
		for _, v := range vals {
			call, ok := normalize(v).(*ssa.Call)
			if !ok || len(call.Call.Args) == 0 {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee == nil || callee.Object() == nil {
				continue
			}
			key := models.FuncKey(callee.Object().(*types.Func))
			for _, o := range options {
				if o == key {
					return w.keyFrom(call.Call.Args[0], call)
				}
			}
		}
	}
	return nil
}

// hooks adds, at an ORM call, the effects of the model type's hook methods
// the call runs (gorm's BeforeCreate, AfterCreate, …): nothing calls them
// statically, the ORM finds them by reflection.
func (w *walker) hooks(ci ssa.CallInstruction, names []string, model ssa.Value) {
	t := modelTypeOf(model)
	if t == nil {
		return
	}
	prog := w.fn.Prog
	ms := prog.MethodSets.MethodSet(types.NewPointer(t))
	for _, name := range names {
		for i := 0; i < ms.Len(); i++ {
			sel := ms.At(i)
			if sel.Obj().Name() != name {
				continue
			}
			fn := prog.MethodValue(sel)
			if fn == nil {
				continue
			}
			fn = ssavalue.Declared(fn)
			w.callRef(ci, funcRef{fn: fn, recv: model}, nil)
		}
	}
}
