// Package store is the ledger's implementation, in a package of its own:
// the handler's package reaches it through an interface only.
package store

import (
	"context"
	"database/sql"
	"errors"

	"serialmarkwp/model"
)

type Row struct {
	ID    int64
	State string
}

type Ledger struct{ DB *sql.DB }

func (s *Ledger) ByConversation(ctx context.Context, conv string) ([]Row, error) {
	rs, err := s.DB.QueryContext(ctx, "select id, state from wp_messages where conversation_id = $1", conv)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []Row
	for rs.Next() {
		var r Row
		if err := rs.Scan(&r.ID, &r.State); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rs.Err()
}

func (s *Ledger) SetState(ctx context.Context, id int64, state string) error {
	_, err := s.DB.ExecContext(ctx, "update wp_messages set state = $2 where id = $1", id, state)
	return err
}

// Rows and Mark are ByConversation and SetState over model's types.
func (s *Ledger) Rows(ctx context.Context, conv string) ([]model.Row, error) {
	rs, err := s.DB.QueryContext(ctx, "select id, member_id, state from wp_messages where conversation_id = $1", conv)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []model.Row
	for rs.Next() {
		var r model.Row
		var state string
		if err := rs.Scan(&r.ID, &r.MemberID, &state); err != nil {
			return nil, err
		}
		r.State = model.State(state)
		out = append(out, r)
	}
	return out, rs.Err()
}

// Mark stamps the row and says when there is none (orako's sqlc
// :execrows query, its count tested).
func (s *Ledger) Mark(ctx context.Context, id int64, state model.State) error {
	res, err := s.DB.ExecContext(ctx, "update wp_messages set state = $2, updated_at = now() where id = $1", id, string(state))
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return errors.New("no such row")
	}
	return nil
}
