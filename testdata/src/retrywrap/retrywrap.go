// Package retrywrap enqueues through its own helpers and those of package
// queue: the retry policy is the one the outermost caller sets, and
// enqueues of one task that differ are all listed.
package retrywrap

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"retrywrap/queue"
)

func sendEmail(ctx context.Context, t *asynq.Task) error   { return nil } // want sendEmail:"no effects"
func buildReport(ctx context.Context, t *asynq.Task) error { return nil } // want buildReport:"no effects"
func chargeCard(ctx context.Context, t *asynq.Task) error  { return nil } // want chargeCard:"no effects"
func sendDigest(ctx context.Context, t *asynq.Task) error  { return nil } // want sendDigest:"no effects"
func runExport(ctx context.Context, t *asynq.Task) error   { return nil } // want runExport:"no effects"
func sendWelcome(ctx context.Context, t *asynq.Task) error { return nil } // want sendWelcome:"no effects"
func runSync(ctx context.Context, t *asynq.Task) error     { return nil } // want runSync:"no effects"

func Serve(mux *asynq.ServeMux) { // want Serve:"no effects"
	mux.HandleFunc("email:send", sendEmail)
	mux.HandleFunc("report:build", buildReport)
	mux.HandleFunc("charge:card", chargeCard)
	mux.HandleFunc("digest:send", sendDigest)
	mux.HandleFunc("export:run", runExport)
	mux.HandleFunc("welcome:send", sendWelcome)
	mux.HandleFunc("sync:run", runSync)
}

// enqueue is a local helper over queue.Enqueue: two levels of wrappers.
func enqueue(c *asynq.Client, typ string, opts ...asynq.Option) error { // want enqueue:"publish/enqueue asynq"
	return queue.Enqueue(c, asynq.NewTask(typ, nil), opts...)
}

func Produce(ctx context.Context, c *asynq.Client) { // want Produce:"publish/enqueue asynq"
	queue.Enqueue(c, asynq.NewTask("email:send", nil), asynq.MaxRetry(10))
	queue.EnqueueType(ctx, c, "report:build", nil)
	queue.EnqueueOnce(c, "charge:card", nil)
	c.Enqueue(asynq.NewTask("digest:send", nil), queue.DefaultOpts()...)
	c.Enqueue(asynq.NewTask("export:run", nil), queue.WithDefaults(asynq.MaxRetry(0))...)
	enqueue(c, "welcome:send", asynq.MaxRetry(0))
	enqueue(c, "welcome:send", asynq.Queue("low"))
	go func(opts ...asynq.Option) {
		c.Enqueue(asynq.NewTask("sync:run", nil), opts...)
	}(asynq.MaxRetry(2))
}

type EmailArgs struct{}

func (EmailArgs) Kind() string { return "river:email" } // want Kind:"no effects" Kind:`const "river:email"`

type LedgerArgs struct{}

func (LedgerArgs) Kind() string { return "river:ledger" } // want Kind:"no effects" Kind:`const "river:ledger"`

type AuditArgs struct{}

func (AuditArgs) Kind() string { return "river:audit" } // want Kind:"no effects" Kind:`const "river:audit"`

func (AuditArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 5} } // want InsertOpts:"no effects"

type ExportArgs struct{}

func (ExportArgs) Kind() string { return "river:export" } // want Kind:"no effects" Kind:`const "river:export"`

type EmailWorker struct {
	river.WorkerDefaults[EmailArgs]
}

func (*EmailWorker) Work(ctx context.Context, job *river.Job[EmailArgs]) error { return nil } // want Work:"no effects"

type LedgerWorker struct {
	river.WorkerDefaults[LedgerArgs]
}

func (*LedgerWorker) Work(ctx context.Context, job *river.Job[LedgerArgs]) error { return nil } // want Work:"no effects"

type AuditWorker struct {
	river.WorkerDefaults[AuditArgs]
}

func (*AuditWorker) Work(ctx context.Context, job *river.Job[AuditArgs]) error { return nil } // want Work:"no effects"

type ExportWorker struct {
	river.WorkerDefaults[ExportArgs]
}

func (*ExportWorker) Work(ctx context.Context, job *river.Job[ExportArgs]) error { return nil } // want Work:"no effects"

func Insert(ctx context.Context, rc *river.Client[pgx.Tx], tx pgx.Tx) { // want Insert:"publish/enqueue river"
	rc.Insert(ctx, EmailArgs{}, &river.InsertOpts{MaxAttempts: 1})
	rc.InsertTx(ctx, tx, LedgerArgs{}, &river.InsertOpts{MaxAttempts: 4})
	rc.InsertMany(ctx, []river.InsertManyParams{
		{Args: AuditArgs{}, InsertOpts: &river.InsertOpts{MaxAttempts: 1}},
		{Args: LedgerArgs{}},
	})
	rc.Insert(ctx, AuditArgs{}, nil)
	queue.Insert(ctx, rc, ExportArgs{}, &river.InsertOpts{MaxAttempts: 2})
	queue.InsertOnce(ctx, rc, EmailArgs{})
}
