// Package matrixfix covers the Matrix federation client's POSTs that are
// queries (catalog matrix.yaml): /get_missing_events and /user/keys/query
// answer from the remote's state and change nothing there (safe), while
// /user/keys/claim consumes the remote's one-time keys (a POST, high).
package matrixfix

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/matrix-org/gomatrixserverlib/fclient"
)

type Deps struct {
	Fed fclient.FederationClient
}

// Backfill asks the remote for the events it is missing: a query.
func (d *Deps) Backfill(ctx context.Context, t *asynq.Task) error { // want Backfill:`^effects: http/post matrix federation @p0$`
	_, err := d.Fed.LookupMissingEvents(ctx, "remote.example", string(t.Payload()), fclient.MissingEvents{Limit: 20})
	return err
}

// Keys queries the remote users' device keys: a query.
func (d *Deps) Keys(ctx context.Context, t *asynq.Task) error { // want Keys:`^effects: http/post matrix federation @p0$`
	_, err := d.Fed.QueryKeys(ctx, "remote.example", map[string][]string{string(t.Payload()): nil})
	return err
}

// Claim claims one-time keys (near miss): each claim consumes keys at
// the remote, a POST like any other (analysed alone, the call through
// the interface is not known here: never safe).
func (d *Deps) Claim(ctx context.Context, t *asynq.Task) error { // want Claim:`^effects: dynamic_call/call \(fclient.FederationClient\).ClaimKeys$` Claim:`^handler asynq`
	_, err := d.Fed.ClaimKeys(ctx, "remote.example", map[string]map[string]string{string(t.Payload()): {"DEV": "signed_curve25519"}})
	return err
}
