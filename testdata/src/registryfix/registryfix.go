// Package registryfix is a home-grown job registry in front of asynq: jobs
// implement Job and are registered by name with a nil pointer of their
// type; the one asynq handler creates the job the task names by
// reflection and runs it through the interface. No value flows to that
// call, so the whole-program phase takes every implementation of Job.Run
// as a handler of its own, with its registry key as the task. Validate's
// type switch on an error is no registry: the method it calls on the
// asserted error dispatches no job, and no implementation of it is a
// handler.
package registryfix

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/smtp"
	"reflect"

	"github.com/hibiken/asynq"
)

var db *sql.DB

type Job interface {
	Run(ctx context.Context, params string) error
}

var registry = map[string]reflect.Type{}

// RegisterJobs keeps the type of each job under its name.
func RegisterJobs(jobs map[string]any) {
	for name, j := range jobs {
		registry[name] = reflect.TypeOf(j).Elem()
	}
}

// Handle runs the job the task names.
func Handle(ctx context.Context, t *asynq.Task) error {
	job := reflect.New(registry[t.Type()]).Interface().(Job)
	return job.Run(ctx, string(t.Payload()))
}

type GC struct{}

func (*GC) Run(ctx context.Context, params string) error {
	_, err := db.ExecContext(ctx, "delete from sessions where expires_at < now()")
	return err
}

type Email struct{}

func (*Email) Run(ctx context.Context, params string) error { // want `^unguarded: .*twice: email send \(smtp\) \(high\) at`
	return smtp.SendMail("mail:25", nil, "noreply@example.com", []string{params}, []byte("hello"))
}

// MultiError is an error that holds others.
type MultiError interface {
	error
	Errors() []error
}

type multi []error

func (m multi) Error() string   { return "several errors" }
func (m multi) Errors() []error { return m }

// Many flattens the errors it is given, whatever holds them: an element
// of a slice of errors asserted to an interface, not a registry entry.
func Many(errs ...error) error {
	var flat []error
	for _, e := range errs {
		switch err := e.(type) {
		case MultiError:
			flat = append(flat, err.Errors()...)
		case nil:
		default:
			flat = append(flat, err)
		}
	}
	if len(flat) == 0 {
		return nil
	}
	return multi(flat)
}

// Validate only decodes the task's payload.
func Validate(ctx context.Context, t *asynq.Task) error {
	var p struct{ To string }
	return Many(json.Unmarshal(t.Payload(), &p))
}

func Setup(mux *asynq.ServeMux) {
	RegisterJobs(map[string]any{"GC": (*GC)(nil), "EMAIL": (*Email)(nil)})
	mux.HandleFunc("jobs", Handle)
	mux.HandleFunc("validate", Validate)
}
