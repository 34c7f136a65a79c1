package jobs

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// River takes an insert's options from the args type's own InsertOpts()
// when the call passes none (river v0.51.2 client.go:1797-1805; catalog
// river.yaml args_options, stop 63):
//   - river:digest-scan inserts a DigestArgs with nil options; DigestArgs
//     asks to be unique by its args, so a repeat of the scan inserts
//     nothing new: guarded by the idempotency key;
//   - river:ping-scan (near miss) inserts a PingArgs, whose InsertOpts set
//     no unique options: a new job on every delivery, unguarded.

// DigestArgs is one recipient's digest for a day, unique by its args.
type DigestArgs struct {
	Recipient int64  `json:"recipient"`
	Day       string `json:"day"`
}

// Kind names the digest.
func (DigestArgs) Kind() string { return "river:digest" }

// InsertOpts makes the digest unique by its args.
func (DigestArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// PingArgs is a ping, with no unique options (near miss).
type PingArgs struct {
	Recipient int64 `json:"recipient"`
}

// Kind names the ping.
func (PingArgs) Kind() string { return "river:ping" }

// InsertOpts only sets the queue.
func (PingArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: "pings"} }

// ScanArgs names the recipient and day a scan covers.
type ScanArgs struct {
	Recipient int64  `json:"recipient"`
	Day       string `json:"day"`
}

// Kind names the digest scan.
func (ScanArgs) Kind() string { return "river:digest-scan" }

// DigestScanWorker enqueues the day's digest with no options at the call.
type DigestScanWorker struct {
	river.WorkerDefaults[ScanArgs]
}

// Work inserts the digest.
func (w *DigestScanWorker) Work(ctx context.Context, job *river.Job[ScanArgs]) error {
	client := river.ClientFromContext[pgx.Tx](ctx)
	_, err := client.Insert(ctx, DigestArgs{Recipient: job.Args.Recipient, Day: job.Args.Day}, nil)
	return err
}

// PingScanArgs names the recipient a ping scan covers.
type PingScanArgs struct {
	Recipient int64 `json:"recipient"`
}

// Kind names the ping scan.
func (PingScanArgs) Kind() string { return "river:ping-scan" }

// PingScanWorker enqueues a ping with no options at the call (near miss).
type PingScanWorker struct {
	river.WorkerDefaults[PingScanArgs]
}

// Work inserts the ping.
func (w *PingScanWorker) Work(ctx context.Context, job *river.Job[PingScanArgs]) error {
	client := river.ClientFromContext[pgx.Tx](ctx)
	_, err := client.Insert(ctx, PingArgs{Recipient: job.Args.Recipient}, nil)
	return err
}

// A key from the clock read only to the calendar day is stable within the
// day (stop 64, cal64; summary/clockday.go):
//   - river:today-scan inserts today's digest, its Day the clock's date
//     (time.DateOnly): a redelivery the same day builds the same args, so
//     the unique-by-args insert is guarded;
//   - river:stamp-scan (near miss) stamps the digest with RFC3339Nano: new
//     args on every delivery, random-key.

// TodayArgs names the recipient a today scan covers.
type TodayArgs struct {
	Recipient int64 `json:"recipient"`
}

// Kind names the today scan.
func (TodayArgs) Kind() string { return "river:today-scan" }

// TodayScanWorker enqueues today's digest.
type TodayScanWorker struct {
	river.WorkerDefaults[TodayArgs]
}

// Work inserts the digest for the clock's date.
func (w *TodayScanWorker) Work(ctx context.Context, job *river.Job[TodayArgs]) error {
	client := river.ClientFromContext[pgx.Tx](ctx)
	day := time.Now().Format(time.DateOnly)
	_, err := client.Insert(ctx, DigestArgs{Recipient: job.Args.Recipient, Day: day}, nil)
	return err
}

// StampArgs names the recipient a stamp scan covers.
type StampArgs struct {
	Recipient int64 `json:"recipient"`
}

// Kind names the stamp scan.
func (StampArgs) Kind() string { return "river:stamp-scan" }

// StampScanWorker enqueues a digest stamped to the nanosecond (near miss).
type StampScanWorker struct {
	river.WorkerDefaults[StampArgs]
}

// Work inserts the digest for the clock's instant.
func (w *StampScanWorker) Work(ctx context.Context, job *river.Job[StampArgs]) error {
	client := river.ClientFromContext[pgx.Tx](ctx)
	stamp := time.Now().Format(time.RFC3339Nano)
	_, err := client.Insert(ctx, DigestArgs{Recipient: job.Args.Recipient, Day: stamp}, nil)
	return err
}

// RegisterArgsOpts adds the scan workers.
func RegisterArgsOpts(ws *river.Workers) {
	river.AddWorker(ws, &DigestScanWorker{})
	river.AddWorker(ws, &PingScanWorker{})
	river.AddWorker(ws, &TodayScanWorker{})
	river.AddWorker(ws, &StampScanWorker{})
}
