// Package regjobs is a home-grown job registry in front of asynq v0.26.0:
// the application's jobs implement Interface and are registered by name
// as typed nil pointers (map[string]any{"reg:webhook": (*Webhook)(nil)});
// the one asynq handler makes the job the task names by reflection
// (reflect.New(reflect.TypeOf(v).Elem()).Interface().(Interface)) and runs
// it. No value flows to that call: over the whole program each
// implementation is a handler of its own, its registry key the task.
package regjobs

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"reflect"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Interface is the application's job.
type Interface interface {
	Perform(ctx context.Context, params []byte) error
}

var pool *pgxpool.Pool

var registry = map[string]any{
	"reg:webhook": (*Webhook)(nil),
	"reg:cleanup": (*Cleanup)(nil),
}

// Handle runs the job the task names.
func Handle(ctx context.Context, t *asynq.Task) error {
	v, ok := registry[t.Type()]
	if !ok {
		return fmt.Errorf("no job %q", t.Type())
	}
	job := reflect.New(reflect.TypeOf(v).Elem()).Interface().(Interface)
	return job.Perform(ctx, t.Payload())
}

// Webhook posts the payload to the customer's endpoint: unguarded.
type Webhook struct{}

func (*Webhook) Perform(ctx context.Context, params []byte) error {
	resp, err := http.Post("https://hooks.example.com/orders", "application/json", bytes.NewReader(params))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Cleanup deletes the expired sessions (a value receiver): safe.
type Cleanup struct{}

func (Cleanup) Perform(ctx context.Context, params []byte) error {
	_, err := pool.Exec(ctx, "delete from reg_sessions where expires_at < now()")
	return err
}

// Setup keeps the pool the jobs use and registers the handler for every
// task under the registry's prefix.
func Setup(mux *asynq.ServeMux, p *pgxpool.Pool) {
	pool = p
	mux.HandleFunc("reg:", Handle)
}
