// Package svc serves orders behind an interface; what SetState does
// depends on the state the caller asks for.
package svc

import (
	"context"
	"database/sql"

	"condwhole/model"
)

type Req struct {
	ID    string
	State int64
}

type Orders interface {
	SetState(ctx context.Context, in *Req) error
}

type Impl struct{ DB *sql.DB }

func (s *Impl) SetState(ctx context.Context, in *Req) error {
	if _, err := s.DB.ExecContext(ctx, "UPDATE orders SET state = $2 WHERE id = $1", in.ID, in.State); err != nil {
		return err
	}
	if in.State == model.StatePaid {
		if _, err := s.DB.ExecContext(ctx, "UPDATE counters SET n = n + 1 WHERE id = $1", in.ID); err != nil {
			return err
		}
	}
	if in.State == model.StateMoved {
		_, err := s.DB.ExecContext(ctx, "UPDATE moves SET n = n + 1 WHERE id = $1", in.ID)
		return err
	}
	return nil
}
