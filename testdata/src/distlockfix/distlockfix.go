// Package distlockfix covers a status check held by a distributed lock
// (a Redis mutex) and gorm's reads of the rows themselves: a lock taken
// before a check of the row's status, with the status written before the
// lock is released, keeps a concurrent delivery out and sends a later one
// away at the check (guarded); a lock alone, or a check alone, does not.
package distlockfix

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-redsync/redsync/v4"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"
)

type Link struct {
	ID     int64
	Status string
}

type Account struct {
	ID        int64
	Active    bool
	ExpiresAt *time.Time
	Refresh   string
}

type Deps struct {
	DB *gorm.DB
	RS *redsync.Redsync
}

// lock takes the mutex once and hands back its release.
func (d *Deps) lock(ctx context.Context, key string) (func(), error) { // want lock:`^effects: kv_write/set redsync$`
	m := d.RS.NewMutex(key)
	if err := m.LockContext(ctx); err != nil {
		return nil, err
	}
	return func() { _, _ = m.UnlockContext(ctx) }, nil
}

// getLink reads the row itself with gorm's First: a read of links.
func (d *Deps) getLink(ctx context.Context, id int64) (*Link, error) { // want getLink:`^effects: db_read/select links$`
	var l Link
	if err := d.DB.WithContext(ctx).Where("id = ?", id).First(&l).Error; err != nil { // want `check-then-act: this check of links and the write into it at distlockfix/distlockfix.go:\d+ sit on either side of the http post \(docs.example.com/blocks\)`
		return nil, err
	}
	return &l, nil
}

func (d *Deps) setStatus(ctx context.Context, id int64, status string) error { // want setStatus:`^effects: db_write/update-set links$`
	q := d.DB.WithContext(ctx).Model(&Link{})
	if id != 0 {
		q = q.Where("id = ?", id) // a phi of the chain: Model still names links
	}
	return q.Updates(map[string]interface{}{"status": status}).Error
}

func publish(id int64) error { // want publish:`^effects: http/post docs.example.com/blocks$`
	resp, err := http.Post("https://docs.example.com/blocks", "application/json", strings.NewReader(strconv.FormatInt(id, 10)))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// SyncLocked takes the lock, leaves when the link is ready, publishes and
// marks it ready before the deferred release: guarded.
func (d *Deps) SyncLocked(ctx context.Context, t *asynq.Task) error { // want SyncLocked:`^effects: http/post docs.example.com/blocks guarded=processed_jobs; dynamic_call/call value of type func\(\); kv_write/set redsync; db_read/select links; db_write/update-set links guarded=processed_jobs$`
	id, _ := strconv.ParseInt(string(t.Payload()), 10, 64)
	unlock, err := d.lock(ctx, "sync:"+string(t.Payload()))
	if err != nil {
		return err
	}
	defer unlock()
	link, err := d.getLink(ctx, id)
	if err != nil {
		return err
	}
	if link.Status == "ready" {
		return nil
	}
	if err := publish(id); err != nil {
		return err
	}
	return d.setStatus(ctx, id, "ready")
}

// SyncLockOnly holds the same lock but checks nothing under it: a
// delivery after the first finished takes the lock again and publishes
// again (unguarded).
func (d *Deps) SyncLockOnly(ctx context.Context, t *asynq.Task) error { // want SyncLockOnly:`^effects: http/post docs.example.com/blocks; dynamic_call/call value of type func\(\); kv_write/set redsync; db_write/update-set links$` `unguarded: handler \(\*distlockfix.Deps\).SyncLockOnly`
	id, _ := strconv.ParseInt(string(t.Payload()), 10, 64)
	unlock, err := d.lock(ctx, "sync:"+string(t.Payload()))
	if err != nil {
		return err
	}
	defer unlock()
	if err := publish(id); err != nil {
		return err
	}
	return d.setStatus(ctx, id, "ready")
}

// SyncUnlocked checks and records with no lock: two deliveries at once
// both find the link pending (check-then-act).
func (d *Deps) SyncUnlocked(ctx context.Context, t *asynq.Task) error { // want SyncUnlocked:`^effects: http/post docs.example.com/blocks issue=check-then-act; db_read/select links; db_write/update-set links$`
	id, _ := strconv.ParseInt(string(t.Payload()), 10, 64)
	link, err := d.getLink(ctx, id)
	if err != nil {
		return err
	}
	if link.Status == "ready" {
		return nil
	}
	if err := publish(id); err != nil {
		return err
	}
	return d.setStatus(ctx, id, "ready")
}

// SyncIgnored takes the lock but goes on when it is not taken: it holds
// nothing (check-then-act, as with no lock).
func (d *Deps) SyncIgnored(ctx context.Context, t *asynq.Task) error { // want SyncIgnored:`^effects: http/post docs.example.com/blocks issue=check-then-act; db_read/select links; db_write/update-set links; kv_write/set redsync; kv_write/delete redsync$`
	id, _ := strconv.ParseInt(string(t.Payload()), 10, 64)
	m := d.RS.NewMutex("sync:" + string(t.Payload()))
	_ = m.LockContext(ctx)
	defer m.UnlockContext(ctx)
	link, err := d.getLink(ctx, id)
	if err != nil {
		return err
	}
	if link.Status == "ready" {
		return nil
	}
	if err := publish(id); err != nil {
		return err
	}
	return d.setStatus(ctx, id, "ready")
}

// accountRow is what listAccounts scans into: not the model, whose
// Model(&Account{}) on the chain names the table.
type accountRow struct {
	ID        int64
	ExpiresAt *time.Time
	Refresh   string
}

// listAccounts reads the rows with gorm's Scan, the chain's model named
// before a conditional Where: a read of accounts.
func (d *Deps) listAccounts(ctx context.Context, active bool) ([]accountRow, error) { // want listAccounts:`^effects: db_read/select accounts$`
	var out []accountRow
	q := d.DB.WithContext(ctx).Model(&Account{})
	if active {
		q = q.Where("active = ?", true)
	}
	if err := q.Scan(&out).Error; err != nil { // want `check-then-act: this check of accounts and the write into it at distlockfix/distlockfix.go:\d+ sit on either side of the http post \(auth.example.com/refresh\)`
		return nil, err
	}
	return out, nil
}

// countAccounts scans a count: the read is Raw's SQL, Scan adds none.
func (d *Deps) countAccounts(ctx context.Context) (int64, error) { // want countAccounts:`^effects: db_read/select accounts$`
	var n int64
	err := d.DB.WithContext(ctx).Raw("select count(*) from accounts").Scan(&n).Error
	return n, err
}

// RefreshAll skips an account whose token is still fresh, refreshes the
// others and writes the new expiry afterwards: check-then-act, the
// check being gorm's Scan.
func (d *Deps) RefreshAll(ctx context.Context, t *asynq.Task) error { // want RefreshAll:`^effects: http/post auth.example.com/refresh issue=check-then-act; db_write/insert accounts issue=check-then-act; db_read/select accounts$`
	accounts, err := d.listAccounts(ctx, true)
	if err != nil {
		return err
	}
	for _, a := range accounts {
		if a.ExpiresAt != nil && time.Until(*a.ExpiresAt) > 10*time.Minute {
			continue
		}
		resp, err := http.Post("https://auth.example.com/refresh", "application/json", strings.NewReader(a.Refresh))
		if err != nil {
			continue
		}
		resp.Body.Close()
		next := time.Now().Add(2 * time.Hour)
		if err := d.DB.WithContext(ctx).Save(&Account{ID: a.ID, Active: true, ExpiresAt: &next, Refresh: a.Refresh}).Error; err != nil {
			return err
		}
	}
	return nil
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:`^effects: db_read/select accounts$`
	mux.HandleFunc("sync:locked", d.SyncLocked)
	mux.HandleFunc("sync:lock-only", d.SyncLockOnly)
	mux.HandleFunc("sync:unlocked", d.SyncUnlocked)
	mux.HandleFunc("sync:ignored", d.SyncIgnored)
	mux.HandleFunc("refresh:all", d.RefreshAll)
	_, _ = d.countAccounts(context.Background())
}
