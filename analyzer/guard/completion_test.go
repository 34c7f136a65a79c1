package guard

import (
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
)

func TestCompletionGuardsItsTransaction(t *testing.T) {
	sites, _, _ := analyse(t, `
func Work() error {
	tx, other := Begin(), Begin()
	tx.Insert("ledger")
	other.Insert("ledger")
	return Complete(tx)
}`, "Work")
	ins := byOp(sites, effect.OpInsert)
	if g := ins[0].Effect.Guard; g == nil || g.Kind != effect.GuardCompletion || !g.SameTx {
		t.Errorf("insert in the completed transaction: guard %+v, want job_complete_tx", g)
	}
	if g := ins[1].Effect.Guard; g != nil {
		t.Errorf("insert in another transaction: guard %+v, want none", g)
	}
}

func TestStepCompletionGuardsItsTransaction(t *testing.T) {
	sites, _, _ := analyse(t, `
func Step() error {
	tx := Begin()
	tx.Insert("imports")
	return CompleteStep(tx)
}`, "Step")
	if g := byOp(sites, effect.OpInsert)[0].Effect.Guard; g == nil || g.Kind != effect.GuardCompletion {
		t.Errorf("insert in the step's transaction: guard %+v, want job_complete_tx", g)
	}
	// Brought by a callee (the step's function, run by the step call): it
	// covers the step, not the caller's effects on the same transaction.
	sites, _, _ = analyseWith(t, `
func Work() error {
	tx := Begin()
	tx.Insert("runs")
	return CompleteStep(tx)
}`, "Work", ix(t), func(sites []*Site) {
		for _, s := range sites {
			s.Direct = s.Effect.Op != effect.OpComplete
		}
	})
	if g := byOp(sites, effect.OpInsert)[0].Effect.Guard; g != nil {
		t.Errorf("insert beside a callee's step completion: guard %+v, want none", g)
	}
}

func TestCompletionThroughWrapper(t *testing.T) {
	sites, _, _ := analyse(t, `
type Queries struct{ tx Tx }

func WithTx(tx Tx) *Queries { return &Queries{tx} }

func Work() error {
	tx := Begin()
	q := WithTx(tx)
	q.tx.Insert("orders")
	return Complete(tx)
}`, "Work")
	ins := byOp(sites, effect.OpInsert)[0]
	// The harness's executor is q.tx; the summary's, after a generated
	// method, is q itself.
	ins.Effect.Guard = nil
	ins.Exec = ins.Exec.(*ssa.UnOp).X.(*ssa.FieldAddr).X
	a := &analysis{fn: ins.Instr.Parent(), sites: sites, env: &Env{}}
	a.completions()
	if g := ins.Effect.Guard; g == nil || g.Kind != effect.GuardCompletion {
		t.Errorf("insert through WithTx(tx), completed on tx: guard %+v, want job_complete_tx", g)
	}
}

func ix(t *testing.T) *models.Index {
	t.Helper()
	ix, err := models.NewIndex()
	if err != nil {
		t.Fatal(err)
	}
	return ix
}
