// Package obsfix covers observability calls: logging, tracing, metrics and
// error reporting are inert by data (analyzer/catalog/observability.yaml),
// so a handler that only upserts and observes itself is safe, and one that
// also inserts is unguarded for the insert alone.
package obsfix

import (
	"context"
	"database/sql"

	"github.com/getsentry/sentry-go"
	"github.com/hibiken/asynq"
	"github.com/labstack/gommon/log"
	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel"
	"go.uber.org/zap"
)

type Deps struct {
	DB    *sql.DB
	Count *prometheus.CounterVec
}

func (d *Deps) Sync(ctx context.Context, t *asynq.Task) error { // want Sync:`^effects: db_write/upsert-set accounts$`
	ctx, span := otel.Tracer("jobs").Start(ctx, "sync")
	defer span.End()
	zap.L().Info("syncing", zap.String("task", t.Type()))
	d.Count.WithLabelValues("sync").Inc()
	_, err := d.DB.ExecContext(ctx, "insert into accounts(id, name) values ($1, $2) on conflict (id) do update set name = excluded.name", 1, "x")
	if err != nil {
		sentry.CaptureException(err)
		zap.L().Error("sync failed")
		log.Warn("sync failed: ", err)
	}
	return err
}

func (d *Deps) Record(ctx context.Context, t *asynq.Task) error { // want Record:`^effects: db_write/insert events$` `unguarded: handler \(\*obsfix.Deps\).Record repeats its side effects when a job is delivered twice: insert into events \(medium\) at obsfix/obsfix.go:40 is not guarded; path`
	zap.L().Info("recording")
	_, err := d.DB.ExecContext(ctx, "insert into events(task) values ($1)", t.Type())
	return err
}
