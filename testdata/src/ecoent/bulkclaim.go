package ecoent

import (
	"context"
	"fmt"

	"github.com/hibiken/asynq"
)

// BulkClaim inserts rows with OnConflict…DoNothing in bulk: ent's
// BatchCreate scans the ids RETURNING gives back and a conflicting row
// simply gives none (sqlgraph insertLastIDs), so a duplicate returns no
// error. The error returned here is a real failure, not a duplicate: no
// duplicate-as-error.
func (d *Deps) BulkClaim(ctx context.Context, t *asynq.Task) error { // want BulkClaim:`^effects: db_write/claim users$`
	err := d.Client.User.CreateBulk(
		d.Client.User.Create().SetName("job:" + t.Type()),
	).OnConflictColumns("name").DoNothing().Exec(ctx)
	if err != nil {
		return fmt.Errorf("claim: %w", err)
	}
	return nil
}

// OneClaim is the near miss: a single create's DoNothing scans one id
// (sqlgraph ScanOne), and a conflict makes it sql.ErrNoRows, which the
// duplicate returns here.
func (d *Deps) OneClaim(ctx context.Context, t *asynq.Task) error { // want OneClaim:`^effects: db_write/claim users; returns claim result 0 \(norows\)$`
	err := d.Client.User.Create().SetName("job:" + t.Type()).OnConflictColumns("name").DoNothing().Exec(ctx)
	if err != nil {
		return fmt.Errorf("claim: %w", err) // want `duplicate-as-error: a duplicate delivery \(no row returned by the claim\) takes this error path`
	}
	return nil
}
