package duperrfix

import (
	"context"
	"database/sql"
	"encoding/json"
	"log"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
)

// An SQL INSERT into a table whose only unique key is its id column is a
// business key, as an ORM insert's (natkeyfix) and a COPY's (copy.go),
// when the argument bound to id is traced to what the job carries: a
// second delivery's insert fails on it. An id drawn anew per delivery, an
// id the statement leaves to the database, or ON CONFLICT DO NOTHING read
// as before.

// SQLIDDeps holds the database/sql and sqlx handles.
type SQLIDDeps struct {
	Pool *Deps
	DB   *sql.DB
	X    *sqlx.DB
}

type eventMsg struct {
	EventID string `json:"event_id"`
	Body    string `json:"body"`
}

func decodeEvent(t *asynq.Task) eventMsg { // want decodeEvent:`^no effects$`
	var m eventMsg
	_ = json.Unmarshal(t.Payload(), &m)
	return m
}

// InsertedEventKeyed: pgx Exec, the id is the payload's event id.
func (d *SQLIDDeps) InsertedEventKeyed(ctx context.Context, t *asynq.Task) error { // want InsertedEventKeyed:`^effects: db_write/insert de_events$` `duplicate-as-error: a second delivery's insert into de_events \(medium\) at duperrfix/sqlid.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) at declared/migrations/002_duperrfix.sql:8, filled from m.EventID\) and handler \(\*duperrfix.SQLIDDeps\).InsertedEventKeyed returns that error`
	m := decodeEvent(t)
	_, err := d.Pool.Pool.Exec(ctx, "insert into de_events (id, body) values ($1, $2)", m.EventID, m.Body)
	return err
}

// InsertedEventFresh (near miss): a new uuid per delivery: a surrogate,
// the insert repeats.
func (d *SQLIDDeps) InsertedEventFresh(ctx context.Context, t *asynq.Task) error { // want InsertedEventFresh:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.SQLIDDeps\).InsertedEventFresh`
	m := decodeEvent(t)
	_, err := d.Pool.Pool.Exec(ctx, "insert into de_events (id, body) values ($1, $2)", uuid.New(), m.Body)
	return err
}

// InsertedEventNoID (near miss): the id is left to the database.
func (d *SQLIDDeps) InsertedEventNoID(ctx context.Context, t *asynq.Task) error { // want InsertedEventNoID:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.SQLIDDeps\).InsertedEventNoID`
	m := decodeEvent(t)
	_, err := d.DB.ExecContext(ctx, "insert into de_events (body) values ($1)", m.Body)
	return err
}

// InsertedEventIgnored (near miss): ON CONFLICT DO NOTHING takes the
// duplicate as success (an insert-if-absent), as before.
func (d *SQLIDDeps) InsertedEventIgnored(ctx context.Context, t *asynq.Task) error { // want InsertedEventIgnored:`^effects: db_write/claim de_events$`
	m := decodeEvent(t)
	_, err := d.DB.ExecContext(ctx, "insert into de_events (id, body) values ($1, $2) on conflict do nothing", m.EventID, m.Body)
	return err
}

// event is the row a helper is given, convoy's shape: the caller fills
// the id.
type event struct {
	UID  string `db:"id"`
	Body string `db:"body"`
}

// createEvent inserts the event it is given: its callers decide.
func (d *SQLIDDeps) createEvent(ctx context.Context, e *event) error { // want createEvent:`^effects: db_write/insert de_events$`
	_, err := d.DB.ExecContext(ctx, "insert into de_events (id, body) values ($1, $2)", e.UID, e.Body)
	return err
}

// CreatedEventKeyed: the helper is given the payload's id.
func (d *SQLIDDeps) CreatedEventKeyed(ctx context.Context, t *asynq.Task) error { // want CreatedEventKeyed:`^effects: db_write/insert de_events$` `duplicate-as-error: a second delivery's insert into de_events \(medium\) at duperrfix/sqlid.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\)`
	m := decodeEvent(t)
	return d.createEvent(ctx, &event{UID: m.EventID, Body: m.Body})
}

// CreatedEventFresh (near miss): the helper is given a new uuid.
func (d *SQLIDDeps) CreatedEventFresh(ctx context.Context, t *asynq.Task) error { // want CreatedEventFresh:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.SQLIDDeps\).CreatedEventFresh`
	m := decodeEvent(t)
	return d.createEvent(ctx, &event{UID: uuid.NewString(), Body: m.Body})
}

// CreatedEventLogged: the helper's failure is only logged: the duplicate
// is taken as success, guarded. (The payload is decoded here: a key
// traced to the task through a decoding helper, decodeEvent(t), is still
// the handler's parameter where the failure is logged, which
// swallowedDupFailures does not take as resolved: unguarded, as for an
// ORM or COPY insert.)
func (d *SQLIDDeps) CreatedEventLogged(ctx context.Context, t *asynq.Task) error { // want CreatedEventLogged:`^effects: db_write/insert de_events guarded=processed_jobs$`
	var m eventMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.createEvent(ctx, &event{UID: m.EventID, Body: m.Body}); err != nil {
		log.Println("create event:", err)
	}
	return nil
}

// NamedEventKeyed: sqlx named arguments read from the struct's db tags.
func (d *SQLIDDeps) NamedEventKeyed(ctx context.Context, t *asynq.Task) error { // want NamedEventKeyed:`^effects: db_write/insert de_events$` `duplicate-as-error: a second delivery's insert into de_events \(medium\) at duperrfix/sqlid.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) at declared/migrations/002_duperrfix.sql:8, filled from the argument bound to id\)`
	m := decodeEvent(t)
	_, err := d.X.NamedExecContext(ctx, "insert into de_events (id, body) values (:id, :body)", event{UID: m.EventID, Body: m.Body})
	return err
}

// NamedEventFresh (near miss): the named id is a new uuid.
func (d *SQLIDDeps) NamedEventFresh(ctx context.Context, t *asynq.Task) error { // want NamedEventFresh:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.SQLIDDeps\).NamedEventFresh`
	m := decodeEvent(t)
	_, err := d.X.NamedExecContext(ctx, "insert into de_events (id, body) values (:id, :body)", event{UID: uuid.NewString(), Body: m.Body})
	return err
}

func registerSQLID(mux *asynq.ServeMux, d *SQLIDDeps) { // want registerSQLID:`^no effects$`
	mux.HandleFunc("sqlid:keyed", d.InsertedEventKeyed)
	mux.HandleFunc("sqlid:fresh", d.InsertedEventFresh)
	mux.HandleFunc("sqlid:noid", d.InsertedEventNoID)
	mux.HandleFunc("sqlid:ignored", d.InsertedEventIgnored)
	mux.HandleFunc("sqlid:created", d.CreatedEventKeyed)
	mux.HandleFunc("sqlid:createdfresh", d.CreatedEventFresh)
	mux.HandleFunc("sqlid:createdlogged", d.CreatedEventLogged)
	mux.HandleFunc("sqlid:named", d.NamedEventKeyed)
	mux.HandleFunc("sqlid:namedfresh", d.NamedEventFresh)
}
