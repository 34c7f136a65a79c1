package duperrfix

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/hibiken/asynq"
)

// A create that returns (nil, err) on every failure, and a handler whose
// branch for the duplicate's "duplicate key" reads the nil result: the
// branch panics before it can take the duplicate as success, so every
// redelivery fails (convoy's ProcessEventCreationByChannel reading
// event.ProjectID of the event CreateEvent returned as nil). Near misses:
// the result tested for nil first, and a create that returns its row
// with the error.

// workflow is the row a create returns.
type workflow struct{ ID string }

// createWorkflow returns nil whenever it fails, its error made of the
// driver's text.
func (d *Deps) createWorkflow(ctx context.Context, id string) (*workflow, error) { // want createWorkflow:`^effects: db_write/insert de_workflows$`
	if _, err := d.Pool.Exec(ctx, "insert into de_workflows (workflow_id, pull_request_id) values ($1, $2)", id, 7); err != nil {
		return nil, fmt.Errorf("create workflow: %s", err.Error())
	}
	return &workflow{ID: id}, nil
}

// keptWorkflow returns the row it tried to create with the error.
func (d *Deps) keptWorkflow(ctx context.Context, id string) (*workflow, error) { // want keptWorkflow:`^effects: db_write/insert de_workflows$`
	wf := &workflow{ID: id}
	if _, err := d.Pool.Exec(ctx, "insert into de_workflows (workflow_id, pull_request_id) values ($1, $2)", id, 8); err != nil {
		return wf, fmt.Errorf("create workflow: %s", err.Error())
	}
	return wf, nil
}

// NilDeref: the duplicate's branch reads wf.ID of a nil wf.
func (d *Deps) NilDeref(ctx context.Context, t *asynq.Task) error { // want NilDeref:`^effects: db_write/insert de_workflows$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/nilderef.go:26 fails on the duplicate`
	wf, err := d.createWorkflow(ctx, t.Type())
	if err != nil {
		if strings.Contains(err.Error(), "duplicate key") {
			log.Println("already created", wf.ID)
			return nil
		}
		return err
	}
	return nil
}

// NilChecked (near miss): wf is tested for nil before it is read.
func (d *Deps) NilChecked(ctx context.Context, t *asynq.Task) error { // want NilChecked:`^effects: db_write/insert de_workflows guarded=`
	wf, err := d.createWorkflow(ctx, t.Type())
	if err != nil {
		if strings.Contains(err.Error(), "duplicate key") {
			if wf != nil {
				log.Println("already created", wf.ID)
			}
			return nil
		}
		return err
	}
	return nil
}

// RowKept (near miss): the create returns its row with the error.
func (d *Deps) RowKept(ctx context.Context, t *asynq.Task) error { // want RowKept:`^effects: db_write/insert de_workflows guarded=`
	wf, err := d.keptWorkflow(ctx, t.Type())
	if err != nil {
		if strings.Contains(err.Error(), "duplicate key") {
			log.Println("already created", wf.ID)
			return nil
		}
		return err
	}
	return nil
}

// NilMux registers the handlers of this file.
func NilMux(d *Deps) *asynq.ServeMux { // want NilMux:`^no effects$`
	mux := asynq.NewServeMux()
	mux.HandleFunc("nilderef", d.NilDeref)
	mux.HandleFunc("nilchecked", d.NilChecked)
	mux.HandleFunc("rowkept", d.RowKept)
	return mux
}
