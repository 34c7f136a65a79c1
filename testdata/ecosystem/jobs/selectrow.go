package jobs

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

// An INSERT … SELECT of one row of parameters, written so that a column
// can take a scalar subquery (issue 28, stop 54; fixture
// duperrfix/selectrow.go): each column takes the parameter at its
// position, as in a VALUES row. sr_mails.message_id is unique
// (migrations/018_selectrow.sql): filled with a message id made from a
// new uuid on every delivery it is a fresh surrogate, and a redelivery
// records and sends a second mail (unguarded); filled with the id the job
// carries, a redelivery fails on it and the handler returns that error
// (duplicate-as-error).

// SelectRowDeps holds the pool.
type SelectRowDeps struct {
	Pool *pgxpool.Pool
}

type srMail struct {
	Campaign string `json:"campaign"`
	To       string `json:"to"`
	Body     string `json:"body"`
}

const srInsert = `insert into sr_mails (message_id, campaign_id, recipient, body)
select $1, (select id from sr_campaigns where uuid = $2), $3, $4`

// SrSendFresh records the campaign's mail under a new message id.
func (d *SelectRowDeps) SrSendFresh(ctx context.Context, t *asynq.Task) error {
	var m srMail
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return err
	}
	messageID := fmt.Sprintf("<%s@mail.example.org>", uuid.New().String())
	if _, err := d.Pool.Exec(ctx, srInsert, messageID, m.Campaign, m.To, m.Body); err != nil {
		return fmt.Errorf("record mail: %w", err)
	}
	return nil
}

// SrSendKeyed records it under the task's own id (near miss).
func (d *SelectRowDeps) SrSendKeyed(ctx context.Context, t *asynq.Task) error {
	var m srMail
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return err
	}
	if _, err := d.Pool.Exec(ctx, srInsert, t.ResultWriter().TaskID(), m.Campaign, m.To, m.Body); err != nil {
		return fmt.Errorf("record mail: %w", err)
	}
	return nil
}

// RegisterSelectRow registers the handlers.
func RegisterSelectRow(mux *asynq.ServeMux, d *SelectRowDeps) {
	mux.HandleFunc("sr:send-fresh", d.SrSendFresh)
	mux.HandleFunc("sr:send-keyed", d.SrSendKeyed)
}
