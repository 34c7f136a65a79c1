package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"log"

	"github.com/hibiken/asynq"

	"example.com/ecosystem/internal/nkrepo"
)

// NatKeyBatch inserts a batch of orders under their UIDs, counts the
// failures and fails the job when one failed: a redelivery's inserts fail
// on the key and the job fails (duplicate-as-error), although each
// failure is only logged where it happens.
func (d *NatKeyDeps) NatKeyBatch(ctx context.Context, t *asynq.Task) error {
	var ms []nkrepo.Msg
	if err := json.Unmarshal(t.Payload(), &ms); err != nil {
		return nil
	}
	failed := 0
	for _, m := range ms {
		if err := d.add(m); err != nil {
			log.Println("add order:", err)
			failed++
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d orders failed", failed, len(ms))
	}
	return nil
}

// NatKeyBatchFresh counts the same way, but each order gets a new uuid:
// nothing fails on a redelivery, every order is inserted again
// (unguarded).
func (d *NatKeyDeps) NatKeyBatchFresh(ctx context.Context, t *asynq.Task) error {
	var ms []nkrepo.Msg
	if err := json.Unmarshal(t.Payload(), &ms); err != nil {
		return nil
	}
	failed := 0
	for _, m := range ms {
		if err := d.addFresh(m); err != nil {
			failed++
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d orders failed", failed, len(ms))
	}
	return nil
}
