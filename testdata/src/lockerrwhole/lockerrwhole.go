// Package lockerrwhole reaches lockerrfix's store through an interface,
// wired in New: only the whole program resolves the calls. The lock
// table's "can't lock" guards the mail after it, the deferred unlock's
// logged error fails nothing, the optimistic lock on the version the
// handler read is a lost race; near misses as in lockerrfix.
package lockerrwhole

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"strings"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"

	"lockerrfix"
)

type Store interface {
	Lock(ctx context.Context, id, kind string) error
	Unlock(ctx context.Context, id, kind string, value int) error
	Load(ctx context.Context, id string) (*lockerrfix.Doc, error)
	Save(ctx context.Context, d *lockerrfix.Doc) error
	AddRun(ctx context.Context, key string) error
}

type Deps struct {
	Store  Store
	Client *asynq.Client
}

func New(pool *pgxpool.Pool) *Deps {
	return &Deps{Store: &lockerrfix.Store{Pool: pool}}
}

func mail(id string) error {
	_, err := http.Post("https://mail.example.com/send", "text/plain", strings.NewReader(id))
	return err
}

// Mail: the mail only after the lock was won; the unlock's error logged.
func (d *Deps) Mail(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: the already-processed branch returns a non-nil error`
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
	if err := mail(id); err != nil {
		return err
	}
	value = 2
	return nil
}

// MailFirst: the mail before the lock.
func (d *Deps) MailFirst(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(mail.example.com/send\) \(high\) at`
	id := string(t.Payload())
	if err := mail(id); err != nil {
		return err
	}
	return d.Store.Lock(ctx, id, "first")
}

// MailUnlockReturned: the unlock's lost claim returned.
func (d *Deps) MailUnlockReturned(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: the already-processed branch returns a non-nil error`
	id := string(t.Payload())
	if err := d.Store.Lock(ctx, id, "returned"); err != nil {
		return err
	}
	if err := mail(id); err != nil {
		return err
	}
	return d.Store.Unlock(ctx, id, "returned", 2)
}

// Status: the optimistic lock on the version just read.
func (d *Deps) Status(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: publish enqueue \(asynq\) \(medium\) at`
	doc, err := d.Store.Load(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	doc.State = "seen"
	if err := d.Store.Save(ctx, doc); err != nil {
		return fmt.Errorf("can't save: %w", err)
	}
	_, err = d.Client.Enqueue(asynq.NewTask("seen", t.Payload()))
	return err
}

// StatusJobVersion: the version the job carries.
func (d *Deps) StatusJobVersion(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: the already-processed branch returns a non-nil error`
	doc := &lockerrfix.Doc{ID: string(t.Payload()), State: "seen", Version: len(t.Payload())}
	if err := d.Store.Save(ctx, doc); err != nil {
		return fmt.Errorf("can't save: %w", err)
	}
	_, err := d.Client.Enqueue(asynq.NewTask("seen", t.Payload()))
	return err
}

// Run: an insert through Query whose rows are only closed.
// Run: the run's key is the job's payload; the store never sees the
// insert's failure (rows.Err only), so a redelivery's insert fails on the
// key unseen and writes nothing (guarded at the handler; lockerrfix's
// Run per package).
func (d *Deps) Run(ctx context.Context, t *asynq.Task) error {
	return d.Store.AddRun(ctx, string(t.Payload()))
}

func Register(mux *asynq.ServeMux, d *Deps) {
	mux.HandleFunc("w-mail", d.Mail)
	mux.HandleFunc("w-mail-first", d.MailFirst)
	mux.HandleFunc("w-mail-unlock-returned", d.MailUnlockReturned)
	mux.HandleFunc("w-status", d.Status)
	mux.HandleFunc("w-status-job-version", d.StatusJobVersion)
	mux.HandleFunc("w-run", d.Run)
}
