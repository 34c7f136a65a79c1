// Package service holds the workers that receive from the channel they
// were given and write each order.
package service

import (
	"context"
	"database/sql"

	"example.com/consumers/orderflow/model"
)

// Service inserts every order its inbox receives.
type Service struct {
	db    *sql.DB
	inbox <-chan model.Order
}

// New keeps in.
func New(db *sql.DB, in <-chan model.Order) *Service {
	s := &Service{db: db}
	s.inbox = in
	return s
}

// Run is the long-lived worker.
func (s *Service) Run(ctx context.Context) {
	for o := range s.inbox {
		_, _ = s.db.ExecContext(ctx, "insert into flow_orders (id, total) values ($1, $2)", o.ID, o.Total)
	}
}

// Archiver is fed by a channel of another make than the audit's.
type Archiver struct {
	db      *sql.DB
	pending chan model.Order
}

// NewArchiver keeps pending.
func NewArchiver(db *sql.DB, pending chan model.Order) *Archiver {
	return &Archiver{db: db, pending: pending}
}

// Run archives every order pending receives.
func (a *Archiver) Run(ctx context.Context) {
	for {
		select {
		case o := <-a.pending:
			_, _ = a.db.ExecContext(ctx, "insert into flow_archive (id) values ($1)", o.ID)
		case <-ctx.Done():
			return
		}
	}
}
