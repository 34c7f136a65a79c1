package jobs

import (
	"context"

	"github.com/hibiken/asynq"

	"example.com/ecosystem/internal/repo"
)

// RepoDeps hold the repository layer.
type RepoDeps struct {
	Store *repo.Store
}

// RepoInTx claims the order and records its payment through the
// repository the store's InTx builds around one transaction: guarded.
func (d *RepoDeps) RepoInTx(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	return d.Store.InTx(ctx, func(r *repo.Payments) error {
		if ok, err := r.Claim(ctx, "pay:"+p.OrderID); err != nil || !ok {
			return err
		}
		return r.Record(ctx, p.OrderID, p.Amount)
	})
}

// RepoOnPool does the same on the pool: the claim commits before the
// payment (guard-separate-tx).
func (d *RepoDeps) RepoOnPool(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	return d.Store.OnPool(ctx, func(r *repo.Payments) error {
		if ok, err := r.Claim(ctx, "pay:"+p.OrderID); err != nil || !ok {
			return err
		}
		return r.Record(ctx, p.OrderID, p.Amount)
	})
}

// RegisterRepo registers the repository handlers.
func RegisterRepo(mux *asynq.ServeMux, d *RepoDeps) {
	mux.HandleFunc("repo:in-tx", d.RepoInTx)
	mux.HandleFunc("repo:on-pool", d.RepoOnPool)
}
