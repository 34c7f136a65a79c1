package duperrfix

import (
	"context"
	"fmt"

	"github.com/hibiken/asynq"
)

// A read that outer-joins a table and returns one of its columns
// coalesced with a constant says with that constant that the join found
// no row: an insert into that table made only then is a find-or-create
// (a second delivery finds the row and does not insert; one at the same
// time fails once on the key and its retry finds the row), not a
// duplicate-as-error. Near miss: a test of another value of the column
// says nothing of the row's presence.

type rotationRow struct {
	Name         string
	StateVersion int32
}

// rotationData is sqlc's :one: the rotation and its state's version, 0
// when it has no state.
func (d *Deps) rotationData(ctx context.Context, id string) (rotationRow, error) { // want rotationData:`^effects: db_read/select de_rotations$`
	var i rotationRow
	err := d.Pool.QueryRow(ctx, "select r.name, coalesce(s.version, 0) as state_version from de_rotations r left join de_rotation_state s on s.rotation_id = r.id where r.id = $1", id).Scan(&i.Name, &i.StateVersion)
	return i, err
}

// StartRotation inserts the state only when the join found none.
func (d *Deps) StartRotation(ctx context.Context, t *asynq.Task) error { // want StartRotation:`^effects: db_write/insert de_rotation_state guarded=processed_jobs; db_read/select de_rotations$`
	row, err := d.rotationData(ctx, t.Type())
	if err != nil {
		return err
	}
	if row.StateVersion == 0 {
		if _, err := d.Pool.Exec(ctx, "insert into de_rotation_state (rotation_id, position) values ($1, 0)", t.Type()); err != nil {
			return fmt.Errorf("start rotation: %w", err)
		}
		return nil
	}
	return nil
}

// StartRotationV1 inserts when the version is 1, which a state row holds
// (the join found one): the insert fails on the key.
func (d *Deps) StartRotationV1(ctx context.Context, t *asynq.Task) error { // want StartRotationV1:`^effects: db_write/insert de_rotation_state; db_read/select de_rotations$` `duplicate-as-error: a second delivery's insert into de_rotation_state \(medium\) at duperrfix/joinmiss.go:\d+ fails on the duplicate`
	row, err := d.rotationData(ctx, t.Type())
	if err != nil {
		return err
	}
	if row.StateVersion == 1 {
		if _, err := d.Pool.Exec(ctx, "insert into de_rotation_state (rotation_id, position) values ($1, 0)", t.Type()); err != nil {
			return fmt.Errorf("start rotation: %w", err)
		}
	}
	return nil
}

// JoinMissMux registers the handlers.
func JoinMissMux(d *Deps) *asynq.ServeMux { // want JoinMissMux:`^no effects$`
	mux := asynq.NewServeMux()
	mux.HandleFunc("startrotation", d.StartRotation)
	mux.HandleFunc("startrotationv1", d.StartRotationV1)
	return mux
}
