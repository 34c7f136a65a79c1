// Package condfix covers effects in a branch a constant argument rules
// out (effect.Cond): a helper shared by several handlers runs its
// increment only for one kind of event; the handlers that pass another
// constant do not run it, those that pass the job's data do.
package condfix

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type Deps struct{ DB *sql.DB }

const (
	KindCreate = "create"
	KindUpdate = "update"
)

func (d *Deps) apply(ctx context.Context, kind string, id string) error { // want apply:`^effects: db_write/update-increment counters; db_write/update-set items$`
	if _, err := d.DB.ExecContext(ctx, "UPDATE items SET seen = true WHERE id = $1", id); err != nil {
		return err
	}
	if kind == KindUpdate {
		_, err := d.DB.ExecContext(ctx, "UPDATE counters SET n = n + 1 WHERE id = $1", id)
		return err
	}
	return nil
}

// Create passes a constant that rules the increment out.
func (d *Deps) Create(ctx context.Context, t *asynq.Task) error { // want Create:`^effects: db_write/update-set items$`
	return d.apply(ctx, KindCreate, string(t.Payload()))
}

// Update passes the constant that runs it (near miss).
func (d *Deps) Update(ctx context.Context, t *asynq.Task) error { // want Update:`increment counters` `unguarded`
	return d.apply(ctx, KindUpdate, string(t.Payload()))
}

// Typed passes the job's type: not a constant, the increment stays (near miss).
func (d *Deps) Typed(ctx context.Context, t *asynq.Task) error { // want Typed:`increment counters` `unguarded`
	return d.apply(ctx, t.Type(), string(t.Payload()))
}

// flagged sets a flag on one branch only; the effect behind the flag
// runs only when that branch ran.
func (d *Deps) flagged(ctx context.Context, kind string, id string) error { // want flagged:`^effects: db_write/update-increment counters; db_write/update-set items$`
	isUpdate := false
	if kind == KindCreate {
		id = "new:" + id
	} else {
		isUpdate = true
	}
	if _, err := d.DB.ExecContext(ctx, "UPDATE items SET seen = true WHERE id = $1", id); err != nil {
		return err
	}
	if isUpdate {
		_, err := d.DB.ExecContext(ctx, "UPDATE counters SET n = n + 1 WHERE id = $1", id)
		return err
	}
	return nil
}

func (d *Deps) FlagCreate(ctx context.Context, t *asynq.Task) error { // want FlagCreate:`^effects: db_write/update-set items$`
	return d.flagged(ctx, KindCreate, string(t.Payload()))
}

func (d *Deps) FlagOther(ctx context.Context, t *asynq.Task) error { // want FlagOther:`increment counters` `unguarded`
	return d.flagged(ctx, "delete", string(t.Payload()))
}

// Req is a request whose State field decides what the service does.
type Req struct {
	ID    string
	State string
}

func (d *Deps) setState(ctx context.Context, in *Req) error { // want setState:`^effects: db_write/update-increment counters; db_write/update-set orders$`
	if _, err := d.DB.ExecContext(ctx, "UPDATE orders SET state = $2 WHERE id = $1", in.ID, in.State); err != nil {
		return err
	}
	if in.State == "paid" {
		_, err := d.DB.ExecContext(ctx, "UPDATE counters SET n = n + 1 WHERE id = $1", in.ID)
		return err
	}
	return nil
}

// Cancel builds the request with a constant state that is not "paid".
func (d *Deps) Cancel(ctx context.Context, t *asynq.Task) error { // want Cancel:`^effects: db_write/update-set orders$`
	return d.setState(ctx, &Req{ID: string(t.Payload()), State: "cancelled"})
}

// Blank leaves the state out: the zero value "" is not "paid" either.
func (d *Deps) Blank(ctx context.Context, t *asynq.Task) error { // want Blank:`^effects: db_write/update-set orders$`
	return d.setState(ctx, &Req{ID: string(t.Payload())})
}

// Pay sets the state that runs the increment (near miss).
func (d *Deps) Pay(ctx context.Context, t *asynq.Task) error { // want Pay:`increment counters` `unguarded`
	return d.setState(ctx, &Req{ID: string(t.Payload()), State: "paid"})
}

// Stored writes the state into a request it was given, then passes it.
func (d *Deps) Stored(ctx context.Context, t *asynq.Task) error { // want Stored:`^effects: db_write/update-set orders$`
	r := &Req{ID: string(t.Payload())}
	d.prepare(r)
	r.State = "cancelled"
	return d.setState(ctx, r)
}

// Overwritten stores a constant and then calls something that may
// change it before the request is passed (near miss).
func (d *Deps) Overwritten(ctx context.Context, t *asynq.Task) error { // want Overwritten:`increment counters` `unguarded`
	r := &Req{ID: string(t.Payload())}
	r.State = "cancelled"
	d.prepare(r)
	return d.setState(ctx, r)
}

func (d *Deps) prepare(r *Req) { r.State = string([]byte(r.ID)) } // want prepare:`^effects: memory_write/set condfix.Req.State holder=p1$`

// wrap calls the handler function it is given with its own argument.
func wrap(ctx context.Context, kind string, id string, fn func(context.Context, string, string) error) error { // want wrap:`^effects: calls p3$`
	return fn(ctx, kind, id)
}

func (d *Deps) Wrapped(ctx context.Context, t *asynq.Task) error { // want Wrapped:`^effects: db_write/update-set items$`
	return wrap(ctx, KindCreate, string(t.Payload()), d.apply)
}

func (d *Deps) WrappedUpdate(ctx context.Context, t *asynq.Task) error { // want WrappedUpdate:`increment counters` `unguarded`
	return wrap(ctx, KindUpdate, string(t.Payload()), d.apply)
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:`^no effects$`
	mux.HandleFunc("create", d.Create)
	mux.HandleFunc("update", d.Update)
	mux.HandleFunc("typed", d.Typed)
	mux.HandleFunc("flag:create", d.FlagCreate)
	mux.HandleFunc("flag:other", d.FlagOther)
	mux.HandleFunc("cancel", d.Cancel)
	mux.HandleFunc("blank", d.Blank)
	mux.HandleFunc("pay", d.Pay)
	mux.HandleFunc("stored", d.Stored)
	mux.HandleFunc("overwritten", d.Overwritten)
	mux.HandleFunc("wrapped", d.Wrapped)
	mux.HandleFunc("wrapped:update", d.WrappedUpdate)
	mux.HandleFunc("touch", d.Touch)
	mux.HandleFunc("audited", d.Audited)
}

// Audit is an optional recorder: save writes the audit row only when its
// options carry one (a pointer tested against nil, as a func is).
type Audit struct{ Table string }

type SaveOpts struct {
	ID    string
	Audit *Audit
}

func (d *Deps) save(ctx context.Context, o SaveOpts) error { // want save:`^effects: db_write/insert audit_log; db_write/update-set items$`
	if _, err := d.DB.ExecContext(ctx, "UPDATE items SET seen = true WHERE id = $1", o.ID); err != nil {
		return err
	}
	if o.Audit != nil {
		_, err := d.DB.ExecContext(ctx, "INSERT INTO audit_log(id) VALUES ($1)", o.ID)
		return err
	}
	return nil
}

// Touch's literal leaves Audit out: nil, no audit row.
func (d *Deps) Touch(ctx context.Context, t *asynq.Task) error { // want Touch:`^effects: db_write/update-set items$`
	return d.save(ctx, SaveOpts{ID: string(t.Payload())})
}

// Audited sets it (near miss).
func (d *Deps) Audited(ctx context.Context, t *asynq.Task) error { // want Audited:`insert audit_log` `unguarded`
	return d.save(ctx, SaveOpts{ID: string(t.Payload()), Audit: &Audit{Table: "audit_log"}})
}

// Event is a message whose kind a value method reads.
type Event struct{ kind, ID string }

func (e Event) Kind() string { return e.kind } // want Kind:`^no effects$`

func parse(b []byte) (*Event, error) { return &Event{kind: string(b[:1]), ID: string(b[1:])}, nil } // want parse:`^no effects$`

// onItem serves both kinds of item event; only an update counts.
func (d *Deps) onItem(ctx context.Context, ev *Event) error { // want onItem:`^effects: db_write/update-increment counters; db_write/update-set items$`
	if _, err := d.DB.ExecContext(ctx, "UPDATE items SET seen = true WHERE id = $1", ev.ID); err != nil {
		return err
	}
	if ev.Kind() != "item.created" {
		_, err := d.DB.ExecContext(ctx, "UPDATE counters SET n = n + 1 WHERE id = $1", ev.ID)
		return err
	}
	return nil
}

// Router looks its entries up by the event's kind and passes the event:
// the entry stored under "item.created" runs only for that kind.
type Router struct {
	routes map[string]func(ctx context.Context, ev *Event) error
}

func NewRouter(d *Deps) *Router { // want NewRouter:`^no effects$`
	return &Router{routes: map[string]func(context.Context, *Event) error{
		"item.created": func(ctx context.Context, ev *Event) error { return d.onItem(ctx, ev) },
		"item.updated": func(ctx context.Context, ev *Event) error { return d.onItem(ctx, ev) }, // want `unguarded: handler condfix.NewRouter.func2 \(asynq task "item.updated"\) repeats .*update-increment of counters`
	}}
}

func (r Router) ProcessTask(ctx context.Context, t *asynq.Task) error { // want ProcessTask:`^effects: dynamic_call/call value` `unguarded: handler condfix.Router.ProcessTask .*update-increment of counters .*\(dynamic call → condfix.NewRouter.func2, entry "item.updated"\)`
	ev, err := parse(t.Payload())
	if err != nil {
		return err
	}
	h, ok := r.routes[ev.Kind()]
	if !ok {
		return nil
	}
	return h(ctx, ev)
}

// Fallback runs its "item.created" entry for any kind it has no entry
// for (near miss): that entry's increment stays.
type Fallback struct {
	routes map[string]func(ctx context.Context, ev *Event) error
}

func NewFallback(d *Deps) *Fallback { // want NewFallback:`^no effects$`
	return &Fallback{routes: map[string]func(context.Context, *Event) error{
		"item.created": func(ctx context.Context, ev *Event) error { return d.onItem(ctx, ev) }, // want `unguarded: handler condfix.NewFallback.func1 \(asynq task "item.created"\) repeats .*update-increment of counters`
	}}
}

func (r Fallback) ProcessTask(ctx context.Context, t *asynq.Task) error { // want ProcessTask:`^effects: dynamic_call/call value` `unguarded: handler condfix.Fallback.ProcessTask .*update-increment of counters .*entry "item.created"`
	ev, err := parse(t.Payload())
	if err != nil {
		return err
	}
	h, ok := r.routes[ev.Kind()]
	if !ok {
		h = r.routes["item.created"]
	}
	return h(ctx, ev)
}

func RegisterRouters(mux *asynq.ServeMux, d *Deps) { // want RegisterRouters:`^no effects$`
	mux.Handle("items", NewRouter(d))
	mux.Handle("items:fallback", NewFallback(d))
}
