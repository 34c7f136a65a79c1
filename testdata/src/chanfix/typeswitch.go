package chanfix

// A worker fed a chan interface{} that type-switches on what it receives
// runs, for a send of a value of type T, only the cases T matches: the
// handler that sends a saveTask (through a helper taking interface{})
// has the save case's insert, not the mail case's; the one that sends a
// mailTask on the channel itself, the mail case's. Near miss: a value of
// unknown dynamic type (what a decoder returns as interface{}) reaches
// every case.

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type saveTask struct{ ID string }

type mailTask struct{ To string }

// Tasks hands typed tasks to its worker.
type Tasks struct {
	db    *sql.DB
	queue chan interface{} // want queue:`received by \[\(\*chanfix.Tasks\).run\]`
}

func (d *Tasks) add(t interface{}) { // want add:`^effects: db_write/insert saved; db_write/insert mails$`
	d.queue <- t
}

// run receives every task and switches on its type.
func (d *Tasks) run() { // want run:`^effects: db_write/insert saved; db_write/insert mails$`
	for t := range d.queue {
		switch x := t.(type) {
		case saveTask:
			d.db.Exec("insert into saved(id) values ($1)", x.ID)
		case mailTask:
			d.db.Exec("insert into mails(rcpt) values ($1)", x.To)
		}
	}
}

// Save sends a saveTask through add: only the save case runs.
func (d *Tasks) Save(ctx context.Context, t *asynq.Task) error { // want Save:`^effects: db_write/insert saved$` `unguarded: handler \(\*chanfix.Tasks\).Save .*insert into saved`
	d.add(saveTask{ID: t.Type()})
	return nil
}

// Mail sends a mailTask on the channel itself: only the mail case runs.
func (d *Tasks) Mail(ctx context.Context, t *asynq.Task) error { // want Mail:`^effects: db_write/insert mails$` `unguarded: handler \(\*chanfix.Tasks\).Mail .*insert into mails`
	d.queue <- mailTask{To: t.Type()}
	return nil
}

// Decoded sends what a decoder returns: its type is unknown, every case.
func (d *Tasks) Decoded(ctx context.Context, t *asynq.Task) error { // want Decoded:`^effects: db_write/insert saved; db_write/insert mails$` `unguarded: handler \(\*chanfix.Tasks\).Decoded`
	d.add(decode(t.Payload()))
	return nil
}

func decode(b []byte) interface{} { // want decode:`^no effects$`
	if len(b) > 0 && b[0] == 'm' {
		return mailTask{To: string(b[1:])}
	}
	return saveTask{ID: string(b)}
}

func StartTasks(mux *asynq.ServeMux, d *Tasks) { // want StartTasks:`^effects: db_write/insert saved; db_write/insert mails$`
	go d.run()
	mux.HandleFunc("save", d.Save)
	mux.HandleFunc("mail", d.Mail)
	mux.HandleFunc("decoded", d.Decoded)
}
