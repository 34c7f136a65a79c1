package riveruniquefix

import (
	"context"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
)

// DayArgs carry a calendar day: a job owed once a day per tenant.
type DayArgs struct {
	Tenant string
	Day    string
}

func (DayArgs) Kind() string { return "day" } // want Kind:"no effects" Kind:`const "day"`

// Daily: the args hold today's date from the clock. A redelivery the same
// day builds the same args, so River skips its insert: guarded.
type Daily struct {
	river.WorkerDefaults[FanArgs]
}

func (w *Daily) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river guarded=idempotency_key$`
	c := river.ClientFromContext[pgx.Tx](ctx)
	_, err := c.Insert(ctx, DayArgs{Tenant: job.Args.Tenant, Day: time.Now().Format(time.DateOnly)}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}})
	return err
}

// owedDays computes the days owed at now from its calendar date (Date,
// then a date-only layout): what it returns is the same all day.
func owedDays(now time.Time, tenants []string) []DayArgs { // want owedDays:"no effects"
	y, m, d := now.Date()
	today := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	var out []DayArgs
	for _, t := range tenants {
		out = append(out, DayArgs{Tenant: t, Day: today.AddDate(0, 0, 1).Format("2006-01-02")})
	}
	return out
}

// Owed: the days come out of a helper handed time.Now(), which reads it
// only to the day (its summary's DayParams): guarded.
type Owed struct {
	river.WorkerDefaults[FanArgs]
}

func (w *Owed) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river guarded=idempotency_key$`
	c := river.ClientFromContext[pgx.Tx](ctx)
	var params []river.InsertManyParams
	for _, a := range owedDays(time.Now(), []string{job.Args.Tenant}) {
		params = append(params, river.InsertManyParams{Args: a, InsertOpts: &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}})
	}
	_, err := c.InsertMany(ctx, params)
	return err
}

// Midnight: the clock truncated to the day.
type Midnight struct {
	river.WorkerDefaults[FanArgs]
}

func (w *Midnight) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river guarded=idempotency_key$`
	c := river.ClientFromContext[pgx.Tx](ctx)
	_, err := c.Insert(ctx, ChildArgs{Record: job.Args.Tenant, At: time.Now().Truncate(24 * time.Hour)}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}})
	return err
}

// Nanos (near miss): the clock to the nanosecond is new on every delivery.
type Nanos struct {
	river.WorkerDefaults[FanArgs]
}

func (w *Nanos) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river issue=random-key$`
	c := river.ClientFromContext[pgx.Tx](ctx)
	_, err := c.Insert(ctx, DayArgs{Tenant: job.Args.Tenant, Day: strconv.FormatInt(time.Now().UnixNano(), 10)}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}) // want `random-key: idempotency key DayArgs\{…\} derives from time.Now`
	return err
}

// Hourly (near miss): a layout with the hour changes within the day.
type Hourly struct {
	river.WorkerDefaults[FanArgs]
}

func (w *Hourly) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river issue=random-key$`
	c := river.ClientFromContext[pgx.Tx](ctx)
	_, err := c.Insert(ctx, DayArgs{Tenant: job.Args.Tenant, Day: time.Now().Format("2006-01-02T15")}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}) // want `random-key: idempotency key DayArgs\{…\} derives from time.Now`
	return err
}

// stampOf formats the whole instant.
func stampOf(now time.Time) string { // want stampOf:"no effects"
	return now.Format(time.RFC3339Nano)
}

// Stamp (near miss): a helper that keeps the time of day passes the clock
// on: random-key.
type Stamp struct {
	river.WorkerDefaults[FanArgs]
}

func (w *Stamp) Work(ctx context.Context, job *river.Job[FanArgs]) error { // want Work:`^effects: publish/enqueue river issue=random-key$`
	c := river.ClientFromContext[pgx.Tx](ctx)
	_, err := c.Insert(ctx, DayArgs{Tenant: job.Args.Tenant, Day: stampOf(time.Now())}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}) // want `random-key: idempotency key DayArgs\{…\} derives from time.Now`
	return err
}

// Truncate(time.Minute) or a Round to the hour would be near misses of the
// same kind: dayGranular takes only durations of a day or more.

func RegisterDays(ws *river.Workers) { // want RegisterDays:"no effects"
	river.AddWorker(ws, &Daily{})
	river.AddWorker(ws, &Owed{})
	river.AddWorker(ws, &Midnight{})
	river.AddWorker(ws, &Nanos{})
	river.AddWorker(ws, &Hourly{})
	river.AddWorker(ws, &Stamp{})
}
