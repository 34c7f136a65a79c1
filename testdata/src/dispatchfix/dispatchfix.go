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
		string(InvoicePaid): func(ctx context.Context, account string) error { return l.Credit(ctx, account) }, // want `unresolved: go vet cannot tell what dispatchfix.NewDispatcher.func1 does: calls \(dispatchfix.Ledger\).Credit through an interface`
		string(UserDeleted): func(ctx context.Context, account string) error {
			_, err := db.ExecContext(ctx, "delete from users where account = $1", account)
			return err
		},
		"email.send": sendEmail,
	}}
}

func sendEmail(ctx context.Context, account string) error { // want sendEmail:`^effects: email/send smtp$` `unguarded: handler dispatchfix.sendEmail \(asynq task "email.send"\) repeats its side effects`
	return smtp.SendMail("mail:25", nil, "noreply@example.com", []string{account}, []byte("hello"))
}

// Handle looks the event's handler up by its type.
func (d Dispatcher) Handle(ctx context.Context, t *asynq.Task) error { // want Handle:`^effects: dynamic_call/call value of type` `unguarded: handler dispatchfix.Dispatcher.Handle \(asynq task "events"\) repeats .*email send \(smtp\) \(high\)`
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

func Setup(mux *asynq.ServeMux) { // want Setup:`^no effects$`
	d := NewDispatcher(sqlLedger{})
	mux.HandleFunc("events", d.Handle)
}
