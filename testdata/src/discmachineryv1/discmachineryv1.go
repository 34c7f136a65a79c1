// Package discmachineryv1 covers machinery v1 (package
// github.com/RichardKnop/machinery/v1 of the module
// github.com/RichardKnop/machinery): the same RegisterTask(name, fn) and
// RegisterTasks(map[string]interface{}{…}) as v2, and SendTask, which
// enqueues.
//
// Near miss: a registry of the application's own with a RegisterTask of
// the same shape (name, interface{}) is not machinery; what it registers
// is not a handler.
package discmachineryv1

import (
	"context"
	"database/sql"

	machinery "github.com/RichardKnop/machinery/v1"
	"github.com/RichardKnop/machinery/v1/tasks"
)

var (
	db     *sql.DB
	server *machinery.Server
)

func CallURL(ctx context.Context, url string) error { // want CallURL:`^effects: db_write/insert calls$` `unguarded: handler discmachineryv1.CallURL \(machinery task "call_url"\) .*insert into calls`
	_, err := db.ExecContext(ctx, "insert into calls(url) values ($1)", url)
	return err
}

// FindURLs sends a task per URL: v1's SendTask enqueues.
func FindURLs() error { // want FindURLs:`^effects: publish/enqueue machinery$` `unguarded: handler discmachineryv1.FindURLs \(machinery task "find_urls"\) repeats .*enqueue`
	_, err := server.SendTask(&tasks.Signature{Name: "call_url", Args: []tasks.Arg{{Type: "string", Value: "http://example.com"}}})
	return err
}

func Alert(url string) error { // want Alert:`^effects: db_write/insert alerts$` `unguarded: handler discmachineryv1.Alert \(machinery task "alert"\) .*insert into alerts`
	_, err := db.Exec("insert into alerts(url) values ($1)", url)
	return err
}

func Register(s *machinery.Server) error { // want Register:`^no effects$`
	if err := s.RegisterTask("alert", Alert); err != nil {
		return err
	}
	return s.RegisterTasks(map[string]interface{}{
		"call_url":  CallURL,
		"find_urls": FindURLs,
	})
}

// registry is the application's own: RegisterTask only stores fn.
type registry struct{ fns map[string]interface{} }

func (r *registry) RegisterTask(name string, fn interface{}) error { // want RegisterTask:`^effects: memory_write/set discmachineryv1.registry.fns holder=p0$` RegisterTask:`^stores `
	r.fns[name] = fn
	return nil
}

// Audit is registered with the application's registry only: no handler.
func Audit(url string) error { // want Audit:`^effects: db_write/insert audit$`
	_, err := db.Exec("insert into audit(url) values ($1)", url)
	return err
}

func RegisterOwn(r *registry) error { // want RegisterOwn:`^effects: memory_write/set discmachineryv1.registry.fns holder=p0$`
	return r.RegisterTask("audit", Audit)
}
