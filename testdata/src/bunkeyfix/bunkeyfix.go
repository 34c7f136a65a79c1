// Package bunkeyfix inserts bun models whose unique keys are declared in
// the models' struct tags (declared/bunmodels, tables created from the
// models): an insert whose key field is filled from the message fails on
// a redelivery (duplicate-as-error when the error is returned), also for a
// slice of rows built in a loop. Near misses: an untagged field is no key,
// a key filled from uuid.NewString is new on every delivery.
package bunkeyfix

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/uptrace/bun"

	"declared/bunmodels"
)

type Deps struct {
	DB     *bun.DB
	Lookup Lookup
}

// Embed stores one embedding keyed by the message's UUID.
func (d *Deps) Embed(ctx context.Context, t *asynq.Task) error { // want Embed:`^effects: db_write/insert bk_embedding$` `duplicate-as-error: a second delivery's insert into bk_embedding \(medium\) at bunkeyfix/bunkeyfix.go:\d+ fails on the duplicate \(a second insert of the row violates the unique \(message_uuid\) at declared/bunmodels/models.go:18`
	row := bunmodels.Embedding{MessageUUID: string(t.Payload()), SessionID: "s"}
	if _, err := d.DB.NewInsert().Model(&row).Exec(ctx); err != nil {
		return fmt.Errorf("embed: %w", err)
	}
	return nil
}

// EmbedAll stores a slice of embeddings built in a loop, each keyed by a
// message UUID of the payload.
func (d *Deps) EmbedAll(ctx context.Context, t *asynq.Task) error { // want EmbedAll:`^effects: db_write/insert bk_embedding$` `duplicate-as-error: .*bk_embedding .*violates the unique \(message_uuid\) at declared/bunmodels/models.go:18`
	ids := strings.Split(string(t.Payload()), ",")
	rows := make([]bunmodels.Embedding, len(ids))
	for i, id := range ids {
		rows[i] = bunmodels.Embedding{MessageUUID: id, SessionID: "s"}
	}
	_, err := d.DB.NewInsert().Model(&rows).Exec(ctx)
	return err
}

// Pair fills both columns of the named group from the message.
func (d *Deps) Pair(ctx context.Context, t *asynq.Task) error { // want Pair:`^effects: db_write/insert bk_pair$` `duplicate-as-error: .*bk_pair .*violates the unique tenant_slug \(tenant, slug\) at declared/bunmodels/models.go:37`
	p := bunmodels.Pair{Tenant: t.Type(), Slug: string(t.Payload())}
	_, err := d.DB.NewInsert().Model(&p).Exec(ctx)
	return err
}

// Note is the near miss: Ref is filled from the message but not tagged
// unique (and the primary key is drawn by the database): each delivery
// adds a row.
func (d *Deps) Note(ctx context.Context, t *asynq.Task) error { // want Note:`^effects: db_write/insert bk_note$` `unguarded: handler \(\*bunkeyfix.Deps\).Note`
	n := bunmodels.Note{Ref: string(t.Payload()), Body: "b"}
	_, err := d.DB.NewInsert().Model(&n).Exec(ctx)
	return err
}

// Fresh is the other near miss: the unique key is filled from a new
// UUID, new on every delivery.
func (d *Deps) Fresh(ctx context.Context, t *asynq.Task) error { // want Fresh:`^effects: db_write/insert bk_embedding$` `unguarded: handler \(\*bunkeyfix.Deps\).Fresh`
	row := bunmodels.Embedding{MessageUUID: uuid.NewString(), SessionID: string(t.Payload())}
	_, err := d.DB.NewInsert().Model(&row).Exec(ctx)
	return err
}

// TextData is what the caller hands the store.
type TextData struct {
	TextUUID string
	Vector   []float32
}

// putEmbedding stores one embedding keyed by the caller's TextUUID.
func (d *Deps) putEmbedding(ctx context.Context, td *TextData) error { // want putEmbedding:`^effects: db_write/insert bk_embedding$`
	row := bunmodels.Embedding{MessageUUID: td.TextUUID, Vector: td.Vector}
	if _, err := d.DB.NewInsert().Model(&row).Exec(ctx); err != nil {
		return fmt.Errorf("put: %w", err)
	}
	return nil
}

// EmbedVia passes the key in a struct the store reads.
func (d *Deps) EmbedVia(ctx context.Context, t *asynq.Task) error { // want EmbedVia:`^effects: db_write/insert bk_embedding$` `duplicate-as-error: .*bk_embedding .*violates the unique \(message_uuid\)`
	rec := &TextData{TextUUID: string(t.Payload())}
	return d.putEmbedding(ctx, rec)
}

// Lookup finds the text to embed (its implementation is not known here).
type Lookup interface {
	Text(ctx context.Context, id string) (TextData, error)
}

// EmbedLookup embeds a text read through an interface: the key's value is
// not known here, but only a value new on every delivery would make the
// row new: the insert still fails on a redelivery.
func (d *Deps) EmbedLookup(ctx context.Context, t *asynq.Task) error { // want EmbedLookup:`^effects: db_write/insert bk_embedding; dynamic_call/call \(bunkeyfix.Lookup\).Text$` EmbedLookup:`^handler asynq \(\*bunkeyfix.Deps\).EmbedLookup$` `duplicate-as-error: .*bk_embedding .*violates the unique \(message_uuid\)`
	td, err := d.Lookup.Text(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	return d.putEmbedding(ctx, &TextData{TextUUID: td.TextUUID})
}

// putAll stores a batch of embeddings, one row per text, built in a loop
// over the caller's slice.
func (d *Deps) putAll(ctx context.Context, tds []TextData) error { // want putAll:`^effects: db_write/insert bk_embedding$`
	rows := make([]bunmodels.Embedding, len(tds))
	for i, td := range tds {
		rows[i] = bunmodels.Embedding{MessageUUID: td.TextUUID, SessionID: "s"}
	}
	if _, err := d.DB.NewInsert().Model(&rows).Exec(ctx); err != nil {
		return fmt.Errorf("put all: %w", err)
	}
	return nil
}

// EmbedAllVia hands the store a slice of texts keyed by the payload's ids.
func (d *Deps) EmbedAllVia(ctx context.Context, t *asynq.Task) error { // want EmbedAllVia:`^effects: db_write/insert bk_embedding$` `duplicate-as-error: .*bk_embedding .*violates the unique \(message_uuid\)`
	ids := strings.Split(string(t.Payload()), ",")
	tds := make([]TextData, len(ids))
	for i, id := range ids {
		tds[i] = TextData{TextUUID: id}
	}
	return d.putAll(ctx, tds)
}

var (
	ErrNotFound = errors.New("not found")
	errTaken    = errors.New("taken")
)

// EmbedNF lets a "not found" (the rows deleted meanwhile) pass and returns
// every other failure: a unique violation is not "not found", so the
// duplicate's failure still fails the job.
func (d *Deps) EmbedNF(ctx context.Context, t *asynq.Task) error { // want EmbedNF:`^effects: db_write/insert bk_embedding$` `duplicate-as-error: .*bk_embedding .*violates the unique \(message_uuid\)`
	err := d.putEmbedding(ctx, &TextData{TextUUID: string(t.Payload())})
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil
		}
		return fmt.Errorf("embed: %w", err)
	}
	return nil
}

// EmbedTested is the near miss: another sentinel tested may be the
// duplicate's, taken as success, so the failure is not known to reach the
// queue: no duplicate-as-error (the insert is still read as unguarded, as
// before this fixture: a sentinel's disposition is not followed here).
func (d *Deps) EmbedTested(ctx context.Context, t *asynq.Task) error { // want EmbedTested:`^effects: db_write/insert bk_embedding$` `unguarded: handler \(\*bunkeyfix.Deps\).EmbedTested`
	err := d.putEmbedding(ctx, &TextData{TextUUID: string(t.Payload())})
	if errors.Is(err, errTaken) {
		return nil
	}
	return err
}

// StoreError is the application's own error type.
type StoreError struct {
	Message string
	Err     error
}

func (e *StoreError) Error() string { return e.Message + ": " + e.Err.Error() } // want Error:"no effects"

func NewStoreError(msg string, err error) *StoreError { // want NewStoreError:"no effects" NewStoreError:`^stores map\[1:\[field bunkeyfix.StoreError.Err\]\]$`
	return &StoreError{Message: msg, Err: err}
}

func (d *Deps) putWrapped(ctx context.Context, td *TextData) error { // want putWrapped:`^effects: db_write/insert bk_embedding$` putWrapped:`^returns \*bunkeyfix.StoreError$`
	if err := d.putEmbedding(ctx, td); err != nil {
		return NewStoreError("put", err)
	}
	return nil
}

// EmbedWrapped: the failure comes back in the application's error type,
// still returned: duplicate-as-error.
func (d *Deps) EmbedWrapped(ctx context.Context, t *asynq.Task) error { // want EmbedWrapped:`^effects: db_write/insert bk_embedding$` `duplicate-as-error: .*bk_embedding .*violates the unique \(message_uuid\)`
	return d.putWrapped(ctx, &TextData{TextUUID: string(t.Payload())})
}
