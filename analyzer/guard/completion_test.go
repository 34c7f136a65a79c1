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
}`, "Work", index(t), func(sites []*Site) {
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

// index is a catalog where JobTx returns a job's transaction on
// PostgreSQL (gue) and KeptTx one whose failed statements do not abort it
// (watermill-sql).
func index(t *testing.T) *models.Index {
	t.Helper()
	ix, err := models.NewIndex(models.File{Libraries: []models.Library{{Name: "p", Packages: []string{"p"}, Functions: []models.Model{
		{Func: "p.JobTx", JobTx: true, AbortsOnError: true},
		{Func: "p.KeptTx", JobTx: true},
	}}}})
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

func TestJobTransaction(t *testing.T) {
	for _, c := range []struct {
		name, src string
		guarded   []bool // by insert, in order
	}{
		{"own error or nil", `
func Work() error {
	if err := JobTx().Insert("ledger"); err != nil {
		return err
	}
	return nil
}`, []bool{true}},
		{"an error after the insert", `
func fail() error { return nil }

func Work() error {
	if err := JobTx().Insert("ledger"); err != nil {
		return err
	}
	return fail()
}`, []bool{false}},
		{"a wrapped statement error", `
func wrap(err error) error { return err }

func Work() error {
	tx := JobTx()
	err := tx.Insert("ledger")
	if err != nil {
		return wrap(err)
	}
	return nil
}`, []bool{true}},
		{"a later statement's error: PostgreSQL aborts", `
func Work() error {
	tx := JobTx()
	if err := tx.Insert("ledger"); err != nil {
		return err
	}
	return tx.Insert("audit")
}`, []bool{true, true}},
		{"a later statement's error: the transaction keeps the insert", `
func Work() error {
	tx, _ := KeptTx()
	if err := tx.Insert("ledger"); err != nil {
		return err
	}
	return tx.Insert("audit")
}`, []bool{false, true}},
		{"not a job's transaction", `
func Work() error {
	return Begin().Insert("ledger")
}`, []bool{false}},
	} {
		t.Run(c.name, func(t *testing.T) {
			sites, _, _ := analyseWith(t, c.src, "Work", index(t), nil)
			for i, s := range byOp(sites, effect.OpInsert) {
				g := s.Effect.Guard
				if got := g != nil && g.Kind == effect.GuardCompletion && g.OnSuccess; got != c.guarded[i] {
					t.Errorf("insert %d: guard %+v, want guarded %v", i, g, c.guarded[i])
				}
			}
		})
	}
}

func TestJobTransactionGuardRecheckedByCaller(t *testing.T) {
	src := `
func save() error { return nil }
func fail() error { return nil }

func Work() error {
	if err := Begin().Insert("ledger"); err != nil {
		return err
	}
	return fail()
}`
	// The insert stands for a callee's effect on the job's transaction,
	// guarded there: the caller's failing return drops the guard.
	sites, _, _ := analyseWith(t, src, "Work", index(t), func(sites []*Site) {
		for _, s := range byOp(sites, effect.OpInsert) {
			s.Direct, s.Exec = false, nil
			s.Effect.Guard = &effect.Guard{Kind: effect.GuardCompletion, OnSuccess: true}
		}
	})
	if g := byOp(sites, effect.OpInsert)[0].Effect.Guard; g != nil {
		t.Errorf("callee's job-transaction insert before a failing return: guard %+v, want none", g)
	}
}
