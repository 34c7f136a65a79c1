// Package lockerrfix: a store's compare-and-set helpers that report a lost
// claim as an error made there (fmt.Errorf, no sentinel), and pgx Query
// inserts whose failure only the rows' Err reports.
//
//   - a lock table (insert … on conflict do nothing, then value 0 → 1):
//     the mail sent only when Lock returned nil is guarded, and the lost
//     lock returned is duplicate-as-error (at the helper's return); the
//     deferred unlock whose error the closure only logs fails nothing.
//     Near misses: a mail before the lock (unguarded), an unlock whose
//     error the handler returns (duplicate-as-error).
//   - an optimistic lock on the version the handler just read: its "no
//     row changed" is a race lost to an overlapping delivery, not a
//     duplicate. Near miss: the version the job carries (the claim as
//     written: duplicate-as-error).
//   - an insert through Pool.Query whose rows are only closed: a
//     duplicate's unique violation is never read, so it is no
//     duplicate-as-error (the insert stays unguarded, as a swallowed
//     failure does). Near miss: rows.Err() returned.
package lockerrfix

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"strings"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ Pool *pgxpool.Pool }

type Doc struct {
	ID      string
	State   string
	Version int
}

func (s *Store) Lock(ctx context.Context, id, kind string) error { // want Lock:`^effects: db_write/claim lef_mail_lock; db_write/claim lef_mail_lock; returns claim result 0 \(norows\)$`
	if _, err := s.Pool.Exec(ctx, "insert into lef_mail_lock (id, kind, value) values ($1, $2, 0) on conflict (id, kind) do nothing", id, kind); err != nil {
		return fmt.Errorf("can't insert lock: %w", err)
	}
	res, err := s.Pool.Exec(ctx, "update lef_mail_lock set value = 1 where id = $1 and kind = $2 and value = 0", id, kind)
	if err != nil {
		return fmt.Errorf("can't lock: %w", err)
	}
	if res.RowsAffected() != 1 {
		return fmt.Errorf("can't lock %s, no records found", id) // wholewant `^duplicate-as-error: the already-processed branch returns a non-nil error` // want `duplicate-as-error: the already-processed branch returns a non-nil error`
	}
	return nil
}

func (s *Store) Unlock(ctx context.Context, id, kind string, value int) error { // want Unlock:`^effects: db_write/claim lef_mail_lock; returns claim result 0 \(norows\)$`
	res, err := s.Pool.Exec(ctx, "update lef_mail_lock set value = $3 where id = $1 and kind = $2 and value = 1", id, kind, value)
	if err != nil {
		return fmt.Errorf("can't unlock: %w", err)
	}
	if res.RowsAffected() != 1 {
		return fmt.Errorf("can't unlock %s, no records found", id) // wholewant `^duplicate-as-error: the already-processed branch returns a non-nil error` // want `duplicate-as-error: the already-processed branch returns a non-nil error`
	}
	return nil
}

func (s *Store) Load(ctx context.Context, id string) (*Doc, error) { // want Load:`^effects: db_read/select lef_docs$`
	var d Doc
	if err := s.Pool.QueryRow(ctx, "select id, state, version from lef_docs where id = $1", id).Scan(&d.ID, &d.State, &d.Version); err != nil {
		return nil, err
	}
	return &d, nil
}

func (s *Store) Save(ctx context.Context, d *Doc) error { // want Save:`^effects: db_write/claim lef_docs; returns claim result 0 \(norows\)$`
	res, err := s.Pool.Exec(ctx, "update lef_docs set state = $3, version = $2 + 1 where id = $1 and version = $2", d.ID, d.Version, d.State)
	if err != nil {
		return fmt.Errorf("can't save: %w", err)
	}
	if res.RowsAffected() != 1 {
		return fmt.Errorf("can't save %s, no records found", d.ID) // wholewant `^duplicate-as-error: the already-processed branch returns a non-nil error` // want `duplicate-as-error: the already-processed branch returns a non-nil error`
	}
	return nil
}

func (s *Store) AddRun(ctx context.Context, key string) error { // want AddRun:`^effects: db_write/insert lef_runs$`
	rows, err := s.Pool.Query(ctx, "insert into lef_runs (id, run_key) values (gen_random_uuid(), $1)", key)
	if err != nil {
		return fmt.Errorf("can't insert run: %w", err)
	}
	defer rows.Close()
	return nil
}

func (s *Store) AddRunChecked(ctx context.Context, key string) error { // want AddRunChecked:`^effects: db_write/insert lef_runs$`
	rows, err := s.Pool.Query(ctx, "insert into lef_runs (id, run_key) values (gen_random_uuid(), $1)", key)
	if err != nil {
		return fmt.Errorf("can't insert run: %w", err)
	}
	rows.Close()
	return rows.Err()
}

type Deps struct {
	Store  *Store
	Client *asynq.Client
}

func mail(id string) error { // want mail:`^effects: http/post mail.example.com/send$`
	_, err := http.Post("https://mail.example.com/send", "text/plain", strings.NewReader(id))
	return err
}

func (d *Deps) Mail(ctx context.Context, t *asynq.Task) error { // want Mail:`^effects: http/post mail.example.com/send guarded=processed_jobs; db_write/claim lef_mail_lock; db_write/claim lef_mail_lock; db_write/claim lef_mail_lock; returns claim result 0 \(norows\)$`
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

func (d *Deps) MailFirst(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: http post \(mail.example.com/send\) \(high\) at` // want MailFirst:`^effects: http/post mail.example.com/send; db_write/claim lef_mail_lock; db_write/claim lef_mail_lock; returns claim result 0 \(norows\)$` `unguarded: handler \(\*lockerrfix.Deps\).MailFirst \(asynq task "mail-first"\) repeats its side effects when a job is delivered twice: http post \(mail.example.com/send\) \(high\)`
	id := string(t.Payload())
	if err := mail(id); err != nil {
		return err
	}
	return d.Store.Lock(ctx, id, "first")
}

func (d *Deps) MailUnlockReturned(ctx context.Context, t *asynq.Task) error { // want MailUnlockReturned:`^effects: http/post mail.example.com/send guarded=processed_jobs; db_write/claim lef_mail_lock; db_write/claim lef_mail_lock; db_write/claim lef_mail_lock; returns claim result 0 \(norows\)$`
	id := string(t.Payload())
	if err := d.Store.Lock(ctx, id, "returned"); err != nil {
		return err
	}
	if err := mail(id); err != nil {
		return err
	}
	return d.Store.Unlock(ctx, id, "returned", 2)
}

func (d *Deps) Status(ctx context.Context, t *asynq.Task) error { // wholewant `^unguarded: .*twice: publish enqueue \(asynq\) \(medium\) at` // want Status:`^effects: publish/enqueue asynq; db_read/select lef_docs; db_write/claim lef_docs$` `unguarded: handler \(\*lockerrfix.Deps\).Status \(asynq task "status"\) repeats its side effects when a job is delivered twice: publish enqueue \(asynq\) \(medium\)`
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

func (d *Deps) StatusJobVersion(ctx context.Context, t *asynq.Task) error { // want StatusJobVersion:`^effects: publish/enqueue asynq guarded=processed_jobs; db_write/claim lef_docs$`
	doc := &Doc{ID: string(t.Payload()), State: "seen", Version: len(t.Payload())}
	if err := d.Store.Save(ctx, doc); err != nil {
		return fmt.Errorf("can't save: %w", err)
	}
	_, err := d.Client.Enqueue(asynq.NewTask("seen", t.Payload()))
	return err
}

// Run: the run's key is the job's payload, unique in lef_runs; AddRun
// never sees the insert's failure (only rows.Err carries it), so a
// redelivery's insert fails on the key unseen and writes nothing: the
// duplicate is taken as success (guarded at the handler, whose task is
// the key), not duplicate-as-error.
func (d *Deps) Run(ctx context.Context, t *asynq.Task) error { // want Run:`^effects: db_write/insert lef_runs$`
	return d.Store.AddRun(ctx, string(t.Payload()))
}

func (d *Deps) RunChecked(ctx context.Context, t *asynq.Task) error { // wholewant `^duplicate-as-error: a second delivery's insert into lef_runs \(medium\)` // want RunChecked:`^effects: db_write/insert lef_runs$` `duplicate-as-error: a second delivery.s insert into lef_runs \(medium\) at lockerrfix/lockerrfix.go:94 fails on the duplicate`
	return d.Store.AddRunChecked(ctx, string(t.Payload()))
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:`^no effects$`
	mux.HandleFunc("mail", d.Mail)
	mux.HandleFunc("mail-first", d.MailFirst)
	mux.HandleFunc("mail-unlock-returned", d.MailUnlockReturned)
	mux.HandleFunc("status", d.Status)
	mux.HandleFunc("status-job-version", d.StatusJobVersion)
	mux.HandleFunc("run", d.Run)
	mux.HandleFunc("run-checked", d.RunChecked)
}
