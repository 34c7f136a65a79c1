// Package callbackfix covers libraries that run the caller's functions
// and SDK calls the catalog rates: an errgroup's Go and a backoff's Retry
// run the function given them (their effects are the function's, not an
// unknown), OpenAI's Responses API and Google's Gen AI embeddings compute
// an answer (safe), a Faktory batch's Jobs opens a new batch whose
// callbacks are enqueued (an enqueue) and runs the pushes; jinzhu/copier's
// Copy runs the methods of the values' types named after their fields
// (only those: a method named after no field is not called).
package callbackfix

import (
	"context"
	"database/sql"

	ghinstallation "github.com/bradleyfalzon/ghinstallation/v2"
	"github.com/cenkalti/backoff/v4"
	faktory "github.com/contribsys/faktory/client"
	"github.com/hibiken/asynq"
	"github.com/jinzhu/copier"
	"github.com/openai/openai-go/v3/responses"
	"github.com/pdfcpu/pdfcpu/pkg/api"
	"golang.org/x/sync/errgroup"
	"google.golang.org/genai"
)

type Deps struct {
	DB     *sql.DB
	AI     *responses.ResponseService
	Models genai.Models
	Pool   *faktory.Client
	// RenderOpts are options set where Deps is built.
	RenderOpts []func(*Renderer)
}

// Fanout inserts from two goroutines of a group: the inserts are the
// handler's effects.
func (d *Deps) Fanout(ctx context.Context, t *asynq.Task) error { // want Fanout:`^effects: db_write/insert audit_log; db_write/insert audit_log$` `unguarded: handler \(\*callbackfix.Deps\).Fanout repeats .*insert into audit_log \(medium\)`
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		_, err := d.DB.ExecContext(ctx, "insert into audit_log(msg) values ($1)", "a")
		return err
	})
	g.TryGo(func() error {
		_, err := d.DB.ExecContext(ctx, "insert into audit_log(msg) values ($1)", "b")
		return err
	})
	return g.Wait()
}

// Retried sets a row inside a backoff loop: the set is the effect, safe
// (the backoff's constructor is read by its name).
func (d *Deps) Retried(ctx context.Context, t *asynq.Task) error { // want Retried:`^effects: dynamic_call/call backoff.NewExponentialBackOff reads=dynamic_call/read; db_write/update-set orders$`
	b := backoff.NewExponentialBackOff()
	return backoff.Retry(func() error {
		_, err := d.DB.ExecContext(ctx, "update orders set state = 'done' where id = $1", string(t.Payload()))
		return err
	}, b)
}

// RetriedData sets a row inside the generic backoff loop, whose
// operation returns data: the set is the effect, safe.
func (d *Deps) RetriedData(ctx context.Context, t *asynq.Task) error { // want RetriedData:`^effects: db_write/update-set orders$`
	n, err := backoff.RetryWithData(func() (int64, error) {
		res, err := d.DB.ExecContext(ctx, "update orders set state = 'done' where id = $1", string(t.Payload()))
		if err != nil {
			return 0, err
		}
		return res.RowsAffected()
	}, &backoff.ExponentialBackOff{})
	_ = n
	return err
}

// Ask asks for a response and an embedding: nothing is created, safe.
func (d *Deps) Ask(ctx context.Context, t *asynq.Task) error { // want Ask:`^effects: http/post openai; http/post genai$`
	if _, err := d.AI.New(ctx, responses.ResponseNewParams{Model: "gpt"}); err != nil {
		return err
	}
	_, err := d.Models.EmbedContent(ctx, "embed", []*genai.Content{{Text: string(t.Payload())}}, nil)
	return err
}

// Batch opens a Faktory batch and pushes a job into it: two enqueues.
func (d *Deps) Batch(ctx context.Context, t *asynq.Task) error { // want Batch:`^effects: publish/enqueue faktory batch; publish/enqueue faktory$` `unguarded: handler \(\*callbackfix.Deps\).Batch repeats .*enqueue`
	batch := faktory.NewBatch(d.Pool)
	batch.Success = faktory.NewJob("Done")
	return batch.Jobs(func() error {
		return batch.Push(faktory.NewJob("Work", string(t.Payload())))
	})
}

// Order is a row; OrderView its copy for a reply, with Note a setter
// named after Order's Note field that audits it.
type Order struct {
	ID    string
	State string
	Note  string
	Items []Item
}

type Item struct{ SKU string }

type OrderView struct {
	ID    string
	State string
	Items []ItemView
	db    *sql.DB
}

type ItemView struct{ SKU string }

// Note is called by copier.Copy for the source's Note field.
func (v *OrderView) Note(n string) { // want Note:`^effects: db_write/insert audit_log$`
	v.db.Exec("insert into audit_log(msg) values ($1)", n)
}

// Summary is a copy without that field: its Note is not a field name.
type Summary struct {
	ID    string
	State string
	db    *sql.DB
}

// Describe is named after no field: the copy never calls it.
func (s *Summary) Describe(n string) { // want Describe:`^effects: db_write/insert audit_log$`
	s.db.Exec("insert into audit_log(msg) values ($1)", n)
}

// CopyView copies a row into a value of another type (jinzhu/copier):
// fields set in memory, no effect; then a set: safe. copier's body calls
// methods by name through reflect, which used to make it unknown.
func (d *Deps) CopyView(ctx context.Context, t *asynq.Task) error { // want CopyView:`^effects: db_write/update-set orders$`
	o := &Order{ID: string(t.Payload()), State: "done"}
	var s Summary
	if err := copier.Copy(&s, o); err != nil {
		return err
	}
	_, err := d.DB.ExecContext(ctx, "update orders set state = $1 where id = $2", s.State, s.ID)
	return err
}

// CopyNote is the near miss: OrderView has a method named after Order's
// Note field, which the copy calls with the value: its insert is the
// handler's effect.
func (d *Deps) CopyNote(ctx context.Context, t *asynq.Task) error { // want CopyNote:`^effects: db_write/insert audit_log$` `unguarded: handler \(\*callbackfix.Deps\).CopyNote repeats .*insert into audit_log \(medium\)`
	o := Order{ID: string(t.Payload()), Note: "copied"}
	v := OrderView{db: d.DB}
	return copier.Copy(&v, o)
}

// CopyAny copies from a value whose type is not known here: the methods
// the copy may call are not either (unknown).
func (d *Deps) CopyAny(ctx context.Context, t *asynq.Task) error { // want CopyAny:`^effects: dynamic_call/call copier.Copy$`
	var from any = d.source(t)
	var s Summary
	return copier.Copy(&s, from)
}

func (d *Deps) source(t *asynq.Task) any { return Order{ID: string(t.Payload())} } // want source:"no effects"

// Renderer is configured by functional options.
type Renderer struct {
	db    *sql.DB
	table string
}

func WithTable(table string) func(*Renderer) { // want WithTable:"no effects" WithTable:"returns callbackfix.WithTable.func1"
	return func(r *Renderer) { r.table = table }
}

func newRenderer(opts ...func(*Renderer)) *Renderer { // want newRenderer:"calls p0"
	r := &Renderer{}
	for _, o := range opts {
		o(r)
	}
	return r
}

// NewRenderer passes its options on to the constructor that applies them:
// its callers pass the slice.
func NewRenderer(kind string, opts ...func(*Renderer)) *Renderer { // want NewRenderer:"calls p1"
	return newRenderer(opts...)
}

// Configure builds a renderer with an option: no effect, and nothing
// unknown.
func (d *Deps) Configure(ctx context.Context, t *asynq.Task) error { // want Configure:`^effects: db_write/update-set renders$`
	r := NewRenderer("pdf", WithTable("renders"))
	_, err := d.DB.ExecContext(ctx, "update renders set done = true where id = $1", r.table)
	return err
}

// Pages takes an installation token (nothing a redelivery repeats) and
// counts a PDF's pages (a read): safe.
func Pages(ctx context.Context, t *asynq.Task) error { // want Pages:`^effects: http/post github$`
	var tr ghinstallation.Transport
	if _, err := tr.Token(ctx); err != nil {
		return err
	}
	_, err := api.PageCountFile(string(t.Payload()))
	return err
}

// WithAudit is an option that writes when it is applied.
func WithAudit(db *sql.DB) func(*Renderer) { // want WithAudit:"no effects" WithAudit:"returns callbackfix.WithAudit.func1"
	return func(r *Renderer) {
		_, _ = db.Exec("insert into audit_log(msg) values ('render')")
	}
}

// NewDefaultRenderer appends a default option when its caller gives none
// and passes the options on: the elements of the slice it builds are
// followed as single values are (the default's effects, none here), and
// its callers' through the parameter.
func NewDefaultRenderer(opts ...func(*Renderer)) *Renderer { // want NewDefaultRenderer:"calls p0"
	if len(opts) == 0 {
		opts = append(opts, WithTable("renders"))
	}
	return newRenderer(opts...)
}

// Defaulted builds a renderer through the defaulting constructor with an
// option: no effect, and nothing unknown.
func (d *Deps) Defaulted(ctx context.Context, t *asynq.Task) error { // want Defaulted:`^effects: db_write/update-set renders$`
	r := NewDefaultRenderer(WithTable("renders"))
	_, err := d.DB.ExecContext(ctx, "update renders set done = true where id = $1", r.table)
	return err
}

// Audited passes an option that writes through the defaulting
// constructor: its insert is the handler's.
func (d *Deps) Audited(ctx context.Context, t *asynq.Task) error { // want Audited:`^effects: db_write/insert audit_log$` `unguarded: handler \(\*callbackfix.Deps\).Audited repeats .*insert into audit_log \(medium\)`
	r := NewDefaultRenderer(WithAudit(d.DB))
	_ = r
	return nil
}

// Kept passes on options kept in a field: what they are is not known here
// (the near miss: unknown, not "no effect").
func (d *Deps) Kept(ctx context.Context, t *asynq.Task) error { // want Kept:`^effects: dynamic_call/call callbackfix.Deps.RenderOpts$`
	r := NewDefaultRenderer(d.RenderOpts...)
	_ = r
	return nil
}
