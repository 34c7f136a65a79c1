package sqlshapes

import (
	"context"
	"strings"
	"time"

	"github.com/hibiken/asynq"
)

// Subscription is an entity a repository reads and writes whole.
type Subscription struct {
	ID          string
	Name        string
	PeriodStart time.Time
	PeriodEnd   time.Time
}

// SubscriptionRepo is implemented nowhere in the program: its calls are
// read by their names (Get reads, Update sets).
type SubscriptionRepo interface {
	Get(ctx context.Context, id string) (*Subscription, error)
	Update(ctx context.Context, s *Subscription) error
}

type Billing struct {
	Subs SubscriptionRepo
	Deps *Deps
}

// Advance moves the billing period on from the one it read: the write is
// a set by its name, but a second delivery reads the moved period and
// moves it again (read-modify-write through the repository). go vet
// leaves the finding to the command, which resolves interface calls over
// the whole program (and reads them by name when nothing implements them).
func (b *Billing) Advance(ctx context.Context, t *asynq.Task) error { // want Advance:`^effects: dynamic_call/call \(sqlshapes.SubscriptionRepo\).Get reads=db_read/read; dynamic_call/call \(sqlshapes.SubscriptionRepo\).Update changed-from reads=db_write/increment$` Advance:`^handler asynq`
	sub, err := b.Subs.Get(ctx, t.Type())
	if err != nil {
		return err
	}
	start := sub.PeriodEnd
	end := nextPeriodEnd(start)
	return b.Subs.Update(ctx, &Subscription{ID: sub.ID, PeriodStart: start, PeriodEnd: end})
}

func nextPeriodEnd(start time.Time) time.Time { return start.AddDate(0, 1, 0) } // want nextPeriodEnd:"no effects"

// Rename writes back a string computed from the one it read: trimming or
// upper-casing again gives the same value, so the set stays a set.
func (b *Billing) Rename(ctx context.Context, t *asynq.Task) error { // want Rename:`^effects: dynamic_call/call \(sqlshapes.SubscriptionRepo\).Get reads=db_read/read; dynamic_call/call \(sqlshapes.SubscriptionRepo\).Update reads=db_write/set$` Rename:`^handler asynq`
	sub, err := b.Subs.Get(ctx, t.Type())
	if err != nil {
		return err
	}
	return b.Subs.Update(ctx, &Subscription{ID: sub.ID, Name: strings.ToUpper(sub.Name)})
}

type Balance struct {
	ID     int64
	Amount int64
}

// saveBalance sets the balance it is given.
func (d *Deps) saveBalance(ctx context.Context, b *Balance) error { // want saveBalance:`^effects: db_write/update-set balances$`
	_, err := d.Pool.Exec(ctx, "update balances set amount = $1 where id = $2", b.Amount, b.ID)
	return err
}

// Topup reads the balance, adds to it in Go and saves it through a
// helper: the helper's set is an increment at this call.
func (d *Deps) Topup(ctx context.Context, t *asynq.Task) error { // want Topup:`^effects: db_write/update-increment balances; db_read/select balances$` `unguarded: handler \(\*sqlshapes.Deps\).Topup .*update-increment of balances`
	var amount int64
	if err := d.Pool.QueryRow(ctx, "select amount from balances where id = $1", 1).Scan(&amount); err != nil {
		return err
	}
	return d.saveBalance(ctx, &Balance{ID: 1, Amount: amount + 10})
}

type Envelope struct {
	ID     int64
	Amount int64
	Next   int64
}

// EnvelopeRepo's implementation is elsewhere in the program: the call is
// marked changed-from, and the whole-program phase makes the sets of the
// implementation it resolves the call to increments at this call.
type EnvelopeRepo interface {
	List(ctx context.Context) ([]Envelope, error)
	Save(ctx context.Context, es []Envelope) error
}

type Funding struct{ Envelopes EnvelopeRepo }

// Fund adds each envelope's next contribution to its amount, in Go, and
// saves the envelopes gathered in a loop: a second delivery adds again.
func (f *Funding) Fund(ctx context.Context, t *asynq.Task) error { // want Fund:`^effects: dynamic_call/call \(sqlshapes.EnvelopeRepo\).List reads=db_read/read; dynamic_call/call \(sqlshapes.EnvelopeRepo\).Save changed-from$` Fund:`^handler asynq`
	es, err := f.Envelopes.List(ctx)
	if err != nil {
		return err
	}
	var toSave []Envelope
	for i := range es {
		e := es[i]
		e.Amount += e.Next
		toSave = append(toSave, e)
	}
	return f.Envelopes.Save(ctx, toSave)
}
