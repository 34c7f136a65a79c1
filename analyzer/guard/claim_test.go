package guard

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

func TestClaimGuardsSameTransaction(t *testing.T) {
	sites, pitfalls, _ := analyse(t, `
func Handle(key string) error {
	tx := Begin()
	first, err := tx.Claim(key)
	if err != nil {
		return err
	}
	if !first {
		return nil
	}
	return tx.Insert("ledger")
}`, "Handle")
	ins := byOp(sites, effect.OpInsert)[0].Effect
	if ins.Guard == nil || ins.Guard.Kind != effect.GuardClaim || !ins.Guard.SameTx {
		t.Errorf("insert after a checked claim on the same handle: guard %+v, want a same-transaction claim", ins.Guard)
	}
	if len(pitfalls) != 0 {
		t.Errorf("pitfalls %s, want none", rulesOf(pitfalls))
	}
}

func TestClaimOnAnotherHandle(t *testing.T) {
	sites, pitfalls, _ := analyse(t, `
func Handle(key string) error {
	pool, tx := Begin(), Begin()
	if first, _ := pool.Claim(key); !first {
		return nil
	}
	return tx.Insert("ledger")
}`, "Handle")
	ins := byOp(sites, effect.OpInsert)[0].Effect
	if ins.Guard != nil || ins.Issue != "guard-separate-tx" {
		t.Errorf("insert on another handle than the claim: guard %+v issue %q, want guard-separate-tx", ins.Guard, ins.Issue)
	}
	if rulesOf(pitfalls) != "guard-separate-tx" {
		t.Errorf("pitfalls %s, want guard-separate-tx", rulesOf(pitfalls))
	}
}

func TestClaimUnchecked(t *testing.T) {
	sites, pitfalls, _ := analyse(t, `
func Handle(key string) error {
	tx := Begin()
	tx.Claim(key)
	return tx.Insert("ledger")
}`, "Handle")
	ins := byOp(sites, effect.OpInsert)[0].Effect
	if ins.Guard != nil || ins.Issue != "claim-unchecked" {
		t.Errorf("insert after an unchecked claim: guard %+v issue %q", ins.Guard, ins.Issue)
	}
	if rulesOf(pitfalls) != "claim-unchecked" {
		t.Errorf("pitfalls %s, want claim-unchecked", rulesOf(pitfalls))
	}
}

func TestDuplicateAsError(t *testing.T) {
	_, pitfalls, _ := analyse(t, `
type dupError struct{}

func (dupError) Error() string { return "duplicate" }

func Handle(key string) error {
	tx := Begin()
	first, err := tx.Claim(key)
	if err != nil {
		return err
	}
	if !first {
		return dupError{}
	}
	return tx.Insert("ledger")
}`, "Handle")
	if rulesOf(pitfalls) != "duplicate-as-error" {
		t.Errorf("pitfalls %s, want duplicate-as-error", rulesOf(pitfalls))
	}
}

func TestClaimHelperReturnsOutcome(t *testing.T) {
	_, pitfalls, ret := analyse(t, `
func ClaimOnce(tx Tx, key string) (bool, error) {
	return tx.Claim(key)
}`, "ClaimOnce")
	if ret == nil || ret.Index != 0 || ret.Kind != "first" {
		t.Errorf("claim helper: %+v, want result 0 true on the first delivery", ret)
	}
	if len(pitfalls) != 0 {
		t.Errorf("a returned claim is not unchecked: %s", rulesOf(pitfalls))
	}
}
