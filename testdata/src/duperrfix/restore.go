package duperrfix

import (
	"context"
	"fmt"
	"log"

	"github.com/airenas/async-api/pkg/usage"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// async-api's usage restorer: api-doorman refuses a second restore of the
// same request (409), so a redelivery gives nothing back twice but fails.

// Quota holds the restorer.
type Quota struct {
	R *usage.Restorer
}

// RestoreUsage returns the restorer's failure: the redelivery's 409 fails
// the job.
func (q *Quota) RestoreUsage(ctx context.Context, t *asynq.Task) error { // want RestoreUsage:`^effects: http/post doorman usage restore$` `duplicate-as-error: a second delivery's http post \(doorman usage restore\) \(high\) at duperrfix/restore.go:24 fails on the duplicate \(api-doorman answers 409 for a request already restored\) and handler \(\*duperrfix.Quota\).RestoreUsage returns that error`
	if err := q.R.Do(ctx, t.Type(), string(t.Payload()), ""); err != nil {
		return fmt.Errorf("can't restore: %w", err)
	}
	return nil
}

// RestoreLogged, the near miss: the failure is only logged, so no
// duplicate fails the job, and the request id is the job's: the
// redelivery's restore is refused (409) and logged, nothing is given
// back twice (guarded).
func (q *Quota) RestoreLogged(ctx context.Context, t *asynq.Task) error { // want RestoreLogged:`^effects: http/post doorman usage restore$`
	if err := q.R.Do(ctx, t.Type(), string(t.Payload()), ""); err != nil {
		log.Print(err)
	}
	return nil
}

// RestoreFresh restores under a request id made anew on every delivery:
// doorman refuses nothing, and the restore repeats (unguarded).
func (q *Quota) RestoreFresh(ctx context.Context, t *asynq.Task) error { // want RestoreFresh:`^effects: http/post doorman usage restore$` `unguarded: handler \(\*duperrfix.Quota\).RestoreFresh`
	if err := q.R.Do(ctx, t.Type(), "srv:"+uuid.NewString(), ""); err != nil {
		log.Print(err)
	}
	return nil
}
