package checkactfix

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"github.com/hibiken/asynq"
)

// A check that only skips the act and goes on: a row found is reused, a
// row missing makes the handler start the work (a POST) and record it,
// and both then wait for the result. Two deliveries at once both find no
// row and both start the work. A row that must exist (not found is an
// error, no path goes on) is a look-up, not a check.

type work struct{ ID, ExternalID string }

// loadWork returns nil when the job has no work row yet.
func (d *Deps) loadWork(ctx context.Context, id string) (*work, error) { // want loadWork:`^effects: db_read/select work_data$`
	var w work
	err := d.DB.QueryRowContext(ctx, "select id, external_id from work_data where id = $1", id).Scan(&w.ID, &w.ExternalID) // want `check-then-act: this check of work_data and the write into it at checkactfix/reuse.go:\d+ sit on either side of the http post`
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &w, nil
}

func startRemote(ctx context.Context, id string) (string, error) { // want startRemote:`^effects: http/post asr.example.com/upload$`
	resp, err := http.Post("https://asr.example.com/upload", "text/plain", strings.NewReader(id))
	if err != nil {
		return "", err
	}
	return resp.Header.Get("X-Id"), resp.Body.Close()
}

func waitRemote(ctx context.Context, ext string) error { // want waitRemote:`^effects: http/get asr.example.com/status$`
	resp, err := http.Get("https://asr.example.com/status/" + ext)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Transcribe reuses the work row found, or starts the work and records
// it; both wait.
func (d *Deps) Transcribe(ctx context.Context, t *asynq.Task) error { // want Transcribe:`^effects: http/post asr.example.com/upload issue=check-then-act; db_write/insert work_data issue=check-then-act; db_read/select work_data; http/get asr.example.com/status$`
	id := string(t.Payload())
	w, err := d.loadWork(ctx, id)
	if err != nil {
		return err
	}
	if w == nil {
		ext, err := startRemote(ctx, id)
		if err != nil {
			return err
		}
		w = &work{ID: id, ExternalID: ext}
		if _, err := d.DB.ExecContext(ctx, "insert into work_data (id, external_id) values ($1, $2)", id, ext); err != nil {
			return err
		}
	}
	return waitRemote(ctx, w.ExternalID)
}

// loadRun is loadWork on another table, for Restart.
func (d *Deps) loadRun(ctx context.Context, id string) (*work, error) { // want loadRun:`^effects: db_read/select runs$`
	var w work
	err := d.DB.QueryRowContext(ctx, "select id, external_id from runs where id = $1", id).Scan(&w.ID, &w.ExternalID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &w, nil
}

// Restart needs the run's row (none is an error), starts the work again
// and sets its external id: the near miss, no check-then-act; the POST is
// unguarded.
func (d *Deps) Restart(ctx context.Context, t *asynq.Task) error { // want `unguarded: handler \(\*checkactfix.Deps\).Restart \(asynq task "restart"\) repeats its side effects when a job is delivered twice: http post` Restart:`^effects: http/post asr.example.com/upload; http/get asr.example.com/status; db_read/select runs; db_write/update-set runs$`
	id := string(t.Payload())
	w, err := d.loadRun(ctx, id)
	if err != nil {
		return err
	}
	if w == nil {
		return errors.New("no run")
	}
	ext, err := startRemote(ctx, id)
	if err != nil {
		return err
	}
	if _, err := d.DB.ExecContext(ctx, "update runs set external_id = $2 where id = $1", id, ext); err != nil {
		return err
	}
	return waitRemote(ctx, ext)
}

// loadLease is loadWork on another table, for Renew.
func (d *Deps) loadLease(ctx context.Context, id string) (*work, error) { // want loadLease:`^effects: db_read/select leases$`
	var w work
	err := d.DB.QueryRowContext(ctx, "select id, external_id from leases where id = $1", id).Scan(&w.ID, &w.ExternalID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &w, nil
}

// Renew acts on the lease it finds (renews it remotely and writes the new
// id back) and goes on either way: the near miss for a check that skips
// the act, the act on the row found, as a get-or-update does, is no
// first-time start — no check-then-act; the POST is unguarded.
func (d *Deps) Renew(ctx context.Context, t *asynq.Task) error { // want `unguarded: handler \(\*checkactfix.Deps\).Renew \(asynq task "renew"\) repeats its side effects when a job is delivered twice: http post` Renew:`^effects: http/post asr.example.com/upload; http/get asr.example.com/status; db_read/select leases; db_write/update-set leases$`
	id := string(t.Payload())
	w, err := d.loadLease(ctx, id)
	if err != nil {
		return err
	}
	ext := id
	if w != nil {
		ext, err = startRemote(ctx, id)
		if err != nil {
			return err
		}
		if _, err := d.DB.ExecContext(ctx, "update leases set external_id = $2 where id = $1", id, ext); err != nil {
			return err
		}
	}
	return waitRemote(ctx, ext)
}

func RegisterReuse(mux *asynq.ServeMux, d *Deps) { // want RegisterReuse:`^no effects$`
	mux.HandleFunc("transcribe", d.Transcribe)
	mux.HandleFunc("restart", d.Restart)
	mux.HandleFunc("renew", d.Renew)
}
