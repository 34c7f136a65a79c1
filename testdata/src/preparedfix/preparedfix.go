// Package preparedfix runs another package's prepared statements from its
// handlers.
package preparedfix

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"

	"preparedfix/store"
)

type Deps struct {
	DB *sql.DB
	S  *store.Statements
}

func (d *Deps) Record(ctx context.Context, t *asynq.Task) error { // want Record:`^effects: db_write/insert events; db_write/update-increment counters$` `unguarded: handler \(\*preparedfix.Deps\).Record repeats .*insert into events \(medium\) at preparedfix/store/store.go:\d+ is not guarded, nor are 1 other effects`
	if err := d.S.Insert(ctx, nil, string(t.Payload())); err != nil {
		return err
	}
	return d.S.Bump(ctx, 1)
}

func (d *Deps) Purge(ctx context.Context, t *asynq.Task) error { // want Purge:`^effects: db_write/delete sessions$`
	st, err := d.DB.PrepareContext(ctx, "delete from sessions where expires_at < now()")
	if err != nil {
		return err
	}
	return store.Run(ctx, st)
}
