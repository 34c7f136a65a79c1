package ecomongo

import (
	"context"
	"fmt"

	"github.com/hibiken/asynq"
	"go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/mongo"
)

// The data layer of an application wraps the driver: the update document
// is a parameter of the wrapper (its callers' operators decide), and the
// wrappers return the driver's failure wrapped, unexamined.

func updateOne(ctx context.Context, coll *mongo.Collection, filter, update any) (*mongo.UpdateResult, error) { // want updateOne:`^effects: db_write/unknown @p1$`
	res, err := coll.UpdateOne(ctx, filter, update)
	if err != nil {
		return nil, fmt.Errorf("mongo update one: %w", err)
	}
	return res, nil
}

func insertMany[T any](ctx context.Context, coll *mongo.Collection, docs []T) error { // want insertMany:`^effects: db_write/insert @p1$`
	vals := make([]any, len(docs))
	for i := range docs {
		vals[i] = docs[i]
	}
	if _, err := coll.InsertMany(ctx, vals); err != nil {
		return fmt.Errorf("mongo insert many: %w", err)
	}
	return nil
}

// Block is a document holding the messages of a range of sequence numbers.
type Block struct {
	DocID string `bson:"doc_id"`
	Msgs  []any  `bson:"msgs"`
}

type BlockStore struct{ Coll *mongo.Collection }

// SetSlot overwrites one slot of a block: $set at a path built at run time.
func (s *BlockStore) SetSlot(ctx context.Context, docID string, index int, v any) (*mongo.UpdateResult, error) { // want SetSlot:`^effects: db_write/set$`
	field := fmt.Sprintf("msgs.%d.msg", index)
	return updateOne(ctx, s.Coll, bson.M{"doc_id": docID}, bson.M{"$set": bson.M{field: v}})
}

// CountSlot increments a counter of a slot: $inc at a path built at run time.
func (s *BlockStore) CountSlot(ctx context.Context, docID string, index int) error { // want CountSlot:`^effects: db_write/increment$`
	field := fmt.Sprintf("msgs.%d.reads", index)
	_, err := updateOne(ctx, s.Coll, bson.M{"doc_id": docID}, bson.M{"$inc": bson.M{field: 1}})
	return err
}

// Create inserts a block; doc_id has a unique index.
func (s *BlockStore) Create(ctx context.Context, b *Block) error { // want Create:`^effects: db_write/insert$`
	return insertMany(ctx, s.Coll, []*Block{b})
}

type BlockDeps struct{ Store *BlockStore }

// WriteSlot overwrites the slot the job's sequence number decides: a
// redelivery writes the same content to the same slot.
func (d *BlockDeps) WriteSlot(ctx context.Context, t *asynq.Task) error { // want WriteSlot:`^effects: db_write/set$`
	_, err := d.Store.SetSlot(ctx, t.Type(), len(t.Payload()), t.Payload())
	return err
}

// CountRead is the near miss: $inc through the same wrapper accumulates.
func (d *BlockDeps) CountRead(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: increment of a table \(medium\) at` // want CountRead:`^effects: db_write/increment$` `unguarded: handler \(\*ecomongo.BlockDeps\).CountRead .*increment of a table \(medium\) at ecomongo/wrap.go:17`
	return d.Store.CountSlot(ctx, t.Type(), len(t.Payload()))
}

// InsertOrSet tries the update, inserts the block when no document
// matched, and on a duplicate-key error (a concurrent or earlier insert of
// the block) goes back to the update: insert-if-absent, then set.
func (d *BlockDeps) InsertOrSet(ctx context.Context, t *asynq.Task) error { // want InsertOrSet:`^effects: db_write/set; db_write/insert guarded=processed_jobs$`
	docID, index := t.Type(), len(t.Payload())
	for i := 0; i < 2; i++ {
		res, err := d.Store.SetSlot(ctx, docID, index, t.Payload())
		if err != nil {
			return err
		}
		if res.MatchedCount > 0 {
			return nil
		}
		if err := d.Store.Create(ctx, &Block{DocID: docID, Msgs: []any{t.Payload()}}); err != nil {
			if mongo.IsDuplicateKeyError(err) {
				continue // inserted before: update it
			}
			return err
		}
		return nil
	}
	return nil
}

// InsertOnly is the near miss: the same insert with no duplicate-key test.
func (d *BlockDeps) InsertOnly(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: insert into a table \(medium\) at` // want InsertOnly:`^effects: db_write/insert$` `unguarded: handler \(\*ecomongo.BlockDeps\).InsertOnly .*insert into a table \(medium\)`
	return d.Store.Create(ctx, &Block{DocID: t.Type()})
}

// InsertDupFails tests for the duplicate but returns it: the redelivery
// fails, the insert is not taken as done.
func (d *BlockDeps) InsertDupFails(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: insert into a table \(medium\) at` // want InsertDupFails:`^effects: db_write/insert$` `unguarded: handler \(\*ecomongo.BlockDeps\).InsertDupFails .*insert into a table \(medium\)`
	if err := d.Store.Create(ctx, &Block{DocID: t.Type()}); err != nil {
		if mongo.IsDuplicateKeyError(err) {
			return fmt.Errorf("block %s exists: %w", t.Type(), err)
		}
		return err
	}
	return nil
}

// BlockDB is the data layer behind an interface.
type BlockDB interface {
	SetSlot(ctx context.Context, docID string, index int, v any) (*mongo.UpdateResult, error)
	Create(ctx context.Context, b *Block) error
}

type BlockWriter struct{ DB BlockDB }

// NewBlockWriter puts the store behind the interface: the whole program
// resolves the writer's calls to it.
func NewBlockWriter(c *mongo.Collection) *BlockWriter { // want NewBlockWriter:"no effects"
	return &BlockWriter{DB: &BlockStore{Coll: c}}
}

// insertBlocks updates the slot of each item, and when no document
// matched inserts the block, going back to the update on a duplicate-key
// error.
func (w *BlockWriter) insertBlocks(ctx context.Context, docID string, items []any) error { // want insertBlocks:`^effects: dynamic_call/call \(ecomongo.BlockDB\).SetSlot reads=db_write/set; dynamic_call/call \(ecomongo.BlockDB\).Create reads=db_write/insert$`
	tryUpdate := true
	for i := 0; i < len(items); i++ {
		if tryUpdate {
			res, err := w.DB.SetSlot(ctx, docID, i, items[i])
			if err != nil {
				return err
			}
			if res.MatchedCount > 0 {
				continue
			}
		}
		if err := w.DB.Create(ctx, &Block{DocID: docID, Msgs: items[i:]}); err != nil {
			if mongo.IsDuplicateKeyError(err) {
				i--
				tryUpdate = true
				continue
			}
			return err
		}
		tryUpdate = false
		i = len(items)
	}
	return nil
}

// Write: over the whole program, the insert behind the interface is
// guarded by the duplicate-key fallback (wholeprogram's
// TestDuplicateFallbackThroughInterfaces).
func (w *BlockWriter) Write(ctx context.Context, t *asynq.Task) error { // want Write:`^effects: dynamic_call/call \(ecomongo.BlockDB\).SetSlot reads=db_write/set; dynamic_call/call \(ecomongo.BlockDB\).Create reads=db_write/insert$`
	return w.insertBlocks(ctx, t.Type(), []any{t.Payload()})
}

// InsertOrSetLoop is InsertOrSet in an unbounded loop: the duplicate's
// continue goes straight back to the loop's head.
func (d *BlockDeps) InsertOrSetLoop(ctx context.Context, t *asynq.Task) error { // want InsertOrSetLoop:`^effects: db_write/set; db_write/insert guarded=processed_jobs$`
	docID, index := t.Type(), len(t.Payload())
	for {
		res, err := d.Store.SetSlot(ctx, docID, index, t.Payload())
		if err != nil {
			return err
		}
		if res.MatchedCount > 0 {
			return nil
		}
		if err := d.Store.Create(ctx, &Block{DocID: docID, Msgs: []any{t.Payload()}}); err != nil {
			if mongo.IsDuplicateKeyError(err) {
				continue
			}
			return err
		}
		return nil
	}
}
