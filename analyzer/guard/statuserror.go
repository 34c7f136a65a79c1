package guard

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/rules"
)

// statusAsError finds the status form of duplicate-as-error: a handler
// loads a row, tests a field of it against a constant, returns an error
// made on the branch the test picks, and then stores another constant
// into that same field of that same row and writes the row back (gorm's
// Save of the loaded struct):
//
//	order, _ := repo.GetByID(ctx, id)
//	if order.Status != "PENDING" { return fmt.Errorf("invalid status") }
//	order.Status = "VERIFIED"
//	repo.Update(ctx, order)
//
// A redelivery after a first attempt that wrote VERIFIED (and whose
// completion was not recorded) reads VERIFIED and takes the error branch:
// every retry fails a job whose work is done. The test is evaluated with
// the field holding the value the handler stores; only when that value
// takes the error branch is it reported, once per return of the branch.
// A precondition the stored value does not meet (status == "CANCELLED"
// rejected, "VERIFIED" stored) is not one: the redelivery passes it. Nor
// is a branch that returns nil (the right guard), one whose error is the
// read's own or another operation's failure, or a test of a field the
// handler does not store a constant into before writing the same row
// back (the row written is the row tested: the struct's own variable).
func (a *analysis) statusAsError(check *Site, ifi *ssa.If, other, work *ssa.BasicBlock, reported map[*ssa.Return]bool) {
	res := a.fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return
	}
	bin, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
		return
	}
	tested, field, c := statusTest(bin)
	if field == nil || c.Value == nil {
		return
	}
	// errOn is the value of the condition on which the error branch runs.
	b := ifi.Block()
	if len(b.Succs) != 2 || other != b.Succs[0] && other != b.Succs[1] {
		return
	}
	errOn := other == b.Succs[0]
	// Each constant the handler stores and saves is a status a
	// redelivery may read (PROCESSING, then DONE): the first that takes
	// the error branch is the one reported.
	var store *ssa.Store
	var write *Site
	for _, sw := range a.statusStored(check, tested, field, work) {
		stored := sw.store.Val.(*ssa.Const)
		if stored.Value == nil || stored.Value.Kind() != c.Value.Kind() {
			continue
		}
		// The condition as a redelivery evaluates it, the field
		// holding the stored value.
		cond := constant.Compare(stored.Value, token.EQL, c.Value)
		if bin.Op == token.NEQ {
			cond = !cond
		}
		if cond == errOn {
			store, write = sw.store, sw.write
			break
		}
	}
	if store == nil {
		return
	}
	stored := store.Val.(*ssa.Const)
	for _, ret := range a.erroringReturns(check, other, work, reported) {
		a.pitfalls = append(a.pitfalls, Pitfall{Rule: rules.DuplicateAsError, Pos: a.returnPos(check, ret), Sentinel: Sentinel(returned(ret, len(ret.Results)-1)), Message: fmt.Sprintf(
			"the test of %s.%s takes this branch once a first delivery stored %s into it and saved the row (at %s), and the branch returns an error: the queue retries the duplicate and finally dead-letters a job that succeeded; return nil when the row already has the status this job sets",
			check.Effect.Target, field.Name(), stored.Value.ExactString(), effect.Relative(write.Effect.Evidence(), ""))})
	}
}

// statusTest splits a comparison of a struct's field with a constant
// (order.Status != "PENDING", either side): the struct's variable (the
// pointer the field is addressed through, or the variable a value's
// field is read from), the field and the constant. field is nil when the
// comparison is not one.
func statusTest(bin *ssa.BinOp) (base ssa.Value, field *types.Var, c *ssa.Const) {
	x, y := bin.X, bin.Y
	if k, ok := x.(*ssa.Const); ok {
		x, y = y, k
	}
	k, ok := y.(*ssa.Const)
	if !ok || k.Value == nil {
		return nil, nil, nil
	}
	base, field = fieldOf(x)
	return base, field, k
}

// fieldOf is the struct variable and field a value is read from: *(&p.F)
// (p a pointer or an Alloc) or v.F with v loaded from a variable.
func fieldOf(v ssa.Value) (ssa.Value, *types.Var) {
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return fa.X, structField(fa.X.Type(), fa.Field)
		}
	case *ssa.Field:
		if ld, ok := x.X.(*ssa.UnOp); ok && ld.Op == token.MUL {
			return ld.X, structField(ld.X.Type(), x.Field)
		}
	}
	return nil, nil
}

// structField is field i of the struct t points to.
func structField(t types.Type, i int) *types.Var {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	s, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || i >= s.NumFields() {
		return nil
	}
	return s.Field(i)
}

// storedWrite is a store of a constant into the tested field and a
// write of the check's table handed the struct after it.
type storedWrite struct {
	store *ssa.Store
	write *Site
}

// statusStored lists, on work's branch, the stores of a constant into
// field of the struct variable base, each with the first write of
// check's table after it that is handed that struct (the row saved
// back), in the order of base's referrers (deterministic: SSA order).
func (a *analysis) statusStored(check *Site, base ssa.Value, field *types.Var, work *ssa.BasicBlock) []storedWrite {
	refs := base.Referrers()
	if refs == nil {
		return nil
	}
	var out []storedWrite
	for _, r := range *refs {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.X != base || structField(base.Type(), fa.Field) != field || fa.Referrers() == nil {
			continue
		}
		for _, u := range *fa.Referrers() {
			st, ok := u.(*ssa.Store)
			if !ok || st.Addr != fa || !work.Dominates(st.Block()) {
				continue
			}
			if _, ok := st.Val.(*ssa.Const); !ok {
				continue
			}
			for _, w := range a.sites {
				we := w.Effect
				if we.Kind == effect.KindDBWrite && we.Target == check.Effect.Target && handsOver(w.Instr, base) && storedBefore(st, w.Instr) {
					out = append(out, storedWrite{st, w})
					break
				}
			}
		}
	}
	return out
}

// storedBefore reports whether st runs before the call on every path to
// it: earlier in its block, or in a block that dominates the call's.
func storedBefore(st *ssa.Store, call ssa.CallInstruction) bool {
	sb, cb := st.Block(), call.Block()
	if sb != cb {
		return sb.Dominates(cb)
	}
	for _, in := range sb.Instrs {
		switch in {
		case ssa.Instruction(st):
			return true
		case ssa.Instruction(call):
			return false
		}
	}
	return false
}

// handsOver reports whether the call is handed the struct variable base:
// base itself or its value, as it is or converted to an interface.
func handsOver(call ssa.CallInstruction, base ssa.Value) bool {
	for _, arg := range call.Common().Args {
		for i := 0; i < 3; i++ {
			switch x := arg.(type) {
			case *ssa.MakeInterface:
				arg = x.X
			case *ssa.ChangeInterface:
				arg = x.X
			case *ssa.ChangeType:
				arg = x.X
			case *ssa.UnOp:
				if x.Op == token.MUL {
					arg = x.X
				}
			}
		}
		if arg == base {
			return true
		}
	}
	return false
}
