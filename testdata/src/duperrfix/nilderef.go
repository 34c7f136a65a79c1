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

// findWorkflow looks the workflow up.
func (d *Deps) findWorkflow(ctx context.Context, id string) (*workflow, error) { // want findWorkflow:`^effects: db_read/select de_workflows$`
	var n int
	if err := d.Pool.QueryRow(ctx, "select pull_request_id from de_workflows where workflow_id = $1", id).Scan(&n); err != nil {
		return nil, err
	}
	return &workflow{ID: id}, nil
}

// NilDerefJoined: the duplicate's branch looks the row up by the nil
// result's ID and joins the other failures before returning; the read
// lies on its every way out all the same.
func (d *Deps) NilDerefJoined(ctx context.Context, t *asynq.Task) error { // want NilDerefJoined:`^effects: db_write/insert de_workflows; db_read/select de_workflows$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/nilderef.go:26 fails on the duplicate`
	var found *workflow
	wf, err := d.createWorkflow(ctx, t.Type())
	if err != nil {
		if strings.Contains(err.Error(), "duplicate key") {
			found, err = d.findWorkflow(ctx, wf.ID)
		}
		if found == nil {
			return fmt.Errorf("create: %s", err.Error())
		}
		log.Println("already created", found.ID)
		return nil
	}
	return nil
}

// NilDerefSometimes (near miss): the duplicate's branch reads the nil
// result only when told to log: the other way takes the duplicate as
// success.
func (d *Deps) NilDerefSometimes(ctx context.Context, t *asynq.Task) error { // want NilDerefSometimes:`^effects: db_write/insert de_workflows guarded=`
	wf, err := d.createWorkflow(ctx, t.Type())
	if err != nil {
		if strings.Contains(err.Error(), "duplicate key") {
			if t.Type() == "verbose" {
				log.Println("already created", wf.ID)
			}
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
	mux.HandleFunc("nilderefjoined", d.NilDerefJoined)
	mux.HandleFunc("nilderefsometimes", d.NilDerefSometimes)
	return mux
}
