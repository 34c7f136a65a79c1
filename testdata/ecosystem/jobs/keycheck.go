package jobs

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// ErrKeyProcessed is what the key validation returns when the job's key
// row is already there: a first delivery finished the export.
var ErrKeyProcessed = errors.New("key already processed")

// KeyRepo is the job-key repository, on pgx v5.
type KeyRepo interface {
	GetKey(ctx context.Context, jobID int64) (string, error)
	CreateKey(ctx context.Context, jobID int64, file string) error
	SetExportStatus(ctx context.Context, jobID int64, status string) error
	WriteFile(ctx context.Context, jobID int64) (string, error)
}

type pgKeyRepo struct{ pool *pgxpool.Pool }

func (r *pgKeyRepo) GetKey(ctx context.Context, jobID int64) (string, error) {
	var f string
	err := r.pool.QueryRow(ctx, "select file_name from key_rows where job_id = $1", jobID).Scan(&f)
	return f, err
}

func (r *pgKeyRepo) CreateKey(ctx context.Context, jobID int64, file string) error {
	_, err := r.pool.Exec(ctx, "insert into key_rows (job_id, file_name) values ($1, $2)", jobID, file)
	return err
}

func (r *pgKeyRepo) SetExportStatus(ctx context.Context, jobID int64, status string) error {
	_, err := r.pool.Exec(ctx, "update key_exports set status = $2 where id = $1", jobID, status)
	return err
}

func (r *pgKeyRepo) WriteFile(ctx context.Context, jobID int64) (string, error) {
	var id string
	err := r.pool.QueryRow(ctx, "insert into key_files (job_id) values ($1) returning id", jobID).Scan(&id)
	return id, err
}

// KeyService validates and exports; the workers hold it behind an
// interface.
type KeyService interface {
	Validate(ctx context.Context, jobID int64) error
	Export(ctx context.Context, jobID int64) error
	ExportKeyFirst(ctx context.Context, jobID int64) error
}

type keyService struct{ repo KeyRepo }

// Validate: the key row found is the sentinel, two interface calls below
// the worker.
func (s *keyService) Validate(ctx context.Context, jobID int64) error {
	_, err := s.repo.GetKey(ctx, jobID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	return ErrKeyProcessed
}

// Export writes the file, then the key row that lists it.
func (s *keyService) Export(ctx context.Context, jobID int64) error {
	file, err := s.repo.WriteFile(ctx, jobID)
	if err != nil {
		return err
	}
	return s.repo.CreateKey(ctx, jobID, file)
}

// ExportKeyFirst inserts the key row before the file.
func (s *keyService) ExportKeyFirst(ctx context.Context, jobID int64) error {
	if err := s.repo.CreateKey(ctx, jobID, ""); err != nil {
		return err
	}
	_, err := s.repo.WriteFile(ctx, jobID)
	return err
}

// validateKey turns the sentinel into "acknowledge", after marking the
// export complete (a set, in another table).
func validateKey(ctx context.Context, svc KeyService, repo KeyRepo, jobID int64) (bool, error) {
	err := svc.Validate(ctx, jobID)
	if errors.Is(err, ErrKeyProcessed) {
		return true, repo.SetExportStatus(ctx, jobID, "completed")
	}
	return false, err
}

// KeyExportArgs is the River job of one export part.
type KeyExportArgs struct{ JobID int64 }

func (KeyExportArgs) Kind() string { return "shape:key-export" }

// KeyExportWorker acknowledges a part whose key row is there and exports
// it otherwise: two deliveries at once both find no key row and both
// write the file (check-then-act).
type KeyExportWorker struct {
	river.WorkerDefaults[KeyExportArgs]
	Svc  KeyService
	Repo KeyRepo
}

func (w *KeyExportWorker) Work(ctx context.Context, job *river.Job[KeyExportArgs]) error {
	ack, err := validateKey(ctx, w.Svc, w.Repo, job.Args.JobID)
	if err != nil {
		return err
	}
	if ack {
		return nil
	}
	return w.Svc.Export(ctx, job.Args.JobID)
}

// KeyFirstArgs is the near miss: the key row inserted before the file.
type KeyFirstArgs struct{ JobID int64 }

func (KeyFirstArgs) Kind() string { return "shape:key-first" }

// KeyFirstWorker validates the same way and inserts the key row first:
// nothing runs between the check and the record; the file's insert is
// plainly unguarded.
type KeyFirstWorker struct {
	river.WorkerDefaults[KeyFirstArgs]
	Svc  KeyService
	Repo KeyRepo
}

func (w *KeyFirstWorker) Work(ctx context.Context, job *river.Job[KeyFirstArgs]) error {
	ack, err := validateKey(ctx, w.Svc, w.Repo, job.Args.JobID)
	if err != nil {
		return err
	}
	if ack {
		return nil
	}
	return w.Svc.ExportKeyFirst(ctx, job.Args.JobID)
}

// RegisterKeyWorkers adds the key workers.
func RegisterKeyWorkers(ws *river.Workers, pool *pgxpool.Pool) {
	repo := &pgKeyRepo{pool: pool}
	svc := &keyService{repo: repo}
	river.AddWorker(ws, &KeyExportWorker{Svc: svc, Repo: repo})
	river.AddWorker(ws, &KeyFirstWorker{Svc: svc, Repo: repo})
}
