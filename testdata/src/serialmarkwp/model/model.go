// Package model holds the ledger row's state as a named type, with its
// values as constants (orako's model.ProviderMessageState).
package model

type State string

const (
	Reserving State = "reserving"
	Resolved  State = "resolved"
	Failed    State = "failed"
)

type Row struct {
	ID       int64
	MemberID string
	State    State
}
