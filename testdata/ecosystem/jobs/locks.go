package jobs

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"strings"

	"github.com/hibiken/asynq"

	"example.com/ecosystem/internal/lockstore"
)

// LockStore is the lock handlers' store, implemented by
// internal/lockstore.PgStore (wired in cmd/worker): its compare-and-sets
// report a lost claim as an error made there.
type LockStore interface {
	Lock(ctx context.Context, id, kind string) error
	Unlock(ctx context.Context, id, kind string, value int) error
	Load(ctx context.Context, id string) (*lockstore.Doc, error)
	Save(ctx context.Context, d *lockstore.Doc) error
	AddRun(ctx context.Context, key string) error
	AddRunChecked(ctx context.Context, key string) error
}

// LockDeps are the lock handlers' clients.
type LockDeps struct {
	Store LockStore
	Queue *asynq.Client
}

func lockMail(id string) error {
	_, err := http.Post("https://mail.example.com/send", "text/plain", strings.NewReader(id))
	return err
}

// LockMail sends the mail only when this delivery won the lock (guarded);
// the lost lock returned fails the job (duplicate-as-error, at the
// store's return); the unlock's error the deferred closure only logs.
func (d *LockDeps) LockMail(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	if err := d.Store.Lock(ctx, id, "done"); err != nil {
		return fmt.Errorf("can't lock: %w", err)
	}
	value := 0
	defer func() {
		if err := d.Store.Unlock(ctx, id, "done", value); err != nil {
			log.Println(err)
		}
	}()
	if err := lockMail(id); err != nil {
		return err
	}
	value = 2
	return nil
}

// LockMailFirst mails before the lock: unguarded.
func (d *LockDeps) LockMailFirst(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	if err := lockMail(id); err != nil {
		return err
	}
	return d.Store.Lock(ctx, id, "first")
}

// LockStatus saves the document on the version it just read: a lost
// race, not a duplicate; the enqueue after it repeats (unguarded).
func (d *LockDeps) LockStatus(ctx context.Context, t *asynq.Task) error {
	doc, err := d.Store.Load(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	doc.State = "seen"
	if err := d.Store.Save(ctx, doc); err != nil {
		return fmt.Errorf("can't save: %w", err)
	}
	_, err = d.Queue.Enqueue(asynq.NewTask("lock:seen", t.Payload()))
	return err
}

// LockStatusJobVersion saves on the version the job carries: the claim as
// written (duplicate-as-error; the enqueue guarded).
func (d *LockDeps) LockStatusJobVersion(ctx context.Context, t *asynq.Task) error {
	doc := &lockstore.Doc{ID: string(t.Payload()), State: "seen", Version: len(t.Payload())}
	if err := d.Store.Save(ctx, doc); err != nil {
		return fmt.Errorf("can't save: %w", err)
	}
	_, err := d.Queue.Enqueue(asynq.NewTask("lock:seen", t.Payload()))
	return err
}

// LockRun inserts through Query with the rows only closed: the failure is
// never returned, and keyed by the payload a redelivery writes nothing
// (guarded by the command; go vet cannot resolve the store's key).
func (d *LockDeps) LockRun(ctx context.Context, t *asynq.Task) error {
	return d.Store.AddRun(ctx, string(t.Payload()))
}

// LockRunChecked returns the rows' Err: duplicate-as-error.
func (d *LockDeps) LockRunChecked(ctx context.Context, t *asynq.Task) error {
	return d.Store.AddRunChecked(ctx, string(t.Payload()))
}

// RegisterLocks registers the lock handlers.
func RegisterLocks(mux *asynq.ServeMux, d *LockDeps) {
	mux.HandleFunc("lock:mail", d.LockMail)
	mux.HandleFunc("lock:mail-first", d.LockMailFirst)
	mux.HandleFunc("lock:status", d.LockStatus)
	mux.HandleFunc("lock:status-job-version", d.LockStatusJobVersion)
	mux.HandleFunc("lock:run", d.LockRun)
	mux.HandleFunc("lock:run-checked", d.LockRunChecked)
}
