// Package genreg registers its River handlers through its registrar's
// generic helpers (package jobs): a method value and a plain function
// each are a handler of the args type's Kind().
package genreg

import (
	"context"
	"database/sql"

	"github.com/riverqueue/river"

	"genreg/jobs"
)

type Service struct{ db *sql.DB }

func NewService(db *sql.DB) *Service { // want NewService:"no effects"
	s := &Service{db: db}
	jobs.RegisterWorkerFunc(s.handleSyncUser)
	jobs.RegisterWorkerFunc(cleanup)
	jobs.RegisterJobFunc(touch)
	jobs.RegisterExport(s.export)
	jobs.RegisterPing(s.pinged)
	registerTraced(s.audit)
	return s
}

// registerTraced hands its parameter to jobs.RegisterTimed, an adapter
// registrar: the handlers its callers pass name RegisterTimed.
func registerTraced[A river.JobArgs](work func(context.Context, A) error) { // want registerTraced:"no effects" registerTraced:`^forwards \[\{0 river  -1 .* 1 genreg/jobs.RegisterTimed\}\]$`
	jobs.RegisterTimed(work)
}

func (s *Service) audit(ctx context.Context, args jobs.AuditArgs) error { // wholewant `^unguarded: .*twice: insert into audits \(medium\) at` // want audit:"effects: db_write/insert audits" `unguarded: handler \(\*genreg.Service\).audit \(river task "audit"\) .*insert into audits`
	_, err := s.db.ExecContext(ctx, "insert into audits(id) values ($1)", args.ID)
	return err
}

func (s *Service) handleSyncUser(ctx context.Context, args jobs.SyncUserArgs) error { // wholewant `^unguarded: .*twice: insert into user_syncs \(medium\) at` // want handleSyncUser:"effects: db_write/insert user_syncs" `unguarded: handler \(\*genreg.Service\).handleSyncUser \(river task "sync-user"\) .*insert into user_syncs`
	_, err := s.db.ExecContext(ctx, "insert into user_syncs(user_id) values ($1)", args.UserID)
	return err
}

func cleanup(ctx context.Context, args jobs.CleanupArgs) error { // want cleanup:"no effects"
	return nil
}

func touch(ctx context.Context, j *river.Job[jobs.TouchArgs]) error { // want touch:"no effects"
	return nil
}

func (s *Service) export(ctx context.Context, args jobs.ExportArgs) error { // wholewant `^unguarded: .*twice: insert into export_runs \(medium\) at` // want export:"effects: db_write/insert export_runs" `unguarded: handler \(\*genreg.Service\).export \(river task "export-report"\) .*insert into export_runs`
	_, err := s.db.ExecContext(ctx, "insert into export_runs(id) values ($1)", args.ID)
	return err
}

func (s *Service) pinged(ctx context.Context) { // want pinged:"effects: db_write/update-increment pings"
	s.db.ExecContext(ctx, "update pings set n = n + 1")
}
