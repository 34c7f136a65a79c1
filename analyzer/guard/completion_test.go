package guard

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/effect"
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
