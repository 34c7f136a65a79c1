// Package service: workers that receive from the channel they were given.
package service

import (
	"context"
	"database/sql"

	"chanalias/model"
)

type Service struct {
	db    *sql.DB
	inbox <-chan model.Order // want inbox:`received by \[\(\*service.Service\).Run\]`
}

func NewService(db *sql.DB, in <-chan model.Order) *Service { // want NewService:"no effects"
	s := &Service{db: db}
	s.inbox = in
	return s
}

// Run is the long-lived worker: every order received is inserted.
func (s *Service) Run(ctx context.Context) { // want Run:`^effects: db_write/insert orders$`
	for o := range s.inbox {
		s.db.ExecContext(ctx, "INSERT INTO orders (id, total) VALUES ($1, $2)", o.ID, o.Total)
	}
}

// Archiver is fed by a channel of another make than the audit's.
type Archiver struct {
	db      *sql.DB
	pending chan model.Order // want pending:`received by \[\(\*service.Archiver\).Run\]`
}

func NewArchiver(db *sql.DB, pending chan model.Order) *Archiver { // want NewArchiver:"no effects"
	return &Archiver{db: db, pending: pending}
}

func (a *Archiver) Run(ctx context.Context) { // want Run:`^effects: db_write/insert archive$`
	for {
		select {
		case o := <-a.pending:
			a.db.ExecContext(ctx, "INSERT INTO archive (id) VALUES ($1)", o.ID)
		case <-ctx.Done():
			return
		}
	}
}
