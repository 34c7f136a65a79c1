package checkactwhole

import (
	"context"
	"database/sql"
	"errors"

	"github.com/hibiken/asynq"
)

// ErrProcessed is what the validator returns when the job's key row is
// already there: a first delivery finished it.
var ErrProcessed = errors.New("already processed")

// Keys is the job-key repository.
type Keys interface {
	GetKey(ctx context.Context, id string) (string, error)
	CreateKey(ctx context.Context, id string) error
	SetJobStatus(ctx context.Context, id, status string) error
	Export(ctx context.Context, id string) error
}

type pgKeys struct{ db *sql.DB }

func (p *pgKeys) GetKey(ctx context.Context, id string) (string, error) {
	var k string
	err := p.db.QueryRowContext(ctx, "select file_name from job_keys where job_id = $1", id).Scan(&k) // want `^check-then-act: this check of job_keys and the write into it`
	return k, err
}

func (p *pgKeys) CreateKey(ctx context.Context, id string) error {
	_, err := p.db.ExecContext(ctx, "insert into job_keys (job_id) values ($1)", id)
	return err
}

func (p *pgKeys) SetJobStatus(ctx context.Context, id, status string) error {
	_, err := p.db.ExecContext(ctx, "update jobs set status = $2 where id = $1", id, status)
	return err
}

func (p *pgKeys) Export(ctx context.Context, id string) error {
	_, err := p.db.ExecContext(ctx, "insert into exports (job_id) values ($1)", id)
	return err
}

// Validator answers whether the job still needs work; Exporter does it.
type Validator interface {
	Validate(ctx context.Context, id string) error
}

type Exporter interface {
	Process(ctx context.Context, id string) error
	ProcessMarkedFirst(ctx context.Context, id string) error
}

type keyWorker struct{ keys Keys }

// Validate: the key row found is the sentinel ErrProcessed, two interface
// calls below the handler.
func (w *keyWorker) Validate(ctx context.Context, id string) error {
	_, err := w.keys.GetKey(ctx, id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	return ErrProcessed
}

// Process exports, then inserts the key row that says it was done.
func (w *keyWorker) Process(ctx context.Context, id string) error {
	if err := w.keys.Export(ctx, id); err != nil {
		return err
	}
	return w.keys.CreateKey(ctx, id)
}

// ProcessMarkedFirst inserts the key row before the export.
func (w *keyWorker) ProcessMarkedFirst(ctx context.Context, id string) error {
	if err := w.keys.CreateKey(ctx, id); err != nil {
		return err
	}
	return w.keys.Export(ctx, id)
}

type keyJobs struct {
	validator Validator
	exporter  Exporter
	keys      Keys
}

// validate turns the validator's sentinel into "acknowledge": on it the
// parent job's status is set (idempotent bookkeeping) and the caller
// returns nil.
func (j *keyJobs) validate(ctx context.Context, id string) (error, bool) {
	err := j.validator.Validate(ctx, id)
	if errors.Is(err, ErrProcessed) {
		if err := j.keys.SetJobStatus(ctx, id, "completed"); err != nil {
			return err, false
		}
		return nil, true
	}
	return err, false
}

// Export: the key row's check two interface calls deep returns the
// sentinel its helper turns into "acknowledge"; the export and then the
// key row's insert run in one interface call: check-then-act, the key
// row's insert included (it repeats only when the export does).
func (j *keyJobs) Export(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	err, ack := j.validate(ctx, id)
	if ack {
		return nil
	}
	if err != nil {
		return err
	}
	return j.exporter.Process(ctx, id)
}

// ExportUnchecked calls the validation but ignores its answer: no check,
// the export is plainly unguarded.
func (j *keyJobs) ExportUnchecked(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into job_keys \(medium\) at`
	id := string(t.Payload())
	_, _ = j.validate(ctx, id)
	return j.exporter.Process(ctx, id)
}

// ExportMarkedFirst inserts the key row before the export: a second
// delivery's key insert comes first, nothing is covered by the check.
func (j *keyJobs) ExportMarkedFirst(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: insert into job_keys \(medium\) at`
	id := string(t.Payload())
	err, ack := j.validate(ctx, id)
	if ack {
		return nil
	}
	if err != nil {
		return err
	}
	return j.exporter.ProcessMarkedFirst(ctx, id)
}

// RegisterKeyJobs wires the key jobs.
func RegisterKeyJobs(db *sql.DB, mux *asynq.ServeMux) {
	keys := &pgKeys{db: db}
	w := &keyWorker{keys: keys}
	j := &keyJobs{validator: w, exporter: w, keys: keys}
	mux.HandleFunc("export", j.Export)
	mux.HandleFunc("exportunchecked", j.ExportUnchecked)
	mux.HandleFunc("exportmarkedfirst", j.ExportMarkedFirst)
}
