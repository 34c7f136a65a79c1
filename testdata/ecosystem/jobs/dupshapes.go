package jobs

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Duplicate-as-error shapes on the real pgx v5 (issue 28, stop 49), each
// with its near miss; wf_runs' only key is the workflow id
// (migrations/015_workflows.sql), the same on every delivery of a task.
//   - A create on the caller's transaction or one of its own: the test of
//     "was one handed in" reaches the insert on both branches and decides
//     nothing (WrappedRun: duplicate-as-error); a look-up whose found
//     branch returns before the insert does (WrappedRunLooked: none).
//   - A create that returns nil on every failure, whose duplicate branch
//     reads the nil row on its every way out (NilRunJoined:
//     duplicate-as-error); read on one way only (NilRunSometimes: none).
//   - A check of wf_runs before the insert that returns success answers
//     the retry of a duplicate (CheckedRun: none); a check of another
//     table does not (CheckedRunOther: duplicate-as-error).

// DupShapeDeps are the clients of these handlers.
type DupShapeDeps struct{ Pool *pgxpool.Pool }

// wfRun is the row a create returns.
type wfRun struct{ ID string }

type wfTxKey struct{}

// runTx is the caller's transaction when ctx carries one, a new one
// otherwise; wrapped says which.
func (d *DupShapeDeps) runTx(ctx context.Context) (pgx.Tx, bool, error) {
	if tx, ok := ctx.Value(wfTxKey{}).(pgx.Tx); ok && tx != nil {
		return tx, true, nil
	}
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return nil, false, err
	}
	return tx, false, nil
}

// insertRun inserts the run on the transaction runTx gave.
func (d *DupShapeDeps) insertRun(ctx context.Context, id string) (*wfRun, error) {
	tx, wrapped, err := d.runTx(ctx)
	if err != nil {
		return nil, err
	}
	if !wrapped {
		defer tx.Rollback(ctx)
	}
	if _, err := tx.Exec(ctx, "insert into wf_runs (workflow_id, pull_request_id) values ($1, $2)", id, 9); err != nil {
		return nil, err
	}
	if !wrapped {
		if err := tx.Commit(ctx); err != nil {
			return nil, err
		}
	}
	return &wfRun{ID: id}, nil
}

// insertRunOnce looks the run up first and inserts it only when absent.
func (d *DupShapeDeps) insertRunOnce(ctx context.Context, id string) (*wfRun, error) {
	tx, wrapped, err := d.runTx(ctx)
	if err != nil {
		return nil, err
	}
	if !wrapped {
		defer tx.Rollback(ctx)
	}
	found, err := d.findRunTx(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	if found {
		return &wfRun{ID: id}, nil
	}
	if _, err := tx.Exec(ctx, "insert into wf_runs (workflow_id, pull_request_id) values ($1, $2)", id, 10); err != nil {
		return nil, err
	}
	return &wfRun{ID: id}, nil
}

// findRunTx reports whether the run is there, as duperrfix's findOrder
// does (the same count scanned and tested in line is not read as the
// look-up today: the insert then stays unguarded by it).
func (d *DupShapeDeps) findRunTx(ctx context.Context, tx pgx.Tx, id string) (bool, error) {
	var n int
	err := tx.QueryRow(ctx, "select count(*) from wf_runs where workflow_id = $1", id).Scan(&n)
	return n > 0, err
}

// WrappedRun: the duplicate's branch reads the nil run.
func (d *DupShapeDeps) WrappedRun(ctx context.Context, t *asynq.Task) error {
	wf, err := d.insertRun(ctx, string(t.Payload()))
	if err != nil {
		if strings.Contains(err.Error(), "duplicate key") {
			log.Println("already created", wf.ID)
			return nil
		}
		return err
	}
	return nil
}

// WrappedRunLooked, the near miss: the look-up's found branch returns
// before the insert.
func (d *DupShapeDeps) WrappedRunLooked(ctx context.Context, t *asynq.Task) error {
	wf, err := d.insertRunOnce(ctx, string(t.Payload()))
	if err != nil {
		if strings.Contains(err.Error(), "duplicate key") {
			log.Println("already created", wf.ID)
			return nil
		}
		return err
	}
	return nil
}

// createRun returns nil whenever it fails, its error made of the
// driver's text.
func (d *DupShapeDeps) createRun(ctx context.Context, id string) (*wfRun, error) {
	if _, err := d.Pool.Exec(ctx, "insert into wf_runs (workflow_id, pull_request_id) values ($1, $2)", id, 7); err != nil {
		return nil, fmt.Errorf("create run: %s", err.Error())
	}
	return &wfRun{ID: id}, nil
}

// findRun looks the run up.
func (d *DupShapeDeps) findRun(ctx context.Context, id string) (*wfRun, error) {
	var n int
	if err := d.Pool.QueryRow(ctx, "select pull_request_id from wf_runs where workflow_id = $1", id).Scan(&n); err != nil {
		return nil, err
	}
	return &wfRun{ID: id}, nil
}

// NilRunJoined: the duplicate's branch looks the run up by the nil
// result's ID, on its every way out.
func (d *DupShapeDeps) NilRunJoined(ctx context.Context, t *asynq.Task) error {
	var found *wfRun
	wf, err := d.createRun(ctx, string(t.Payload()))
	if err != nil {
		if strings.Contains(err.Error(), "duplicate key") {
			found, err = d.findRun(ctx, wf.ID)
		}
		if found == nil {
			return fmt.Errorf("create: %s", err.Error())
		}
		log.Println("already created", found.ID)
		return nil
	}
	return nil
}

// NilRunSometimes, the near miss: the nil result is read only when told
// to log; the other way takes the duplicate as success.
func (d *DupShapeDeps) NilRunSometimes(ctx context.Context, t *asynq.Task) error {
	wf, err := d.createRun(ctx, string(t.Payload()))
	if err != nil {
		if strings.Contains(err.Error(), "duplicate key") {
			if t.Type() == "wf:verbose" {
				log.Println("already created", wf.ID)
			}
			return nil
		}
		return err
	}
	return nil
}

// pendingRuns reads the runs still unfinished for a pull request.
func (d *DupShapeDeps) pendingRuns(ctx context.Context, pr int) ([]string, error) {
	rows, err := d.Pool.Query(ctx, "select workflow_id from wf_runs where pull_request_id = $1 and not finished", pr)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// recentRunEvents reads wf_events: a check of another table.
func (d *DupShapeDeps) recentRunEvents(ctx context.Context) ([]string, error) {
	rows, err := d.Pool.Query(ctx, "select body from wf_events")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var b string
		if err := rows.Scan(&b); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

func (d *DupShapeDeps) startRun(ctx context.Context, id string, pr int) error {
	_, err := d.Pool.Exec(ctx, "insert into wf_runs (workflow_id, pull_request_id) values ($1, $2)", id, pr)
	return err
}

// CheckedRun: the check reads wf_runs and returns success while fewer
// than two are pending: the retry of a duplicate takes that return.
func (d *DupShapeDeps) CheckedRun(ctx context.Context, t *asynq.Task) error {
	pending, err := d.pendingRuns(ctx, 7)
	if err != nil {
		return err
	}
	if len(pending) < 2 {
		return nil
	}
	return d.startRun(ctx, string(t.Payload()), 7)
}

// CheckedRunOther, the near miss: the check reads wf_events; the retry
// of a duplicate insert into wf_runs passes it and fails again.
func (d *DupShapeDeps) CheckedRunOther(ctx context.Context, t *asynq.Task) error {
	recent, err := d.recentRunEvents(ctx)
	if err != nil {
		return err
	}
	if len(recent) < 2 {
		return nil
	}
	return d.startRun(ctx, string(t.Payload()), 7)
}

// RegisterDupShapes wires the handlers of this file.
func RegisterDupShapes(mux *asynq.ServeMux, d *DupShapeDeps) {
	mux.HandleFunc("wf:wrapped", d.WrappedRun)
	mux.HandleFunc("wf:wrappedlooked", d.WrappedRunLooked)
	mux.HandleFunc("wf:niljoined", d.NilRunJoined)
	mux.HandleFunc("wf:nilsometimes", d.NilRunSometimes)
	mux.HandleFunc("wf:checked", d.CheckedRun)
	mux.HandleFunc("wf:checkedother", d.CheckedRunOther)
}
