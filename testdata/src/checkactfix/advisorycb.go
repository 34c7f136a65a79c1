package checkactfix

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

// recordFinding checks and inserts on the transaction it is given, and
// takes no lock itself (ghsync's drift recordAndHealTx): an open finding
// is touched, a new one inserted with the ledger entry. Its inserts are
// guarded where its caller holds an advisory lock on that transaction
// before the call, and only there.
func recordFinding(ctx context.Context, tx pgx.Tx, key string) error { // want recordFinding:`^effects: db_write/insert ledger @p1 if-caller-locks; db_write/insert findings @p1 if-caller-locks; db_read/select findings @p1; db_write/update-set findings @p1$`
	var id int64
	err := tx.QueryRow(ctx, "select id from findings where key = $1", key).Scan(&id)
	if err == nil {
		_, err = tx.Exec(ctx, "update findings set seen_at = now() where id = $1", id)
		return err
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into ledger (id) values ($1)", key); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, "insert into findings (key) values ($1)", key)
	return err
}

// withLockedTx runs fn in a transaction it has taken the key's advisory
// lock in (ghsync's EntityWriter.WithObservationTransaction).
func (d *Deps) withLockedTx(ctx context.Context, key string, fn func(pgx.Tx) error) error { // want withLockedTx:`^effects: db_read/select; calls p3; calls p3 in a transaction it locked \(argument 0\)$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := lockTx(ctx, tx, key); err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// withPlainTx runs fn in a transaction with no lock.
func (d *Deps) withPlainTx(ctx context.Context, fn func(pgx.Tx) error) error { // want withPlainTx:`^effects: calls p2; calls p2 in a transaction \(argument 0\)$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// AdvisoryCaller locks the transaction and then calls the helper that
// checks and inserts on it: guarded.
func (d *Deps) AdvisoryCaller(ctx context.Context, t *asynq.Task) error { // want AdvisoryCaller:`^effects: db_write/insert ledger guarded=processed_jobs; db_write/insert findings guarded=processed_jobs; db_read/select; db_read/select findings; db_write/update-set findings$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := lockTx(ctx, tx, t.Type()); err != nil {
		return err
	}
	if err := recordFinding(ctx, tx, t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// AdvisoryCallerUnlocked calls the same helper on a transaction nobody
// locked: two deliveries at once both find no row.
func (d *Deps) AdvisoryCallerUnlocked(ctx context.Context, t *asynq.Task) error { // want AdvisoryCallerUnlocked:`^effects: db_write/insert ledger; db_write/insert findings; db_read/select findings; db_write/update-set findings$` `unguarded: handler \(\*checkactfix.Deps\).AdvisoryCallerUnlocked \(asynq task "advisorycallerunlocked"\) repeats its side effects when a job is delivered twice: insert into ledger`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := recordFinding(ctx, tx, t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// AdvisoryCallback hands the check to a transaction helper that takes
// the lock before it runs the callback: guarded.
func (d *Deps) AdvisoryCallback(ctx context.Context, t *asynq.Task) error { // want AdvisoryCallback:`^effects: db_write/insert ledger guarded=processed_jobs; db_write/insert findings guarded=processed_jobs; db_read/select; db_read/select findings; db_write/update-set findings$`
	return d.withLockedTx(ctx, t.Type(), func(tx pgx.Tx) error {
		return recordFinding(ctx, tx, t.Type())
	})
}

// AdvisoryCallbackUnlocked hands it to a helper that takes no lock.
func (d *Deps) AdvisoryCallbackUnlocked(ctx context.Context, t *asynq.Task) error { // want AdvisoryCallbackUnlocked:`^effects: db_write/insert ledger; db_write/insert findings; db_read/select findings; db_write/update-set findings$` `unguarded: handler \(\*checkactfix.Deps\).AdvisoryCallbackUnlocked \(asynq task "advisorycallbackunlocked"\) repeats its side effects when a job is delivered twice: insert into ledger`
	return d.withPlainTx(ctx, func(tx pgx.Tx) error {
		return recordFinding(ctx, tx, t.Type())
	})
}

// recordBare is recordFinding leaving at once when the finding exists:
// on its own a check-then-act (reported at the check), held where the
// caller locks the transaction before the call.
func recordBare(ctx context.Context, tx pgx.Tx, key string) error { // want recordBare:`^effects: db_write/insert ledger @p1 if-caller-locks issue=check-then-act; db_write/insert findings @p1 if-caller-locks issue=check-then-act; db_read/select findings @p1$`
	var id int64
	err := tx.QueryRow(ctx, "select id from findings where key = $1", key).Scan(&id) // want `check-then-act: this check of findings and the write into it at checkactfix/advisorycb.go:\d+ sit on either side of the insert into ledger`
	if err == nil {
		return nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into ledger (id) values ($1)", key); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, "insert into findings (key) values ($1)", key)
	return err
}

// BareLocked runs recordBare under the helper's lock: no check-then-act.
func (d *Deps) BareLocked(ctx context.Context, t *asynq.Task) error { // want BareLocked:`^effects: db_write/insert ledger guarded=processed_jobs; db_write/insert findings guarded=processed_jobs; db_read/select; db_read/select findings$`
	return d.withLockedTx(ctx, t.Type(), func(tx pgx.Tx) error {
		return recordBare(ctx, tx, t.Type())
	})
}

// BareUnlocked runs it in a plain transaction: check-then-act.
func (d *Deps) BareUnlocked(ctx context.Context, t *asynq.Task) error { // want BareUnlocked:`^effects: db_write/insert ledger issue=check-then-act; db_write/insert findings issue=check-then-act; db_read/select findings$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := recordBare(ctx, tx, t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func registerAdvisoryCallbacks(mux *asynq.ServeMux, d *Deps) { // want registerAdvisoryCallbacks:`^no effects$`
	mux.HandleFunc("advisorycaller", d.AdvisoryCaller)
	mux.HandleFunc("advisorycallerunlocked", d.AdvisoryCallerUnlocked)
	mux.HandleFunc("advisorycallback", d.AdvisoryCallback)
	mux.HandleFunc("advisorycallbackunlocked", d.AdvisoryCallbackUnlocked)
	mux.HandleFunc("barelocked", d.BareLocked)
	mux.HandleFunc("bareunlocked", d.BareUnlocked)
}
