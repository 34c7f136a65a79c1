// Package app: handlers that read through the cache, each with a closure
// of its own. Two hand theirs to helpers that pass it on to the
// interface method (remember through a closure, as singleflight's Do
// runs it; rememberDirect as it is); one hands a closure that writes to
// the method directly. Each handler runs its own closure only: a
// read-through stays a read. Near miss: a callback stored in a field and
// handed to the method later is not followed; the call graph's every
// closure stands for it (the write included).
package app

import (
	"context"
	"database/sql"
	"sync"

	"github.com/hibiken/asynq"

	"fwdcbwhole/cache"
)

// flight runs one function per key at a time (singleflight's Do).
type flight struct{ mu sync.Mutex }

func (f *flight) Do(key string, fn func() (any, error)) (any, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return fn()
}

type Service struct {
	cache  cache.Cache
	db     *sql.DB
	flight flight
}

// remember hands fn on from the closure it gives the flight.
func (s *Service) remember(ctx context.Context, key string, fn func() ([]byte, error)) ([]byte, error) {
	v, err := s.flight.Do(key, func() (any, error) {
		return s.cache.Remember(ctx, key, fn)
	})
	if err != nil {
		return nil, err
	}
	return v.([]byte), nil
}

// rememberDirect hands fn on as it is.
func (s *Service) rememberDirect(ctx context.Context, key string, fn func() ([]byte, error)) ([]byte, error) {
	return s.cache.Remember(ctx, key, fn)
}

// Price: a read, cached.
func (s *Service) Price(ctx context.Context, t *asynq.Task) error {
	_, err := s.remember(ctx, "price:"+string(t.Payload()), func() ([]byte, error) {
		var b []byte
		err := s.db.QueryRowContext(ctx, "select price from prices where sku = $1", string(t.Payload())).Scan(&b)
		return b, err
	})
	return err
}

// Stock: another read, through the other helper.
func (s *Service) Stock(ctx context.Context, t *asynq.Task) error {
	_, err := s.rememberDirect(ctx, "stock:"+string(t.Payload()), func() ([]byte, error) {
		var b []byte
		err := s.db.QueryRowContext(ctx, "select qty from stock where sku = $1", string(t.Payload())).Scan(&b)
		return b, err
	})
	return err
}

// Grant: the closure it hands the method inserts a row.
func (s *Service) Grant(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into grants \(medium\) at`
	_, err := s.cache.Remember(ctx, "grant:"+string(t.Payload()), func() ([]byte, error) {
		_, err := s.db.ExecContext(ctx, "insert into grants(user_id) values ($1)", string(t.Payload()))
		return t.Payload(), err
	})
	return err
}

// pending keeps a callback in a field and hands it to the cache later.
type pending struct {
	cache cache.Cache
	key   string
	fn    func() ([]byte, error)
}

func (p *pending) set(fn func() ([]byte, error)) { p.fn = fn }

func (p *pending) run(ctx context.Context) ([]byte, error) {
	return p.cache.Remember(ctx, p.key, p.fn)
}

// Stored (near miss): a read stored in a field; the call graph's every
// closure handed to Remember stands for it.
func (s *Service) Stored(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into grants \(medium\) at`
	p := &pending{cache: s.cache, key: "later:" + string(t.Payload())}
	p.set(func() ([]byte, error) {
		var b []byte
		err := s.db.QueryRowContext(ctx, "select note from notes where id = $1", string(t.Payload())).Scan(&b)
		return b, err
	})
	_, err := p.run(ctx)
	return err
}

func Register(db *sql.DB) {
	s := &Service{cache: cache.NewMemory(), db: db}
	mux := asynq.NewServeMux()
	mux.HandleFunc("fwd-price", s.Price)
	mux.HandleFunc("fwd-stock", s.Stock)
	mux.HandleFunc("fwd-grant", s.Grant)
	mux.HandleFunc("fwd-stored", s.Stored)
}
