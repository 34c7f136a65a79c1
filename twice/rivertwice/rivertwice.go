package rivertwice

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/riverqueue/river/rivertype"

	"github.com/jobeffects/jobeffects/twice"
)

// Job returns the twice.Job that inserts args (with opts, which may be
// nil) at the start of every run and delivers it to worker. pool is the
// database River's tables are in; tb receives rivertest's own failures.
func Job[T river.JobArgs](tb testing.TB, pool *pgxpool.Pool, worker river.Worker[T], args T, opts *river.InsertOpts) twice.Job {
	tb.Helper()
	driver := riverpgxv5.New(pool)
	client, err := river.NewClient(driver, &river.Config{Test: river.TestConfig{DisableUniqueEnforcement: true}})
	if err != nil {
		tb.Fatalf("rivertwice: %v", err)
	}
	mw := &afterWork{pool: pool}
	w := rivertest.NewWorker(tb, driver, &river.Config{Middleware: []rivertype.Middleware{mw}}, worker)
	return &job[T]{tb: tb, pool: pool, client: client, worker: w, args: args, opts: opts}
}

type job[T river.JobArgs] struct {
	tb     testing.TB
	pool   *pgxpool.Pool
	client *river.Client[pgx.Tx]
	worker *rivertest.Worker[T, pgx.Tx]
	args   T
	opts   *river.InsertOpts

	mu sync.Mutex
	id int64
}

// Start inserts the job for a new run.
func (j *job[T]) Start(ctx context.Context) error {
	res, err := j.client.Insert(ctx, j.args, j.opts)
	if err != nil {
		return fmt.Errorf("inserting the River job: %w", err)
	}
	j.mu.Lock()
	j.id = res.Job.ID
	j.mu.Unlock()
	return nil
}

// Deliver works the job once if River would deliver it now.
func (j *job[T]) Deliver(ctx context.Context, d twice.Delivery) error {
	j.mu.Lock()
	id := j.id
	j.mu.Unlock()
	if id == 0 {
		return errors.New("rivertwice: Deliver before Start")
	}
	ictx := twice.Internal(ctx)
	row, err := j.client.JobGet(ictx, id)
	if err != nil {
		return err
	}
	if err := j.rescue(ictx, row); err != nil {
		return err
	}
	st := &workState{delivery: d}
	err = work(j.tb, func(tb testing.TB) error { // deliverytb.go
		_, err := j.worker.WorkJob(context.WithValue(ctx, workStateKey{}, st), tb, poolTx{j.pool}, row)
		return err
	})
	if !d.Ack || twice.Crashed(ctx) != nil {
		// The completer's update is lost with the worker: the job stays
		// as Work left it.
		if st.after == rivertype.JobStateRunning {
			if _, uerr := j.pool.Exec(ictx, "update river_job set state = 'running', finalized_at = null where id = $1", id); uerr != nil {
				return errors.Join(err, uerr)
			}
		}
	}
	return err
}

// rescue decides as River would whether row is delivered now: it returns
// an error wrapping twice.ErrNotDelivered when it is not.
func (j *job[T]) rescue(ctx context.Context, row *rivertype.JobRow) error {
	switch row.State {
	case rivertype.JobStateCompleted, rivertype.JobStateCancelled, rivertype.JobStateDiscarded:
		return fmt.Errorf("%w: River does not run a %s job", twice.ErrNotDelivered, row.State)
	case rivertype.JobStateRunning:
		// What River's rescuer does with a job stuck running
		// (internal/maintenance/job_rescuer.go).
		var meta struct {
			CancelAttemptedAt *string `json:"cancel_attempted_at"`
		}
		_ = json.Unmarshal(row.Metadata, &meta)
		var state rivertype.JobState
		var why string
		switch {
		case meta.CancelAttemptedAt != nil:
			state, why = rivertype.JobStateCancelled, "River's rescuer cancels a stuck job whose cancellation was attempted (JobCancelTx)"
		case row.Attempt >= row.MaxAttempts:
			state, why = rivertype.JobStateDiscarded, fmt.Sprintf("River's rescuer discards a stuck job that has used its %d attempts", row.MaxAttempts)
		default:
			return nil // made retryable, and worked again
		}
		if _, err := j.pool.Exec(ctx, "update river_job set state = $2, finalized_at = now() where id = $1 and state = 'running'", row.ID, string(state)); err != nil {
			return err
		}
		return fmt.Errorf("%w: %s", twice.ErrNotDelivered, why)
	}
	return nil
}

type workStateKey struct{}

// workState is what the middleware saw of one delivery.
type workState struct {
	delivery twice.Delivery
	after    rivertype.JobState // the job's state once Work returned
}

// afterWork is a worker middleware that reads the job's state once Work
// has returned (before the completer), so a lost ack can be undone
// without undoing what Work committed itself.
type afterWork struct {
	river.MiddlewareDefaults
	pool *pgxpool.Pool
}

func (m *afterWork) Work(ctx context.Context, job *rivertype.JobRow, doInner func(context.Context) error) (err error) {
	st, _ := ctx.Value(workStateKey{}).(*workState)
	defer func() {
		if st == nil {
			return
		}
		var state string
		if qerr := m.pool.QueryRow(twice.Internal(ctx), "select state::text from river_job where id = $1", job.ID).Scan(&state); qerr == nil {
			st.after = rivertype.JobState(state)
		}
	}()
	defer func() {
		// rivertest marks its context so that JobCompleteTx panics where
		// River's executor gets rivertype.ErrNotFound (the job is no
		// longer running: another delivery completed it). Give the
		// worker's caller what production gives.
		if p := recover(); p != nil {
			if s, ok := p.(string); ok && strings.Contains(s, "to use JobCompleteTx in a rivertest.Worker") {
				err = fmt.Errorf("JobCompleteTx: %w (another delivery finalized the job)", rivertype.ErrNotFound)
				return
			}
			panic(p)
		}
	}()
	if st != nil {
		// The executor has marked the job running: in the concurrent
		// mode, wait for the other deliveries to have it too.
		st.delivery.Fetched()
	}
	return doInner(ctx)
}

// poolTx lets rivertest.Worker do River's bookkeeping (mark the job
// running, complete it) in autocommit on the pool, on internal contexts,
// instead of in one transaction: the worker opens its own transactions on
// the same pool, and they must see the job row and not wait for a lock on
// it.
type poolTx struct{ p *pgxpool.Pool }

var _ pgx.Tx = poolTx{}

func (t poolTx) Begin(ctx context.Context) (pgx.Tx, error) { return t.p.Begin(twice.Internal(ctx)) }
func (t poolTx) Commit(context.Context) error              { return nil }
func (t poolTx) Rollback(context.Context) error            { return nil }
func (t poolTx) CopyFrom(ctx context.Context, name pgx.Identifier, cols []string, src pgx.CopyFromSource) (int64, error) {
	return t.p.CopyFrom(twice.Internal(ctx), name, cols, src)
}
func (t poolTx) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	return t.p.SendBatch(twice.Internal(ctx), b)
}
func (t poolTx) LargeObjects() pgx.LargeObjects { return pgx.LargeObjects{} }
func (t poolTx) Prepare(context.Context, string, string) (*pgconn.StatementDescription, error) {
	return nil, errors.New("rivertwice: Prepare is not supported")
}
func (t poolTx) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return t.p.Exec(twice.Internal(ctx), sql, args...)
}
func (t poolTx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return t.p.Query(twice.Internal(ctx), sql, args...)
}
func (t poolTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return t.p.QueryRow(twice.Internal(ctx), sql, args...)
}
func (t poolTx) Conn() *pgx.Conn { return nil }

// Config lets riverpgxv5 read the pool's query exec mode.
func (t poolTx) Config() *pgxpool.Config { return t.p.Config() }
