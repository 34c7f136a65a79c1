// Package excludedfix covers the set form of check-then-act: a job reads
// the rows it has already created, reads the items to create with those
// left out (not in), and creates a row per remaining item. A later
// delivery creates none; two deliveries at once both find none and both
// create every row.
package excludedfix

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/hibiken/asynq"
)

type Deps struct {
	DB *sql.DB
}

type request struct {
	IncidentID int64   `json:"incident_id"`
	UserIDs    []int64 `json:"user_ids"`
}

// SendRequests reads the incident's debriefs, then the assigned users not
// among them, and creates a debrief per user left: check-then-act.
func (d *Deps) SendRequests(ctx context.Context, t *asynq.Task) error { // want SendRequests:`issue=check-then-act`
	var p request
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return err
	}
	done, err := d.DB.QueryContext(ctx, "select user_id from debriefs where incident_id = $1", p.IncidentID) // want `check-then-act: this read of debriefs leaves the rows it found out of the read of assignments at excludedfix/excludedfix.go:\d+, and the insert into debriefs at excludedfix/excludedfix.go:\d+ creates the rest`
	if err != nil {
		return err
	}
	var requested []int64
	for done.Next() {
		var id int64
		if err := done.Scan(&id); err != nil {
			return err
		}
		requested = append(requested, id)
	}
	done.Close()
	todo, err := d.DB.QueryContext(ctx, "select user_id from assignments where incident_id = $1 and user_id <> all($2)", p.IncidentID, requested)
	if err != nil {
		return err
	}
	defer todo.Close()
	for todo.Next() {
		var user int64
		if err := todo.Scan(&user); err != nil {
			return err
		}
		if _, err := d.DB.ExecContext(ctx, "insert into debriefs (incident_id, user_id) values ($1, $2)", p.IncidentID, user); err != nil {
			return err
		}
	}
	return nil
}

// SendFromReviews is the near miss of another table: the rows left out
// are the reviews', not the debriefs' it creates. Plainly unguarded.
func (d *Deps) SendFromReviews(ctx context.Context, t *asynq.Task) error { // want SendFromReviews:`^effects: db_write/insert debriefs; db_read/select reviews; db_read/select assignments$` `unguarded: handler \(\*excludedfix.Deps\).SendFromReviews`
	var p request
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return err
	}
	done, err := d.DB.QueryContext(ctx, "select user_id from reviews where incident_id = $1", p.IncidentID)
	if err != nil {
		return err
	}
	var reviewed []int64
	for done.Next() {
		var id int64
		if err := done.Scan(&id); err != nil {
			return err
		}
		reviewed = append(reviewed, id)
	}
	done.Close()
	todo, err := d.DB.QueryContext(ctx, "select user_id from assignments where incident_id = $1 and user_id not in (select unnest($2::bigint[]))", p.IncidentID, reviewed)
	if err != nil {
		return err
	}
	defer todo.Close()
	for todo.Next() {
		var user int64
		if err := todo.Scan(&user); err != nil {
			return err
		}
		if _, err := d.DB.ExecContext(ctx, "insert into debriefs (incident_id, user_id) values ($1, $2)", p.IncidentID, user); err != nil {
			return err
		}
	}
	return nil
}

// SendListed is the near miss of a read that decides nothing created: the
// assignments left out are only counted, and the debriefs go to the
// payload's users. Plainly unguarded.
func (d *Deps) SendListed(ctx context.Context, t *asynq.Task) error { // want SendListed:`^effects: db_write/insert debriefs; db_read/select debriefs; db_read/select assignments$` `unguarded: handler \(\*excludedfix.Deps\).SendListed`
	var p request
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return err
	}
	done, err := d.DB.QueryContext(ctx, "select user_id from debriefs where incident_id = $1", p.IncidentID)
	if err != nil {
		return err
	}
	var requested []int64
	for done.Next() {
		var id int64
		if err := done.Scan(&id); err != nil {
			return err
		}
		requested = append(requested, id)
	}
	done.Close()
	var left int
	if err := d.DB.QueryRowContext(ctx, "select count(*) from assignments where incident_id = $1 and user_id <> all($2)", p.IncidentID, requested).Scan(&left); err != nil {
		return err
	}
	for _, user := range p.UserIDs {
		if _, err := d.DB.ExecContext(ctx, "insert into debriefs (incident_id, user_id) values ($1, $2)", p.IncidentID, user); err != nil {
			return err
		}
	}
	return nil
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:`^no effects$`
	mux.HandleFunc("debrief:send", d.SendRequests)
	mux.HandleFunc("debrief:reviews", d.SendFromReviews)
	mux.HandleFunc("debrief:listed", d.SendListed)
}
