// Package traits indexes an item's traits from kafka-go processors
// (queue.Processor) through a repository behind an interface (Items), whose
// squirrel statements a retrier behind another interface executes: only
// the whole program sees which builder reaches which Exec (stop 63's
// SQLArg through interface calls, and squirrel rows added in a loop).
package traits

import (
	"context"
	"database/sql"
	"strings"

	"example.com/drivers/queue"
	"example.com/drivers/traits/storage"
	"example.com/drivers/traits/store"
)

// Items is the repository as the processors hold it.
type Items interface {
	Upsert(item string, traits []string) error
	Append(item string, traits []string) error
	Touch(item string) error
}

// Upserter upserts the traits (safe) and marks the item indexed (safe).
type Upserter struct{ Items Items }

// Process upserts, then touches.
func (u *Upserter) Process(ctx context.Context, e queue.Event) error {
	if err := u.Items.Upsert(e.Actor, strings.Fields(e.Actor)); err != nil {
		return err
	}
	return u.Items.Touch(e.Actor)
}

// Noter (near miss) appends a note row per trait: again on every delivery.
type Noter struct{ Items Items }

// Process appends.
func (n *Noter) Process(ctx context.Context, e queue.Event) error {
	return n.Items.Append(e.Actor, strings.Fields(e.Actor))
}

// Start runs one pull loop per processor until ctx ends.
func Start(ctx context.Context, db *sql.DB, brokers []string) {
	items := store.NewRepo(db, &storage.Retrier{}, &storage.Text{DB: db})
	go queue.New(brokers, "traits.upsert", &Upserter{Items: items}).Run(ctx)
	go queue.New(brokers, "traits.note", &Noter{Items: items}).Run(ctx)
}
