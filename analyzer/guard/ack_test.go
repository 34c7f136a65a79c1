package guard

import "testing"

func TestAckBeforeEffect(t *testing.T) {
	_, pitfalls, _ := analyse(t, `
func Consume() error {
	Ack()
	return Begin().Insert("ledger")
}`, "Consume")
	if rulesOf(pitfalls) != "ack-before-effect" {
		t.Errorf("pitfalls %s, want ack-before-effect", rulesOf(pitfalls))
	}
}

func TestAckAfterEffect(t *testing.T) {
	_, pitfalls, _ := analyse(t, `
func Consume() error {
	err := Begin().Insert("ledger")
	Ack()
	return err
}`, "Consume")
	if len(pitfalls) != 0 {
		t.Errorf("pitfalls %s, want none", rulesOf(pitfalls))
	}
}
