package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"strconv"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

// CheckShapeDeps are the clients of the handlers whose check and record
// are paired by column, and of the set form of check-then-act (issue 28,
// stop 54; fixtures checkactfix/columns.go and excludedfix).
type CheckShapeDeps struct {
	Pool *pgxpool.Pool
	DB   *sql.DB
}

// CsMailBatch returns unless the campaign is still sending, records a
// send and adds to sent_count: the write sets no column the check read,
// so a later delivery still reads "sending" and sends again (unguarded).
func (d *CheckShapeDeps) CsMailBatch(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseInt(string(t.Payload()), 10, 64)
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from cs_campaigns where id = $1", id).Scan(&status); err != nil {
		return err
	}
	if status != "sending" {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "insert into cs_sends (campaign_id) values ($1)", id); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update cs_campaigns set sent_count = sent_count + 1, updated_at = now() where id = $1", id)
	return err
}

// CsMailBatchDone also sets the status the check read: a later delivery
// skips, two at once both send (check-then-act).
func (d *CheckShapeDeps) CsMailBatchDone(ctx context.Context, t *asynq.Task) error {
	id, _ := strconv.ParseInt(string(t.Payload()), 10, 64)
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from cs_campaigns where id = $1", id).Scan(&status); err != nil {
		return err
	}
	if status != "sending" {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "insert into cs_sends (campaign_id) values ($1)", id); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update cs_campaigns set status = 'sent' where id = $1", id)
	return err
}

type debriefRequest struct {
	IncidentID int64 `json:"incident_id"`
}

// CsSendRequests reads the incident's debriefs, then the assigned users
// not among them, and creates a debrief per user left: a later delivery
// creates none, two at once both create every one (check-then-act).
func (d *CheckShapeDeps) CsSendRequests(ctx context.Context, t *asynq.Task) error {
	var p debriefRequest
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return err
	}
	done, err := d.DB.QueryContext(ctx, "select user_id from cs_debriefs where incident_id = $1", p.IncidentID)
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
	todo, err := d.DB.QueryContext(ctx, "select user_id from cs_assignments where incident_id = $1 and user_id <> all($2)", p.IncidentID, requested)
	if err != nil {
		return err
	}
	defer todo.Close()
	for todo.Next() {
		var user int64
		if err := todo.Scan(&user); err != nil {
			return err
		}
		if _, err := d.DB.ExecContext(ctx, "insert into cs_debriefs (incident_id, user_id) values ($1, $2)", p.IncidentID, user); err != nil {
			return err
		}
	}
	return nil
}

// RegisterCheckShapes registers the handlers.
func RegisterCheckShapes(mux *asynq.ServeMux, d *CheckShapeDeps) {
	mux.HandleFunc("cs:mail-batch", d.CsMailBatch)
	mux.HandleFunc("cs:mail-batch-done", d.CsMailBatchDone)
	mux.HandleFunc("cs:send-requests", d.CsSendRequests)
}
