// Package claimgate: a claim guards the effects after its first-time
// edge that only the whole program resolves, behind an interface or a
// function-value call, as it guards the same effects called directly:
// an external call (guarded, with the window; through an interface
// field, an interface variable of the handler's own, a function value),
// a database write on the claim's transaction (guarded) and one on
// another handle (guard-separate-tx). The calls made before the claim
// stay unguarded, and so does a write behind the implementation's own
// interface call (a hook's listener).
package claimgate

import (
	"context"
	"net/http"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type notifier interface {
	Notify(ctx context.Context, url string) error
}

type httpNotifier struct{}

func (httpNotifier) Notify(ctx context.Context, url string) error {
	resp, err := http.Post(url, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type auditor interface {
	Audit(ctx context.Context, id string) error
	AuditTx(ctx context.Context, tx pgx.Tx, id string) error
}

type pgAuditor struct{ pool *pgxpool.Pool }

func (a pgAuditor) Audit(ctx context.Context, id string) error {
	_, err := a.pool.Exec(ctx, "insert into audit(export_id) values ($1)", id)
	return err
}

func (a pgAuditor) AuditTx(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, "insert into audit(export_id) values ($1)", id)
	return err
}

type listener interface {
	On(ctx context.Context, id string)
}

type auditListener struct{ pool *pgxpool.Pool }

func (a auditListener) On(ctx context.Context, id string) {
	_, _ = a.pool.Exec(ctx, "insert into audit(export_id) values ($1)", id)
}

type firer interface {
	Fire(ctx context.Context, id string)
}

// hookFirer runs its listener: the write is behind a dynamic call of
// the implementation's own.
type hookFirer struct{ l listener }

func (h hookFirer) Fire(ctx context.Context, id string) { h.l.On(ctx, id) }

type Deps struct {
	Pool     *pgxpool.Pool
	Notifier notifier
	Auditor  auditor
	Firer    firer
	Send     func(ctx context.Context, url string) error
}

// ClaimFire claims on the pool, then fires a hook whose listener writes
// the audit row (convoy's endpoint hook): what the listener runs on is
// not read at the call, so the write is left as it is.
func (d *Deps) ClaimFire(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*insert into audit`
	tag, err := d.Pool.Exec(ctx, "update exports set name = 'running' where id = $1 and name = 'pending'", string(t.Payload()))
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	d.Firer.Fire(ctx, string(t.Payload()))
	return nil
}

func post(ctx context.Context, url string) error {
	resp, err := http.Post(url, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ClaimLocal notifies through an interface variable of the handler's
// own after the claim (the e2e56 probe).
func (d *Deps) ClaimLocal(ctx context.Context, t *asynq.Task) error {
	var n notifier = httpNotifier{}
	tag, err := d.Pool.Exec(ctx, "update exports set name = 'running' where id = $1 and name = 'pending'", string(t.Payload()))
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	return n.Notify(ctx, "https://hooks.example.com/x")
}

// ClaimSend posts through a function value after the claim.
func (d *Deps) ClaimSend(ctx context.Context, t *asynq.Task) error {
	tag, err := d.Pool.Exec(ctx, "update exports set name = 'running' where id = $1 and name = 'pending'", string(t.Payload()))
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	return d.Send(ctx, "https://hooks.example.com/x")
}

// SendFirst posts through the function value before the claim.
func (d *Deps) SendFirst(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*http post`
	if err := d.Send(ctx, "https://hooks.example.com/x"); err != nil {
		return err
	}
	tag, err := d.Pool.Exec(ctx, "update exports set name = 'running' where id = $1 and name = 'pending'", string(t.Payload()))
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	return nil
}

// ClaimNotify claims by compare-and-set, then notifies through the
// interface: the POST runs only on the delivery that moved the row.
func (d *Deps) ClaimNotify(ctx context.Context, t *asynq.Task) error {
	tag, err := d.Pool.Exec(ctx, "update exports set name = 'running' where id = $1 and name = 'pending'", string(t.Payload()))
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	return d.Notifier.Notify(ctx, "https://hooks.example.com/x")
}

// NotifyFirst notifies before it claims: every delivery posts.
func (d *Deps) NotifyFirst(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*http post`
	if err := d.Notifier.Notify(ctx, "https://hooks.example.com/x"); err != nil {
		return err
	}
	tag, err := d.Pool.Exec(ctx, "update exports set name = 'running' where id = $1 and name = 'pending'", string(t.Payload()))
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	return nil
}

// ClaimAudit claims on the pool and writes the audit row through the
// interface on the auditor's own pool: they commit separately.
func (d *Deps) ClaimAudit(ctx context.Context, t *asynq.Task) error {
	tag, err := d.Pool.Exec(ctx, "update exports set name = 'running' where id = $1 and name = 'pending'", string(t.Payload())) // want `^guard-separate-tx: the claim on exports commits separately from the insert into audit`
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	return d.Auditor.Audit(ctx, string(t.Payload()))
}

// ClaimAuditTx claims in a transaction and hands the interface that
// transaction: the audit row commits with the claim.
func (d *Deps) ClaimAuditTx(ctx context.Context, t *asynq.Task) error {
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "update exports set name = 'running' where id = $1 and name = 'pending'", string(t.Payload()))
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	if err := d.Auditor.AuditTx(ctx, tx, string(t.Payload())); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// ClaimAuditOtherTx claims in a transaction but hands the interface a
// second one: they commit separately.
func (d *Deps) ClaimAuditOtherTx(ctx context.Context, t *asynq.Task) error {
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tx2, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx2.Rollback(ctx)
	tag, err := tx.Exec(ctx, "update exports set name = 'running' where id = $1 and name = 'pending'", string(t.Payload())) // want `^guard-separate-tx: the claim on exports commits separately from the insert into audit`
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	if err := d.Auditor.AuditTx(ctx, tx2, string(t.Payload())); err != nil {
		return err
	}
	if err := tx2.Commit(ctx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func Register(mux *asynq.ServeMux, pool *pgxpool.Pool) {
	d := &Deps{Pool: pool, Notifier: httpNotifier{}, Auditor: pgAuditor{pool: pool}, Firer: hookFirer{l: auditListener{pool: pool}}, Send: post}
	mux.HandleFunc("claimgate:fire", d.ClaimFire)
	mux.HandleFunc("claimgate:local", d.ClaimLocal)
	mux.HandleFunc("claimgate:send", d.ClaimSend)
	mux.HandleFunc("claimgate:send-first", d.SendFirst)
	mux.HandleFunc("claimgate:notify", d.ClaimNotify)
	mux.HandleFunc("claimgate:notify-first", d.NotifyFirst)
	mux.HandleFunc("claimgate:audit", d.ClaimAudit)
	mux.HandleFunc("claimgate:audit-tx", d.ClaimAuditTx)
	mux.HandleFunc("claimgate:audit-other-tx", d.ClaimAuditOtherTx)
}
