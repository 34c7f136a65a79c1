// Package svc serves orders behind an interface (wired in cmd/worker);
// what SetState writes depends on the state its caller asks for.
package svc

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shapes/internal/model"
)

// Req asks for a state.
type Req struct {
	ID    string
	State int64
}

// Orders is the port the handlers call.
type Orders interface {
	SetState(ctx context.Context, in *Req) error
}

// Impl is Orders on pgx.
type Impl struct{ Pool *pgxpool.Pool }

func (s *Impl) SetState(ctx context.Context, in *Req) error {
	if _, err := s.Pool.Exec(ctx, "update cw_orders set state = $2 where id = $1", in.ID, in.State); err != nil {
		return err
	}
	if in.State == model.StatePaid {
		if _, err := s.Pool.Exec(ctx, "update cw_counters set n = n + 1 where id = $1", in.ID); err != nil {
			return err
		}
	}
	if in.State == model.StateMoved {
		_, err := s.Pool.Exec(ctx, "update cw_moves set n = n + 1 where id = $1", in.ID)
		return err
	}
	return nil
}
