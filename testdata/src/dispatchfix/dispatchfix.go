// Package dispatchfix is one asynq handler that dispatches on the event's
// type through a map of functions kept in a field, filled by the
// constructor: each entry with a constant key is a handler of its own,
// with the key as its task and its effects resolved over the program.
package dispatchfix

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/smtp"

	"github.com/hibiken/asynq"
)

var db *sql.DB

type Ledger interface {
	Credit(ctx context.Context, account string) error
}

type sqlLedger struct{}

func (sqlLedger) Credit(ctx context.Context, account string) error { // want Credit:`^effects: db_write/insert ledger$`
	_, err := db.ExecContext(ctx, "insert into ledger(account, amount) values($1, 10)", account)
	return err
}

type EventType string

const (
	InvoicePaid EventType = "invoice.paid"
	UserDeleted EventType = "user.deleted"
)

type Dispatcher struct {
	handlers map[string]func(ctx context.Context, account string) error
}

func NewDispatcher(l Ledger) *Dispatcher { // want NewDispatcher:`^no effects$`
	return &Dispatcher{handlers: map[string]func(context.Context, string) error{
		string(InvoicePaid): func(ctx context.Context, account string) error { return l.Credit(ctx, account) }, // wholewant `^unguarded: .*twice: insert into ledger \(medium\) at` // want `unresolved: go vet cannot tell what dispatchfix.NewDispatcher.func1 does: calls \(dispatchfix.Ledger\).Credit through an interface`
		string(UserDeleted): func(ctx context.Context, account string) error {
			_, err := db.ExecContext(ctx, "delete from users where account = $1", account)
			return err
		},
		"email.send": sendEmail,
	}}
}

func sendEmail(ctx context.Context, account string) error { // wholewant `^unguarded: .*twice: email send \(smtp\) \(high\) at` // want sendEmail:`^effects: email/send smtp$` `unguarded: handler dispatchfix.sendEmail \(asynq task "email.send"\) repeats its side effects`
	return smtp.SendMail("mail:25", nil, "noreply@example.com", []string{account}, []byte("hello"))
}

// Handle looks the event's handler up by its type. The map is filled here
// whole (an unexported field, constant keys, functions), so go vet resolves
// the call to the entries as the command does: the finding points at the
// entry that repeats the effect.
func (d Dispatcher) Handle(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: email send \(smtp\) \(high\) at` // want Handle:`^effects: dynamic_call/call value of type` `unguarded: handler dispatchfix.Dispatcher.Handle \(asynq task "events"\) repeats its side effects when a job is delivered twice: email send \(smtp\) \(high\) at dispatchfix/dispatchfix.go:\d+ is not guarded; path: dispatchfix/dispatchfix.go:\d+ dispatchfix.Dispatcher.Handle \(dynamic call → dispatchfix.sendEmail, entry "email.send"\) → `
	var ev struct{ Type, Account string }
	if err := json.Unmarshal(t.Payload(), &ev); err != nil {
		return err
	}
	h, ok := d.handlers[ev.Type]
	if !ok {
		return nil
	}
	return h(ctx, ev.Account)
}

// Registry is a dispatch map filled by registration (r.byKind[kind] = f):
// Register's fact says what it stores in the field's elements, and the
// package that registers (Setup, here) wires the call under go vet as
// the command does over the whole program.
type Registry struct {
	byKind map[string]func(ctx context.Context, account string) error
}

func (r *Registry) Register(kind string, f func(ctx context.Context, account string) error) { // want Register:`^no effects$` Register:`^stores map\[2:\[field dispatchfix.Registry.byKind\[\]\]\]$`
	r.byKind[kind] = f
}

func (r *Registry) Handle(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: email send \(smtp\) \(high\) at` // want Handle:`^effects: dynamic_call/call value of type` `unguarded: handler \(\*dispatchfix.Registry\).Handle \(asynq task "registry"\) repeats .*email send \(smtp\) \(high\).*\(dynamic call → dispatchfix.sendEmail\)`
	if f, ok := r.byKind[t.Type()]; ok {
		return f(ctx, string(t.Payload()))
	}
	return nil
}

func Setup(mux *asynq.ServeMux) { // want Setup:`^no effects$`
	d := NewDispatcher(sqlLedger{})
	mux.HandleFunc("events", d.Handle)
	r := &Registry{byKind: map[string]func(context.Context, string) error{}}
	r.Register("email.send", sendEmail)
	mux.HandleFunc("registry", r.Handle)
}
