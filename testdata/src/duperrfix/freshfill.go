package duperrfix

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"duperrfix/strutil"
)

// A row keyed by the id the message carries, made here only when the
// message lacks one (`if m.EventID == "" { m.EventID = uuid.NewString() }`,
// a legacy producer's payload): on the delivered message the key is the
// payload's, the same on every delivery, so a second delivery's insert
// fails on it (duplicate-as-error). The test may go through a helper
// that only measures the string (len(strings.TrimSpace(s)) == 0), and the
// id may be a local variable read off the message. Near misses: the id
// made on every run, one made when another field is empty, and one made
// on a struct built here whose id nothing gives (always empty).

type fillMsg struct {
	EventID string `json:"event_id"`
	Name    string `json:"name"`
}

type fillEvent struct {
	UID  string
	Name string
}

// insertFillEvent inserts the event it is given: its callers decide the
// key.
func (d *Deps) insertFillEvent(ctx context.Context, ev *fillEvent) error { // want insertFillEvent:`^effects: db_write/insert de_events$`
	_, err := d.Pool.Exec(ctx, "insert into de_events (id, body) values ($1, $2)", ev.UID, ev.Name)
	return err
}

// freshEvent is the near misses' row: a type of its own, since the
// package's random stores into a field taint that field everywhere.
type freshEvent struct {
	UID  string
	Name string
}

// insertFreshEvent inserts the near misses' event.
func (d *Deps) insertFreshEvent(ctx context.Context, ev *freshEvent) error { // want insertFreshEvent:`^effects: db_write/insert de_events$`
	_, err := d.Pool.Exec(ctx, "insert into de_events (id, body) values ($1, $2)", ev.UID, ev.Name)
	return err
}

// namedEvent is the other near miss's row, for the same reason.
type namedEvent struct {
	UID  string
	Name string
}

// insertNamedEvent inserts the other near miss's event.
func (d *Deps) insertNamedEvent(ctx context.Context, ev *namedEvent) error { // want insertNamedEvent:`^effects: db_write/insert de_events$`
	_, err := d.Pool.Exec(ctx, "insert into de_events (id, body) values ($1, $2)", ev.UID, ev.Name)
	return err
}

// isBlank reports whether s holds nothing but spaces.
func isBlank(s string) bool { return len(strings.TrimSpace(s)) == 0 } // want isBlank:`^no effects$`

// FilledWhenEmpty: the id is made only when the message has none.
func (d *Deps) FilledWhenEmpty(ctx context.Context, t *asynq.Task) error { // want FilledWhenEmpty:`^effects: db_write/insert de_events$` `duplicate-as-error: a second delivery's insert into de_events \(medium\) at duperrfix/freshfill.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) at declared/migrations/002_duperrfix.sql:8, filled from ev.UID\) and handler \(\*duperrfix.Deps\).FilledWhenEmpty returns that error`
	var m fillMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return err
	}
	if m.EventID == "" {
		m.EventID = uuid.NewString()
	}
	return d.insertFillEvent(ctx, &fillEvent{UID: m.EventID, Name: m.Name})
}

// createFilledBlank decodes, fills a blank id (tested by another
// package's helper) and inserts, one call below the handler (the handler
// passes the task).
func (d *Deps) createFilledBlank(ctx context.Context, t *asynq.Task) error { // want createFilledBlank:`^effects: db_write/insert de_events$` `duplicate-as-error: a second delivery's insert into de_events \(medium\) at duperrfix/freshfill.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) at declared/migrations/002_duperrfix.sql:8, filled from ev.UID\) and handler \(\*duperrfix.Deps\).createFilledBlank returns that error`
	var m fillMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return err
	}
	if strutil.IsStringEmpty(m.EventID) {
		m.EventID = uuid.NewString()
	}
	ev := &fillEvent{UID: m.EventID, Name: m.Name}
	return d.insertFillEvent(ctx, ev)
}

// FilledWhenBlank: the same through another package's blank-string
// helper and a callee.
func (d *Deps) FilledWhenBlank(ctx context.Context, t *asynq.Task) error { // want FilledWhenBlank:`^effects: db_write/insert de_events$` `duplicate-as-error: a second delivery's insert into de_events \(medium\) at duperrfix/freshfill.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) at declared/migrations/002_duperrfix.sql:8, filled from ev.UID\) and handler \(\*duperrfix.Deps\).FilledWhenBlank returns that error`
	return d.createFilledBlank(ctx, t)
}

// FilledLocal: the same on a local variable, the id read off the message
// first, tested by this package's helper.
func (d *Deps) FilledLocal(ctx context.Context, t *asynq.Task) error { // want FilledLocal:`^effects: db_write/insert de_events$` `duplicate-as-error: a second delivery's insert into de_events \(medium\) at duperrfix/freshfill.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) at declared/migrations/002_duperrfix.sql:8, filled from ev.UID\) and handler \(\*duperrfix.Deps\).FilledLocal returns that error`
	var m fillMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return err
	}
	id := m.EventID
	if isBlank(id) {
		id = uuid.NewString()
	}
	return d.insertFillEvent(ctx, &fillEvent{UID: id, Name: m.Name})
}

// AlwaysFresh (near miss): the id is made on every run.
func (d *Deps) AlwaysFresh(ctx context.Context, t *asynq.Task) error { // want AlwaysFresh:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.Deps\).AlwaysFresh \(asynq task "alwaysfresh"\) repeats its side effects when a job is delivered twice: insert into de_events \(medium\) at duperrfix/freshfill.go:\d+ is not guarded`
	var m fillMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return err
	}
	m.EventID = uuid.NewString()
	return d.insertFreshEvent(ctx, &freshEvent{UID: m.EventID, Name: m.Name})
}

// FilledWhenNameEmpty (near miss): the id is made when another field is
// empty, whatever the message's id.
func (d *Deps) FilledWhenNameEmpty(ctx context.Context, t *asynq.Task) error { // want FilledWhenNameEmpty:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.Deps\).FilledWhenNameEmpty \(asynq task "filledwhennameempty"\) repeats its side effects when a job is delivered twice: insert into de_events \(medium\) at duperrfix/freshfill.go:\d+ is not guarded`
	var m fillMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return err
	}
	if m.Name == "" {
		m.EventID = uuid.NewString()
	}
	return d.insertNamedEvent(ctx, &namedEvent{UID: m.EventID, Name: m.Name})
}

// FilledNeverSet (near miss): the struct is built here and its id is
// never given: the test always finds it empty and the id is new on every
// run.
func (d *Deps) FilledNeverSet(ctx context.Context, t *asynq.Task) error { // want FilledNeverSet:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.Deps\).FilledNeverSet \(asynq task "fillednever"\) repeats its side effects when a job is delivered twice: insert into de_events \(medium\) at duperrfix/freshfill.go:\d+ is not guarded`
	m := fillMsg{Name: t.Type()}
	if m.EventID == "" {
		m.EventID = uuid.NewString()
	}
	return d.insertNeverEvent(ctx, &neverEvent{UID: m.EventID, Name: m.Name})
}

// neverEvent is FilledNeverSet's row, a type of its own as the others.
type neverEvent struct {
	UID  string
	Name string
}

// insertNeverEvent inserts FilledNeverSet's event.
func (d *Deps) insertNeverEvent(ctx context.Context, ev *neverEvent) error { // want insertNeverEvent:`^effects: db_write/insert de_events$`
	_, err := d.Pool.Exec(ctx, "insert into de_events (id, body) values ($1, $2)", ev.UID, ev.Name)
	return err
}

// FillMux registers the handlers.
func FillMux(d *Deps) *asynq.ServeMux { // want FillMux:`^no effects$`
	mux := asynq.NewServeMux()
	mux.HandleFunc("filledwhenempty", d.FilledWhenEmpty)
	mux.HandleFunc("filledwhenblank", d.FilledWhenBlank)
	mux.HandleFunc("filledlocal", d.FilledLocal)
	mux.HandleFunc("alwaysfresh", d.AlwaysFresh)
	mux.HandleFunc("fillednever", d.FilledNeverSet)
	mux.HandleFunc("filledwhennameempty", d.FilledWhenNameEmpty)
	return mux
}
