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

// markBatch marks one batch's items done: its parameter only picks the
// rows (WHERE), no column is given it.
func (d *Deps) markBatch(ctx context.Context, batch int64) error { // want markBatch:`^effects: db_write/update-set batch_items$`
	_, err := d.Pool.Exec(ctx, "update batch_items set done = true where batch = $1", batch)
	return err
}

// MarkNext reads the last batch number and marks the batch after it: the
// value computed from the read picks rows and writes nothing, so the set
// stays a set (near miss of Topup).
func (d *Deps) MarkNext(ctx context.Context, t *asynq.Task) error { // want MarkNext:`^effects: db_write/update-set batch_items; db_read/select batches$`
	var n int64
	if err := d.Pool.QueryRow(ctx, "select max(n) from batches").Scan(&n); err != nil {
		return err
	}
	return d.markBatch(ctx, n+1)
}

type Quota struct {
	ID     int64
	Amount int64
}

// setQuota sets a quota's amount; the ID field only picks the row.
func (d *Deps) setQuota(ctx context.Context, q Quota) error { // want setQuota:`^effects: db_write/update-set quotas$`
	_, err := d.Pool.Exec(ctx, "update quotas set amount = $1 where id = $2", q.Amount, q.ID)
	return err
}

// setQuotaOf hands its parameters on in a struct literal.
func (d *Deps) setQuotaOf(ctx context.Context, id, amount int64) error { // want setQuotaOf:`^effects: db_write/update-set quotas$`
	return d.setQuota(ctx, Quota{ID: id, Amount: amount})
}

// Raise reads a quota and writes it back raised, through two helpers:
// the value reaches the column amount, an increment.
func (d *Deps) Raise(ctx context.Context, t *asynq.Task) error { // want Raise:`^effects: db_write/update-increment quotas; db_read/select quotas$` `unguarded: handler \(\*sqlshapes.Deps\).Raise .*update-increment of quotas`
	var amount int64
	if err := d.Pool.QueryRow(ctx, "select amount from quotas where id = 1").Scan(&amount); err != nil {
		return err
	}
	return d.setQuotaOf(ctx, 1, amount+5)
}

// ResetNext reads the last quota id and resets the quota after it: the
// value read reaches only the field that picks the row (near miss of
// Raise).
func (d *Deps) ResetNext(ctx context.Context, t *asynq.Task) error { // want ResetNext:`^effects: db_write/update-set quotas; db_read/select quotas$`
	var id int64
	if err := d.Pool.QueryRow(ctx, "select max(id) from quotas").Scan(&id); err != nil {
		return err
	}
	return d.setQuotaOf(ctx, id+1, 0)
}

// acceptNext accepts the next n waitlisted entries: the LIMIT subquery
// picks among the rows whose status the update changes, so a second run
// takes the next n (non-idempotent whatever n is).
func (d *Deps) acceptNext(ctx context.Context, n int32) error { // want acceptNext:`^effects: db_write/update-increment entries$`
	_, err := d.Pool.Exec(ctx, "update entries set status = 'accepted' where id in (select id from entries where status = 'waitlisted' order by joined_at limit $1)", n)
	return err
}

// flagOldest flags the oldest n entries of a kind: the subquery's choice
// does not depend on what the update sets, so a second run flags the
// same rows (near miss of acceptNext).
func (d *Deps) flagOldest(ctx context.Context, n int32) error { // want flagOldest:`^effects: db_write/update-set entries$`
	_, err := d.Pool.Exec(ctx, "update entries set flagged = true where id in (select id from entries where kind = 'x' order by joined_at limit $1)", n)
	return err
}
