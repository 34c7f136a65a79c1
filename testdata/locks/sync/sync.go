// Package sync publishes a link's blocks once, under a redsync mutex
// (github.com/go-redsync/redsync/v4 over its go-redis v9 pool): the lock
// taken before the link's status is checked, and the status written
// before the lock is released, keeps a concurrent delivery out and sends
// a later one away at the check.
package sync

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-redsync/redsync/v4"
	"github.com/go-redsync/redsync/v4/redis/goredis/v9"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// Syncer holds the database and the lock service.
type Syncer struct {
	DB *sql.DB
	RS *redsync.Redsync
}

// New builds the lock service over one Redis client.
func New(db *sql.DB, rdb *redis.Client) *Syncer {
	return &Syncer{DB: db, RS: redsync.New(goredis.NewPool(rdb))}
}

func (s *Syncer) status(ctx context.Context, id int64) (string, error) {
	var st string
	err := s.DB.QueryRowContext(ctx, "SELECT status FROM links WHERE id = $1", id).Scan(&st)
	return st, err
}

func (s *Syncer) setStatus(ctx context.Context, id int64, st string) error {
	_, err := s.DB.ExecContext(ctx, "UPDATE links SET status = $1 WHERE id = $2", st, id)
	return err
}

func publish(ctx context.Context, id int64) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://docs.example.com/blocks", strings.NewReader(strconv.FormatInt(id, 10)))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// SyncLocked takes the link's mutex, leaves when the link is ready,
// publishes and marks it ready before the deferred release (guarded).
func (s *Syncer) SyncLocked(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseInt(string(t.Payload()), 10, 64)
	m := s.RS.NewMutex("sync:" + string(t.Payload()))
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	st, err := s.status(ctx, id)
	if err != nil {
		return err
	}
	if st == "ready" {
		return nil
	}
	if err := publish(ctx, id); err != nil {
		return err
	}
	return s.setStatus(ctx, id, "ready")
}

// SyncCheckFirst is the near miss: the same lock, taken only after the
// status was read, so two deliveries that both read "pending" publish
// one after the other (check-then-act).
func (s *Syncer) SyncCheckFirst(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseInt(string(t.Payload()), 10, 64)
	st, err := s.status(ctx, id)
	if err != nil {
		return err
	}
	if st == "ready" {
		return nil
	}
	m := s.RS.NewMutex("sync:" + string(t.Payload()))
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	if err := publish(ctx, id); err != nil {
		return err
	}
	return s.setStatus(ctx, id, "ready")
}

// Register wires the handlers.
func Register(mux *asynq.ServeMux, s *Syncer) {
	mux.HandleFunc("link:sync", s.SyncLocked)
	mux.HandleFunc("link:sync-check-first", s.SyncCheckFirst)
}
