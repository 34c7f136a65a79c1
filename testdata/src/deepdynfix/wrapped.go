package deepdynfix

import (
	"context"

	"github.com/hibiken/asynq"
)

// A call reached on two paths of one handler, one within the bound on
// dynamic hops and one past it: the transaction wrapper (a tracing
// client around the real one, both wired into the same field) adds a hop
// on one path only. The implementation the shorter path follows is the
// same call's: its effects are already the handler's, and the longer
// path does not read the call from its name (CreateParams: a creation).

// Params builds an invoice's parameters: a computation.
type Params interface {
	CreateParams(k string) (string, error)
}

type Preparer interface {
	Prepare(k string) (string, error)
}

type Invoicer interface {
	Invoice(ctx context.Context, k string) error
}

type TxRunner interface {
	WithTx(ctx context.Context, f func(ctx context.Context) error) error
}

type Biller interface {
	Bill(ctx context.Context, k string) error
}

type params struct{}

func (params) CreateParams(k string) (string, error) { return "p:" + k, nil }

type preparer struct{ p Params }

func (p *preparer) Prepare(k string) (string, error) { return p.p.CreateParams(k) }

type invoicer struct{ prep Preparer }

func (i *invoicer) Invoice(ctx context.Context, k string) error {
	_, err := i.prep.Prepare(k)
	return err
}

// txClient runs f as the transaction's body.
type txClient struct{}

func (txClient) WithTx(ctx context.Context, f func(ctx context.Context) error) error { return f(ctx) }

// tracingTx wraps another runner (a monitoring client): one hop more.
type tracingTx struct{ inner TxRunner }

func (t *tracingTx) WithTx(ctx context.Context, f func(ctx context.Context) error) error {
	return t.inner.WithTx(ctx, f)
}

type biller struct {
	tx  TxRunner
	inv Invoicer
}

func (b *biller) Bill(ctx context.Context, k string) error {
	return b.tx.WithTx(ctx, func(ctx context.Context) error { return b.inv.Invoice(ctx, k) })
}

// BillHandler: handler → Biller.Bill → TxRunner.WithTx (the client, or
// the tracing client → the client) → the closure → Invoicer.Invoice →
// Preparer.Prepare → Params.CreateParams: five dynamic hops to
// CreateParams through the client, six through the tracing client.
type BillHandler struct{ b Biller }

func (h *BillHandler) ProcessTask(ctx context.Context, t *asynq.Task) error {
	return h.b.Bill(ctx, string(t.Payload()))
}

// Near miss: CreateParams reached only six dynamic hops down, through a
// chain of its own: past the bound, its name is all there is to read.

type Step1 interface{ One(k string) error }
type Step2 interface{ Two(k string) error }
type Step3 interface{ Three(k string) error }
type Step4 interface{ Four(k string) error }
type Step5 interface{ Five(k string) error }

type one struct{ next Step2 }

func (s *one) One(k string) error { return s.next.Two(k) }

type two struct{ next Step3 }

func (s *two) Two(k string) error { return s.next.Three(k) }

type three struct{ next Step4 }

func (s *three) Three(k string) error { return s.next.Four(k) }

type four struct{ next Step5 }

func (s *four) Four(k string) error { return s.next.Five(k) }

type five struct{ p Params }

func (s *five) Five(k string) error {
	_, err := s.p.CreateParams(k)
	return err
}

// DeepHandler: handler → One → Two → Three → Four → Five →
// CreateParams, the sixth dynamic hop.
type DeepHandler struct{ s Step1 }

func (h *DeepHandler) ProcessTask(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: db_write insert \(inferred from the name \(deepdynfix.Params\).CreateParams\) \(medium\) at`
	return h.s.One(string(t.Payload()))
}

func RegisterWrapped(mux *asynq.ServeMux) {
	inv := &invoicer{prep: &preparer{p: params{}}}
	mux.Handle("bill:plain", &BillHandler{b: &biller{tx: txClient{}, inv: inv}})
	mux.Handle("bill:traced", &BillHandler{b: &biller{tx: &tracingTx{inner: txClient{}}, inv: inv}})
	mux.Handle("deep:params", &DeepHandler{s: &one{next: &two{next: &three{next: &four{next: &five{p: params{}}}}}}})
}
