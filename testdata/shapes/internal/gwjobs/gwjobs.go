// Package gwjobs is a home-grown job registry on gocraft/work v0.5.1: the
// application's jobs implement Interface and are registered by name as
// typed nil pointers; the one gocraft/work handler makes the job its
// argument names by reflection and runs it. No value flows to that call:
// over the whole program each implementation is a handler of its own, its
// registry key the task.
package gwjobs

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"reflect"

	"github.com/gocraft/work"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Interface is the application's job.
type Interface interface {
	Perform(ctx context.Context, args map[string]interface{}) error
}

var pool *pgxpool.Pool

var registry = map[string]any{
	"gw:notify": (*Notify)(nil),
	"gw:prune":  (*Prune)(nil),
}

// Context is the worker pool's context type.
type Context struct{}

// Run runs the job the "job" argument names.
func (c *Context) Run(job *work.Job) error {
	v, ok := registry[job.ArgString("job")]
	if !ok {
		return fmt.Errorf("no job %q", job.ArgString("job"))
	}
	j := reflect.New(reflect.TypeOf(v).Elem()).Interface().(Interface)
	return j.Perform(context.Background(), job.Args)
}

// Notify posts to the customer's endpoint: unguarded.
type Notify struct{}

func (*Notify) Perform(ctx context.Context, args map[string]interface{}) error {
	resp, err := http.Post("https://hooks.example.com/notify", "application/json", bytes.NewReader([]byte(fmt.Sprint(args["order"]))))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Prune deletes expired sessions (a value receiver; near miss): safe.
type Prune struct{}

func (Prune) Perform(ctx context.Context, args map[string]interface{}) error {
	_, err := pool.Exec(ctx, "delete from gw_sessions where expires_at < now()")
	return err
}

// Setup keeps the pool the jobs use and registers the dispatcher.
func Setup(wp *work.WorkerPool, p *pgxpool.Pool) {
	pool = p
	wp.Job("registry", (*Context).Run)
}
