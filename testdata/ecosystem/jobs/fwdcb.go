package jobs

import (
	"context"
	"database/sql"
	"sync"

	"github.com/hibiken/asynq"
)

// A callback a helper hands on to an interface method (issue 28, stop
// 49), on database/sql and asynq: a read-through cache behind the Memo
// interface runs the callback it is given on a miss. PriceCached's
// helper hands its closure on through a flight group's closure,
// StockCached's as it is: each runs its own closure only, a read.
// GrantCached hands a closure that inserts. The near miss, NoteCached,
// stores its callback in a field and hands it on later: every closure
// handed to Remember stands for it (the insert included).

// Memo is a read-through cache.
type Memo interface {
	Remember(ctx context.Context, key string, fn func() ([]byte, error)) ([]byte, error)
}

// memFlight runs one function per key at a time (singleflight's Do).
type memFlight struct{ mu sync.Mutex }

func (f *memFlight) Do(key string, fn func() (any, error)) (any, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return fn()
}

// CachedDeps are the clients of these handlers.
type CachedDeps struct {
	Memo   Memo
	DB     *sql.DB
	flight memFlight
}

// remember hands fn on from the closure it gives the flight.
func (d *CachedDeps) remember(ctx context.Context, key string, fn func() ([]byte, error)) ([]byte, error) {
	v, err := d.flight.Do(key, func() (any, error) {
		return d.Memo.Remember(ctx, key, fn)
	})
	if err != nil {
		return nil, err
	}
	return v.([]byte), nil
}

// rememberDirect hands fn on as it is.
func (d *CachedDeps) rememberDirect(ctx context.Context, key string, fn func() ([]byte, error)) ([]byte, error) {
	return d.Memo.Remember(ctx, key, fn)
}

// PriceCached: a read, cached.
func (d *CachedDeps) PriceCached(ctx context.Context, t *asynq.Task) error {
	_, err := d.remember(ctx, "price:"+string(t.Payload()), func() ([]byte, error) {
		var b []byte
		err := d.DB.QueryRowContext(ctx, "select price from fc_prices where sku = $1", string(t.Payload())).Scan(&b)
		return b, err
	})
	return err
}

// StockCached: another read, through the other helper.
func (d *CachedDeps) StockCached(ctx context.Context, t *asynq.Task) error {
	_, err := d.rememberDirect(ctx, "stock:"+string(t.Payload()), func() ([]byte, error) {
		var b []byte
		err := d.DB.QueryRowContext(ctx, "select qty from fc_stock where sku = $1", string(t.Payload())).Scan(&b)
		return b, err
	})
	return err
}

// GrantCached: the closure it hands the method inserts a row.
func (d *CachedDeps) GrantCached(ctx context.Context, t *asynq.Task) error {
	_, err := d.Memo.Remember(ctx, "grant:"+string(t.Payload()), func() ([]byte, error) {
		_, err := d.DB.ExecContext(ctx, "insert into fc_grants (user_id) values ($1)", string(t.Payload()))
		return t.Payload(), err
	})
	return err
}

// memoLater keeps a callback in a field and hands it to the cache later.
type memoLater struct {
	memo Memo
	key  string
	fn   func() ([]byte, error)
}

func (p *memoLater) set(fn func() ([]byte, error)) { p.fn = fn }

func (p *memoLater) run(ctx context.Context) ([]byte, error) {
	return p.memo.Remember(ctx, p.key, p.fn)
}

// NoteCached, the near miss: a read stored in a field first.
func (d *CachedDeps) NoteCached(ctx context.Context, t *asynq.Task) error {
	p := &memoLater{memo: d.Memo, key: "later:" + string(t.Payload())}
	p.set(func() ([]byte, error) {
		var b []byte
		err := d.DB.QueryRowContext(ctx, "select note from fc_notes where id = $1", string(t.Payload())).Scan(&b)
		return b, err
	})
	_, err := p.run(ctx)
	return err
}

// RegisterCached wires the handlers of this file.
func RegisterCached(mux *asynq.ServeMux, d *CachedDeps) {
	mux.HandleFunc("cached:price", d.PriceCached)
	mux.HandleFunc("cached:stock", d.StockCached)
	mux.HandleFunc("cached:grant", d.GrantCached)
	mux.HandleFunc("cached:note", d.NoteCached)
}
