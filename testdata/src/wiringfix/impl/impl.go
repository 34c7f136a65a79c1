// Package impl implements the jobs interfaces.
package impl

import (
	"context"
	"database/sql"
	"net/http"
	"strings"

	"wiringfix/jobs"
)

// Poster notifies a partner over HTTP.
type Poster struct{ URL string }

func (p *Poster) Notify(ctx context.Context, msg string) error {
	resp, err := http.Post(p.URL, "text/plain", strings.NewReader(msg))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// NewStore returns the store behind the interface: its type is not
// exported, so other packages know its methods from implFact.
func NewStore(db *sql.DB) jobs.Store {
	return &sqlStore{db: db}
}

type sqlStore struct{ db *sql.DB }

func (s *sqlStore) Save(ctx context.Context, id string) error {
	_, err := s.db.ExecContext(ctx, "insert into saved (id) values ($1)", id)
	return err
}

// Payments claims the job on the pool and inserts in a transaction: the
// two commit separately.
type Payments struct{ DB *sql.DB }

func (p *Payments) Record(ctx context.Context, id string) error {
	res, err := p.DB.ExecContext(ctx, "insert into processed_jobs (id) values ($1) on conflict do nothing", id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	tx, err := p.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "insert into payments (id) values ($1)", id); err != nil {
		return err
	}
	return tx.Commit()
}

// Invoices inserts an invoice row.
type Invoices struct{ DB *sql.DB }

func (i *Invoices) Issue(ctx context.Context, id string) error {
	_, err := i.DB.ExecContext(ctx, "insert into invoices(id) values ($1)", id)
	return err
}
