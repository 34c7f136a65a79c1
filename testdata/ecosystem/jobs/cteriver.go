package jobs

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// A CTE claim on a composite key in a River worker that enqueues its
// follow-up jobs with InsertManyTx in the claim's transaction (issue 28's
// form: reported duplicate-as-error three times, once at the
// InsertManyTx's error return; fixture sqlshapes/cte.go ImportWorker).
// The CTE always returns one row, whether the key (source, ref) of
// migrations/019_cteriver.sql was new: the scanned bool is the claim's
// outcome, its error a real one, and no duplicate reaches an error
// return. The rows and the enqueue commit with the claim: guarded, no
// finding.

// CteImportArgs is the import job.
type CteImportArgs struct {
	Source string `json:"source"`
	Ref    string `json:"ref"`
}

// Kind names the import job.
func (CteImportArgs) Kind() string { return "river:cte-import" }

// CteIndexArgs is the follow-up job.
type CteIndexArgs struct {
	Ref string `json:"ref"`
}

// Kind names the follow-up job.
func (CteIndexArgs) Kind() string { return "river:cte-index" }

// CteImport imports a source's document once.
type CteImport struct {
	river.WorkerDefaults[CteImportArgs]
	Pool *pgxpool.Pool
}

// Work claims, inserts and enqueues in one transaction.
func (w *CteImport) Work(ctx context.Context, job *river.Job[CteImportArgs]) error {
	client := river.ClientFromContext[pgx.Tx](ctx)
	tx, err := w.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	var inserted bool
	err = tx.QueryRow(ctx, `WITH ins AS (
		INSERT INTO cr_imports (source, ref) VALUES ($1, $2) ON CONFLICT (source, ref) DO NOTHING RETURNING 1
	) SELECT EXISTS (SELECT 1 FROM ins)`, job.Args.Source, job.Args.Ref).Scan(&inserted)
	if err != nil {
		return err
	}
	if !inserted {
		return tx.Commit(ctx)
	}
	if _, err := tx.Exec(ctx, "insert into cr_rows (ref) values ($1)", job.Args.Ref); err != nil {
		return err
	}
	if _, err := client.InsertManyTx(ctx, tx, []river.InsertManyParams{{Args: CteIndexArgs{Ref: job.Args.Ref}}}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// RegisterCteRiver adds the worker.
func RegisterCteRiver(ws *river.Workers, pool *pgxpool.Pool) {
	river.AddWorker(ws, &CteImport{Pool: pool})
}
