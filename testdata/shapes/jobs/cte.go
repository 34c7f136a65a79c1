package jobs

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
)

var errSeen = errors.New("already imported")

// CTECountError claims (source, ref) with a CTE whose inserted rows it
// counts: 0 on a duplicate, which it returns as an error: a second
// delivery fails the job (duplicate-as-error, once, at that return). The
// row insert commits with the claim.
func (d *Deps) CTECountError(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var n int
	if err := tx.QueryRow(ctx, `with ins as (insert into imports (source, ref) values ('count', $1) on conflict do nothing returning 1) select count(*) from ins`, p.Ref).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return errSeen
	}
	if _, err := tx.Exec(ctx, "insert into import_rows (ref) values ($1)", p.Ref); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// CTECountSkip is the same claim whose duplicate ends the job without an
// error (near miss): the insert is guarded and nothing fails.
func (d *Deps) CTECountSkip(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var n int
	if err := tx.QueryRow(ctx, `with ins as (insert into imports (source, ref) values ('skip', $1) on conflict do nothing returning 1) select count(*) from ins`, p.Ref).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, "insert into import_rows (ref) values ($1)", p.Ref); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
