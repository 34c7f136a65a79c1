package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"log"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// sqlc's prepared-query mode (emit_prepared_queries): every generated
// method runs through one helper that spreads its variadic args into the
// statement's execution. The bounce's unique key (email, message_id,
// domain) is filled from the message, so a redelivery's insert fails on
// it (issue 28, stop 54).

const insertSpreadBounce = `INSERT INTO sq_bounces (email, message_id, domain, reason) VALUES ($1, $2, $3, $4)`

// SpreadQueries is sqlc's Queries with its prepared statements.
type SpreadQueries struct {
	db               *sql.DB
	insertBounceStmt *sql.Stmt
}

// PrepareSpread prepares the statements, as sqlc's Prepare does.
func PrepareSpread(ctx context.Context, db *sql.DB) (*SpreadQueries, error) {
	q := &SpreadQueries{db: db}
	var err error
	if q.insertBounceStmt, err = db.PrepareContext(ctx, insertSpreadBounce); err != nil {
		return nil, err
	}
	return q, nil
}

func (q *SpreadQueries) exec(ctx context.Context, stmt *sql.Stmt, query string, args ...interface{}) (sql.Result, error) {
	switch {
	case stmt != nil:
		return stmt.ExecContext(ctx, args...)
	default:
		return q.db.ExecContext(ctx, query, args...)
	}
}

// SpreadBounceParams is the generated method's row.
type SpreadBounceParams struct {
	Email, MessageID, Domain, Reason string
}

// InsertBounce is the generated method.
func (q *SpreadQueries) InsertBounce(ctx context.Context, arg SpreadBounceParams) error {
	_, err := q.exec(ctx, q.insertBounceStmt, insertSpreadBounce, arg.Email, arg.MessageID, arg.Domain, arg.Reason)
	return err
}

// SpreadDeps are the sqlc handlers' clients.
type SpreadDeps struct{ Q *SpreadQueries }

// bounceMsg is the job's payload.
type bounceMsg struct {
	Email     string `json:"email"`
	MessageID string `json:"message_id"`
	Domain    string `json:"domain"`
	Reason    string `json:"reason"`
}

// SpreadBounced inserts the bounce under the message's key and only logs
// a failure: a redelivery's insert fails on the key and the job succeeds
// (guarded).
func (d *SpreadDeps) SpreadBounced(ctx context.Context, t *asynq.Task) error {
	var m bounceMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	p := SpreadBounceParams{Email: m.Email, MessageID: m.MessageID, Domain: m.Domain, Reason: m.Reason}
	if err := d.Q.InsertBounce(ctx, p); err != nil {
		log.Println("insert bounce:", err)
	}
	return nil
}

// SpreadBouncedReturned returns that failure: the redelivery fails on the
// key and is retried until it is dropped (duplicate-as-error).
func (d *SpreadDeps) SpreadBouncedReturned(ctx context.Context, t *asynq.Task) error {
	var m bounceMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	return d.Q.InsertBounce(ctx, SpreadBounceParams{Email: m.Email, MessageID: m.MessageID, Domain: m.Domain, Reason: m.Reason})
}

// SpreadBouncedWhole decodes the generated method's params whole from
// the payload and passes them on, no field set here: the key is still
// the message's, a redelivery's insert fails on it (guarded).
func (d *SpreadDeps) SpreadBouncedWhole(ctx context.Context, t *asynq.Task) error {
	var p SpreadBounceParams
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return nil
	}
	if err := d.Q.InsertBounce(ctx, p); err != nil {
		log.Println("insert bounce:", err)
	}
	return nil
}

// SpreadBouncedWholeFresh (near miss) decodes them whole, then sets a
// key column to a new uuid: every delivery's key is new, the insert
// repeats (unguarded).
func (d *SpreadDeps) SpreadBouncedWholeFresh(ctx context.Context, t *asynq.Task) error {
	var p SpreadBounceParams
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return nil
	}
	p.MessageID = uuid.NewString()
	if err := d.Q.InsertBounce(ctx, p); err != nil {
		log.Println("insert bounce:", err)
	}
	return nil
}

// RegisterSpread registers the sqlc handlers.
func RegisterSpread(mux *asynq.ServeMux, d *SpreadDeps) {
	mux.HandleFunc("sqlc:bounced", d.SpreadBounced)
	mux.HandleFunc("sqlc:bounced-returned", d.SpreadBouncedReturned)
	mux.HandleFunc("sqlc:bounced-whole", d.SpreadBouncedWhole)
	mux.HandleFunc("sqlc:bounced-whole-fresh", d.SpreadBouncedWholeFresh)
}
