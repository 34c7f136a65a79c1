// Package rowloopfix covers the per-row form of check-then-act: a job
// lists rows, skips each row its state says is done (continue), acts on
// the others and writes the new state afterwards. Two deliveries at once
// both list the row as not done and both act.
package rowloopfix

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/hibiken/asynq"
)

type Deps struct {
	DB *sql.DB
}

type account struct {
	ID        int64
	Active    bool
	ExpiresAt *time.Time
	Refresh   string
}

func (d *Deps) listAccounts(ctx context.Context) ([]account, error) { // want listAccounts:`^effects: db_read/select accounts$`
	rows, err := d.DB.QueryContext(ctx, "select id, active, expires_at, refresh from accounts") // want `check-then-act: this check of accounts and the write into it at rowloopfix/rowloopfix.go:\d+ sit on either side of the http post \(auth.example.com/refresh\)`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []account
	for rows.Next() {
		var a account
		if err := rows.Scan(&a.ID, &a.Active, &a.ExpiresAt, &a.Refresh); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// RefreshAll skips an account whose token still has ten minutes (a field
// of the row the loop ranges over), refreshes the others and writes the
// new expiry afterwards: check-then-act.
func (d *Deps) RefreshAll(ctx context.Context, t *asynq.Task) error { // want RefreshAll:`issue=check-then-act`
	accounts, err := d.listAccounts(ctx)
	if err != nil {
		return err
	}
	for _, a := range accounts {
		if !a.Active {
			continue
		}
		if a.ExpiresAt != nil && time.Until(*a.ExpiresAt) > 10*time.Minute {
			continue
		}
		resp, err := http.Post("https://auth.example.com/refresh", "application/json", strings.NewReader(a.Refresh))
		if err != nil {
			continue
		}
		resp.Body.Close()
		if _, err := d.DB.ExecContext(ctx, "update accounts set expires_at = now() + interval '2 hours' where id = $1", a.ID); err != nil {
			return err
		}
	}
	return nil
}

// RefreshBound is RefreshAll writing the row back through a helper given
// the loop variable's address (an upsert of the whole row): the check is
// a field of the copy the loop made of the row, check-then-act too.
func (d *Deps) RefreshBound(ctx context.Context, t *asynq.Task) error { // want RefreshBound:`issue=check-then-act`
	accounts, err := d.listAccounts(ctx)
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
		a.ExpiresAt = &next
		_ = d.saveAccount(ctx, &a)
	}
	return nil
}

func (d *Deps) saveAccount(ctx context.Context, a *account) error { // want saveAccount:`^effects: db_write/upsert-set accounts$`
	_, err := d.DB.ExecContext(ctx, "insert into accounts (id, expires_at, refresh) values ($1, $2, $3) on conflict (id) do update set expires_at = excluded.expires_at, refresh = excluded.refresh", a.ID, a.ExpiresAt, a.Refresh)
	return err
}

type batch struct {
	Items []struct {
		ID   int64 `json:"id"`
		Skip bool  `json:"skip"`
	} `json:"items"`
}

// RefreshListed is the near miss: the item it skips is decided by the
// job's payload, not by the state it writes: plainly unguarded.
func (d *Deps) RefreshListed(ctx context.Context, t *asynq.Task) error { // want RefreshListed:`.*` `unguarded: handler \(\*rowloopfix.Deps\).RefreshListed`
	var p batch
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return err
	}
	for _, item := range p.Items {
		if item.Skip {
			continue
		}
		resp, err := http.Post("https://auth.example.com/refresh", "application/json", nil)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if _, err := d.DB.ExecContext(ctx, "update accounts set expires_at = now() + interval '2 hours' where id = $1", item.ID); err != nil {
			return err
		}
	}
	return nil
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:`^no effects$`
	mux.HandleFunc("refresh:all", d.RefreshAll)
	mux.HandleFunc("refresh:listed", d.RefreshListed)
	mux.HandleFunc("refresh:bound", d.RefreshBound)
}
