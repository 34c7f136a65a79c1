package guard

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// cellValue is the value a load of a local variable assigned once holds.
// A transaction a deferred closure also uses
//
//	tx, err := pool.Begin(ctx)
//	defer func() { err = tx.Rollback(ctx) … }()
//
// lives in a heap cell (an Alloc) rather than an SSA register, and every
// use of tx is a load of that cell. The summary's executors are already
// normalised to the stored value (the Begin), but the arguments of a call
// that builds a handle around tx (q.WithTx(tx)) are the loads: with a
// single store, each load is that value, so the querier bound from one
// load and the completion given another run in one transaction. A
// variable assigned more than once may hold different handles, and is
// left as it is.
func cellValue(v ssa.Value) ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	cell, ok := load.X.(*ssa.Alloc)
	if !ok {
		return v
	}
	if stored := ssavalue.OnlyStore(cell); stored != nil {
		return ssavalue.Unconvert(stored)
	}
	return v
}
