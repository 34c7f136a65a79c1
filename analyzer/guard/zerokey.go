package guard

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// zeroKeyTest reports whether bin tests a row's key field against its
// zero value, and whether the test is true when the key is zero: the
// "not found" of a look-up that fills a struct value rather than
// returning a pointer or an error (gorm's Take(&find) whose error the
// caller let through as "not found", a service that returns an empty
// row): a row found has its id, one not found keeps 0 (or ""). The key
// field is one named ID (Id, id), read from a struct (a field of a value
// or through a pointer), compared with the constant zero:
//
//	find.Id <= 0, find.ID == 0, 0 == find.Id, find.Id < 1  → not found when true
//	find.Id > 0, find.ID != 0, find.ID >= 1                 → not found when false
//
// Which struct holds it (the value the read filled) the callers decide
// (readTests: the test is influenced by the read). A count of the rows
// read back (rowCount: n == 0, n > 0, n < 1) is the same test: none
// counted, none found. Any other comparison (a count column of the row, a
// status, a count against a limit) says nothing of which side found the
// row.
func zeroKeyTest(bin *ssa.BinOp) (whenTrue, ok bool) {
	x, y, op := bin.X, bin.Y, bin.Op
	if isConstOf(x) && !isConstOf(y) {
		x, y = y, x
		switch op { // 0 < x is x > 0
		case token.LSS:
			op = token.GTR
		case token.LEQ:
			op = token.GEQ
		case token.GTR:
			op = token.LSS
		case token.GEQ:
			op = token.LEQ
		}
	}
	c, isConst := y.(*ssa.Const)
	if !isConst || c.Value == nil || !keyField(x) && !rowCount(x) {
		return false, false
	}
	switch c.Value.Kind() {
	case constant.Int, constant.Float:
		zero := constant.Sign(c.Value) == 0
		one := constant.Compare(c.Value, token.EQL, constant.MakeInt64(1))
		switch {
		case zero && (op == token.EQL || op == token.LEQ):
			return true, true
		case zero && (op == token.NEQ || op == token.GTR):
			return false, true
		case one && op == token.LSS:
			return true, true
		case one && op == token.GEQ:
			return false, true
		}
	case constant.String:
		if constant.StringVal(c.Value) != "" {
			return false, false
		}
		switch op {
		case token.EQL:
			return true, true
		case token.NEQ:
			return false, true
		}
	}
	return false, false
}

// isConstOf reports whether v is a constant (not nil).
func isConstOf(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil
}

// keyField reports whether v reads a struct field named ID (any case),
// of a numeric or string type: a row's key.
func keyField(v ssa.Value) bool {
	v = ssavalue.Unconvert(v)
	if cv, ok := v.(*ssa.Convert); ok {
		v = cv.X
	}
	if x, ok := v.(*ssa.Call); ok {
		// A protobuf getter (find.GetId()): a method named GetId of the
		// row's type with no argument.
		if x.Call.IsInvoke() || x.Call.StaticCallee() == nil || len(x.Call.Args) != 1 {
			return false
		}
		return strings.EqualFold(x.Call.StaticCallee().Name(), "GetId") && basicKey(x.Type())
	}
	s, idx := fieldRead(v)
	if s == nil {
		return false
	}
	f := s.Field(idx)
	return strings.EqualFold(f.Name(), "id") && basicKey(f.Type())
}

// fieldRead returns the struct and the index of the field v reads, by
// value (s.f) or through a pointer (*(&p.f)); nil when v reads no field.
func fieldRead(v ssa.Value) (*types.Struct, int) {
	var st types.Type
	var idx int
	switch x := v.(type) {
	case *ssa.Field:
		st, idx = x.X.Type(), x.Field
	case *ssa.UnOp:
		fa, ok := x.X.(*ssa.FieldAddr)
		if !ok || x.Op != token.MUL {
			return nil, 0
		}
		st, idx = fa.X.Type(), fa.Field
		if p, ok := st.Underlying().(*types.Pointer); ok {
			st = p.Elem()
		}
	default:
		return nil, 0
	}
	s, ok := st.Underlying().(*types.Struct)
	if !ok || idx >= s.NumFields() {
		return nil, 0
	}
	return s, idx
}

// basicKey reports whether t is an integer or a string type.
func basicKey(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsString) != 0
}

// findCreateOnly reports whether record, the write into the table the
// check read on its "not found" branch, is an insert that nothing
// guards and that no unique key turns away: its own failure on a
// duplicate (DupFails) nor a unique key of the table on the columns
// the check looked up (Effect.LookupKey).
func findCreateOnly(check, record *effect.Effect) bool {
	return record.Op == effect.OpInsert && needsGuard(record) && record.Issue == "" && record.Guard == nil &&
		record.DupFails == "" && check.LookupKey == ""
}
