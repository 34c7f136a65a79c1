// Package dupstopfix covers duplicate-as-error pitfalls that a caller
// keeps from failing the job, and their near misses.
//
// A sentinel swallowed: the compare-and-set of a lease cursor returns
// errLeaseLost (wrapped with %w) when the row moved on, and the handler
// turns exactly that error into success (if !errors.Is(err, errLeaseLost)
// { return err }; return nil): the duplicate never fails the job. A
// handler that tests another error, or logs the sentinel and returns it
// anyway, still fails it.
//
// Get-or-create: the repository is asked first (FindEndpoint) and its
// CreateEndpoint, whose unique violation returns ErrEndpointExists, runs
// only when it answered "not found": a later delivery finds the endpoint
// and never reaches the create. A create decided by a status the lookup
// read, or by a lookup on another value, is not.
package dupstopfix

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

var errLeaseLost = errors.New("lease lost")

type Deps struct{ Pool *pgxpool.Pool }

// advance moves the cursor from the one expected; a run that finds it
// moved has lost its lease.
func (d *Deps) advance(ctx context.Context, next, expected string) error { // want advance:`^effects: db_write/insert ds_pages guarded=processed_jobs; db_write/claim ds_cursors$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "update ds_cursors set cursor = $1 where id = 1 and cursor = $2", next, expected)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("advance cursor: %w", errLeaseLost)
	}
	if _, err := tx.Exec(ctx, "insert into ds_pages (cursor) values ($1)", next); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Swallowed: the lease-lost error is the duplicate's, and the handler
// completes the job on it.
func (d *Deps) Swallowed(ctx context.Context, t *asynq.Task) error { // want Swallowed:`^effects: db_write/insert ds_pages guarded=processed_jobs; db_write/claim ds_cursors$`
	err := d.advance(ctx, "b", t.Type())
	if !errors.Is(err, errLeaseLost) {
		return err
	}
	log.Println("lease lost: stale job completed")
	return nil
}

func (d *Deps) advance2(ctx context.Context, next, expected string) error { // want advance2:`^effects: db_write/insert ds_pages guarded=processed_jobs; db_write/claim ds_cursors$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "update ds_cursors set cursor = $1 where id = 2 and cursor = $2", next, expected)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("advance cursor: %w", errLeaseLost) // want `duplicate-as-error: the already-processed branch returns a non-nil error`
	}
	if _, err := tx.Exec(ctx, "insert into ds_pages (cursor) values ($1)", next); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// OtherError: a cancelled context is success here, the lost lease is not.
func (d *Deps) OtherError(ctx context.Context, t *asynq.Task) error { // want OtherError:`^effects: db_write/insert ds_pages guarded=processed_jobs; db_write/claim ds_cursors$`
	err := d.advance2(ctx, "b", t.Type())
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

func (d *Deps) advance3(ctx context.Context, next, expected string) error { // want advance3:`^effects: db_write/insert ds_pages guarded=processed_jobs; db_write/claim ds_cursors$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tag, err := tx.Exec(ctx, "update ds_cursors set cursor = $1 where id = 3 and cursor = $2", next, expected)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("advance cursor: %w", errLeaseLost) // want `duplicate-as-error: the already-processed branch returns a non-nil error`
	}
	if _, err := tx.Exec(ctx, "insert into ds_pages (cursor) values ($1)", next); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// LoggedOnly: the sentinel is recognised and logged, then returned all the
// same.
func (d *Deps) LoggedOnly(ctx context.Context, t *asynq.Task) error { // want LoggedOnly:`^effects: db_write/insert ds_pages guarded=processed_jobs; db_write/claim ds_cursors$`
	err := d.advance3(ctx, "b", t.Type())
	if errors.Is(err, errLeaseLost) {
		log.Println("lease lost")
	}
	return err
}

// ---------------- get-or-create ----------------

var (
	ErrEndpointNotFound = errors.New("endpoint not found")
	ErrEndpointExists   = errors.New("endpoint exists")
)

type Endpoint struct {
	URL    string
	Status string
}

type EndpointRepo interface {
	FindEndpoint(ctx context.Context, url string) (*Endpoint, error)
	CreateEndpoint(ctx context.Context, e *Endpoint) error
	CreateVersion(ctx context.Context, e *Endpoint) error
}

type pgEndpoints struct{ pool *pgxpool.Pool }

func (r *pgEndpoints) FindEndpoint(ctx context.Context, url string) (*Endpoint, error) { // want FindEndpoint:`^effects: db_read/select ds_endpoints$`
	var e Endpoint
	if err := r.pool.QueryRow(ctx, "select url, status from ds_endpoints where url = $1", url).Scan(&e.URL, &e.Status); err != nil {
		return nil, ErrEndpointNotFound
	}
	return &e, nil
}

func (r *pgEndpoints) CreateEndpoint(ctx context.Context, e *Endpoint) error { // want CreateEndpoint:`^effects: db_write/insert ds_endpoints guarded=processed_jobs$`
	if _, err := r.pool.Exec(ctx, "insert into ds_endpoints (url, status) values ($1, $2)", e.URL, e.Status); err != nil {
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			return ErrEndpointExists // a later delivery finds the endpoint first (GetOrCreate)
		}
		return err
	}
	return nil
}

func (r *pgEndpoints) CreateVersion(ctx context.Context, e *Endpoint) error { // want CreateVersion:`^effects: db_write/insert ds_endpoints guarded=processed_jobs$`
	if _, err := r.pool.Exec(ctx, "insert into ds_endpoints (url, status) values ($1, $2)", e.URL, e.Status); err != nil {
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			return ErrEndpointExists // want `duplicate-as-error: the already-processed branch returns a non-nil error`
		}
		return err
	}
	return nil
}

type Svc struct {
	Repo  EndpointRepo
	Other EndpointRepo
}

// GetOrCreate: created only when the repository does not have it.
func (s *Svc) GetOrCreate(ctx context.Context, t *asynq.Task) error { // want GetOrCreate:`^effects: dynamic_call/call \(dupstopfix.EndpointRepo\).FindEndpoint reads=db_read/read; dynamic_call/call \(dupstopfix.EndpointRepo\).CreateEndpoint reads=db_write/insert$`
	_, err := s.Repo.FindEndpoint(ctx, t.Type())
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrEndpointNotFound):
		return s.Repo.CreateEndpoint(ctx, &Endpoint{URL: t.Type()})
	default:
		return err
	}
}

// ByStatus: the lookup's status decides, not whether it was found: a
// second delivery that reads the same status creates again and fails.
func (s *Svc) ByStatus(ctx context.Context, t *asynq.Task) error { // want ByStatus:`^effects: dynamic_call/call \(dupstopfix.EndpointRepo\).FindEndpoint reads=db_read/read; dynamic_call/call \(dupstopfix.EndpointRepo\).CreateVersion reads=db_write/insert$`
	e, err := s.Repo.FindEndpoint(ctx, t.Type())
	if err != nil {
		return err
	}
	if e.Status == "pending" {
		return s.Repo.CreateVersion(ctx, &Endpoint{URL: t.Type() + "/v2"})
	}
	return nil
}

// OtherRepo: the lookup asks one repository, the create goes to another.
func (s *Svc) OtherRepo(ctx context.Context, t *asynq.Task) error { // want OtherRepo:`^effects: dynamic_call/call \(dupstopfix.EndpointRepo\).FindEndpoint reads=db_read/read; dynamic_call/call \(dupstopfix.EndpointRepo\).CreateVersion reads=db_write/insert$`
	_, err := s.Other.FindEndpoint(ctx, t.Type())
	if errors.Is(err, ErrEndpointNotFound) {
		return s.Repo.CreateVersion(ctx, &Endpoint{URL: t.Type()})
	}
	return err
}

func register(mux *asynq.ServeMux, d *Deps, s *Svc) { // want register:`^no effects$`
	mux.HandleFunc("swallowed", d.Swallowed)
	mux.HandleFunc("other", d.OtherError)
	mux.HandleFunc("logged", d.LoggedOnly)
	mux.HandleFunc("getorcreate", s.GetOrCreate)
	mux.HandleFunc("bystatus", s.ByStatus)
	mux.HandleFunc("otherrepo", s.OtherRepo)
}

func wire(pool *pgxpool.Pool) *Svc { // want wire:`^no effects$`
	return &Svc{Repo: &pgEndpoints{pool: pool}, Other: &pgEndpoints{pool: pool}}
}
