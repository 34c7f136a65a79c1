package duperrfix

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// A batch that counts its items' failures and fails as a whole when one
// failed (failed++, then if failed > 0 { return errors.New(…) }) makes
// the job fail on an item's duplicate as if its error were returned. A
// count only logged, reset, or tested inside the loop before the
// increment decides nothing.

// importAll registers every item and fails when one failed.
func (d *Deps) importAll(ctx context.Context, keys []string) (int, error) { // want importAll:`^effects: db_write/insert de_workflows$`
	failed := 0
	for i, k := range keys {
		if err := d.register(ctx, k, i); err != nil {
			log.Printf("register %s: %v", k, err)
			failed++
		}
	}
	if failed > 0 {
		return failed, errors.New("one or more items failed")
	}
	return 0, nil
}

// CountedBatch: the items' keys come from the task: a redelivery's
// inserts fail on the key, are counted, and the batch returns an error.
func (d *Deps) CountedBatch(ctx context.Context, t *asynq.Task) error { // want CountedBatch:`^effects: db_write/insert de_workflows$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/duperrfix.go:27 fails on the duplicate`
	_, err := d.importAll(ctx, []string{t.Type(), t.Type() + ":2"})
	return err
}

// CountedInline counts in the handler itself, the error made after the
// count is tested (!= 0), also when another statement stands between.
func (d *Deps) CountedInline(ctx context.Context, t *asynq.Task) error { // want CountedInline:`^effects: db_write/insert de_workflows$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/duperrfix.go:27 fails on the duplicate`
	var err error
	n := 0
	for i, b := range t.Payload() {
		if err = d.register(ctx, t.Type()+string(b), i); err != nil {
			n++
		}
	}
	log.Printf("%d failed", n)
	if n != 0 {
		err = fmt.Errorf("%d items failed", n)
	} else {
		err = nil
	}
	return err
}

// CountedLogged only logs the count: nothing fails, the insert stays
// unguarded (its key is not traced to the task).
func (d *Deps) CountedLogged(ctx context.Context, t *asynq.Task) error { // want CountedLogged:`^effects: db_write/insert de_workflows$` `unguarded: handler \(\*duperrfix.Deps\).CountedLogged`
	failed := 0
	for i, b := range t.Payload() {
		if err := d.register(ctx, t.Type()+string(b), i); err != nil {
			failed++
		}
	}
	log.Printf("%d failed", failed)
	return nil
}

// CountedEarly tests the count inside the loop, before the item's
// increment: the last item's failure is never tested.
func (d *Deps) CountedEarly(ctx context.Context, t *asynq.Task) error { // want CountedEarly:`^effects: db_write/insert de_workflows$` `unguarded: handler \(\*duperrfix.Deps\).CountedEarly`
	failed := 0
	for i, b := range t.Payload() {
		if failed > 0 {
			return errors.New("an item failed")
		}
		if err := d.register(ctx, t.Type()+string(b), i); err != nil {
			failed++
		}
	}
	return nil
}

// CountedReset resets the count for each chunk: a failure before the
// reset is forgotten.
func (d *Deps) CountedReset(ctx context.Context, t *asynq.Task) error { // want CountedReset:`^effects: db_write/insert de_workflows$` `unguarded: handler \(\*duperrfix.Deps\).CountedReset`
	failed := 0
	for i, b := range t.Payload() {
		if err := d.register(ctx, t.Type()+string(b), i); err != nil {
			failed++
		}
		if i%10 == 9 {
			failed = 0
		}
	}
	if failed > 0 {
		return errors.New("an item failed")
	}
	return nil
}

// CountedNilOnFailure returns nil although the count is positive.
func (d *Deps) CountedNilOnFailure(ctx context.Context, t *asynq.Task) error { // want CountedNilOnFailure:`^effects: db_write/insert de_workflows$` `unguarded: handler \(\*duperrfix.Deps\).CountedNilOnFailure`
	failed := 0
	for i, b := range t.Payload() {
		if err := d.register(ctx, t.Type()+string(b), i); err != nil {
			failed++
		}
	}
	if failed > 0 {
		log.Printf("%d failed", failed)
		return nil
	}
	return nil
}

// CountedWrapped returns a wrap of another error when the count is
// positive: pkg-style wrappers return nil for a nil error, so nothing
// says the job fails.
func (d *Deps) CountedWrapped(ctx context.Context, t *asynq.Task) error { // want CountedWrapped:`^effects: db_write/insert de_workflows$` `unguarded: handler \(\*duperrfix.Deps\).CountedWrapped`
	failed := 0
	var last error
	for i, b := range t.Payload() {
		if err := d.register(ctx, t.Type()+string(b), i); err != nil {
			failed++
		}
	}
	if failed > 0 {
		return wrapErr(last)
	}
	return nil
}

func wrapErr(err error) error { // want wrapErr:`^no effects$`
	if err == nil {
		return nil
	}
	return fmt.Errorf("batch: %w", err)
}

// CountedFresh keys each event by a new uuid: nothing fails on a
// redelivery, every event is inserted again.
func (d *Deps) CountedFresh(ctx context.Context, t *asynq.Task) error { // want CountedFresh:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.Deps\).CountedFresh`
	failed := 0
	for _, b := range t.Payload() {
		if _, err := d.Pool.Exec(ctx, "insert into de_events (id, body) values ($1, $2)", uuid.NewString(), string(b)); err != nil {
			failed++
		}
	}
	if failed > 0 {
		return errors.New("an event failed")
	}
	return nil
}

func registerCounted(mux *asynq.ServeMux, d *Deps) { // want registerCounted:`^no effects$`
	mux.HandleFunc("countedbatch", d.CountedBatch)
	mux.HandleFunc("countedinline", d.CountedInline)
	mux.HandleFunc("countedlogged", d.CountedLogged)
	mux.HandleFunc("countedearly", d.CountedEarly)
	mux.HandleFunc("countedreset", d.CountedReset)
	mux.HandleFunc("countednil", d.CountedNilOnFailure)
	mux.HandleFunc("countedfresh", d.CountedFresh)
	mux.HandleFunc("countedwrapped", d.CountedWrapped)
}
