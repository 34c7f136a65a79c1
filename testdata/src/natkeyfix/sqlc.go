package natkeyfix

import (
	"context"
	"database/sql"
	"encoding/json"
	"log"
	"time"

	"github.com/hibiken/asynq"
)

// sqlc's prepared-query mode (kannon's stats_db): every query goes through
// one helper that spreads its variadic args into the statement's
// execution; the generated method passes the row's fields. The unique key
// (email, message_id, domain) is filled from the message, so a
// redelivery's insert fails on it, and a failure only logged is success.

const insertBounce = `INSERT INTO nk_bounces (email, message_id, at, domain, msg) VALUES ($1, $2, $3, $4, $5)`

const insertBounceDefault = `INSERT INTO nk_bounces (email, message_id, at, domain, msg) VALUES ($1, $2, $3, 'default', $4)`

const insertStamp = `INSERT INTO nk_stamps (email, at, msg) VALUES ($1, $2, $3)`

type Queries struct {
	db                *sql.DB
	tx                *sql.Tx
	insertBounceStmt  *sql.Stmt // want insertBounceStmt:`prepared \["INSERT INTO nk_bounces \(email, message_id, at, domain, msg\) VALUES \(\$1, \$2, \$3, \$4, \$5\)"\]`
	insertDefaultStmt *sql.Stmt // want insertDefaultStmt:`prepared \["INSERT INTO nk_bounces \(email, message_id, at, domain, msg\) VALUES \(\$1, \$2, \$3, 'default', \$4\)"\]`
	insertStampStmt   *sql.Stmt // want insertStampStmt:`prepared \["INSERT INTO nk_stamps \(email, at, msg\) VALUES \(\$1, \$2, \$3\)"\]`
}

func PrepareQueries(ctx context.Context, db *sql.DB) (*Queries, error) { // want PrepareQueries:"no effects"
	q := &Queries{db: db}
	var err error
	if q.insertBounceStmt, err = db.PrepareContext(ctx, insertBounce); err != nil {
		return nil, err
	}
	if q.insertDefaultStmt, err = db.PrepareContext(ctx, insertBounceDefault); err != nil {
		return nil, err
	}
	if q.insertStampStmt, err = db.PrepareContext(ctx, insertStamp); err != nil {
		return nil, err
	}
	return q, nil
}

func (q *Queries) exec(ctx context.Context, stmt *sql.Stmt, query string, args ...interface{}) (sql.Result, error) { // want exec:"effects: db_write/unknown stmt=p2; db_write/unknown stmt=p2; db_write/unknown"
	switch {
	case stmt != nil && q.tx != nil:
		return q.tx.StmtContext(ctx, stmt).ExecContext(ctx, args...)
	case stmt != nil:
		return stmt.ExecContext(ctx, args...)
	default:
		return q.db.ExecContext(ctx, query, args...)
	}
}

type BounceParams struct {
	Email     string
	MessageID string
	At        time.Time
	Domain    string
	Msg       string
}

func (q *Queries) InsertBounce(ctx context.Context, arg BounceParams) error { // want InsertBounce:"effects: db_write/insert nk_bounces; db_write/insert nk_bounces; db_write/insert nk_bounces"
	_, err := q.exec(ctx, q.insertBounceStmt, insertBounce, arg.Email, arg.MessageID, arg.At, arg.Domain, arg.Msg)
	return err
}

func (q *Queries) InsertBounceDefault(ctx context.Context, arg BounceParams) error { // want InsertBounceDefault:"effects: db_write/insert nk_bounces; db_write/insert nk_bounces; db_write/insert nk_bounces"
	_, err := q.exec(ctx, q.insertDefaultStmt, insertBounceDefault, arg.Email, arg.MessageID, arg.At, arg.Msg)
	return err
}

func (q *Queries) InsertStamp(ctx context.Context, email string, at time.Time, msg string) error { // want InsertStamp:"effects: db_write/insert nk_stamps; db_write/insert nk_stamps; db_write/insert nk_stamps"
	_, err := q.exec(ctx, q.insertStampStmt, insertStamp, email, at, msg)
	return err
}

type BounceMsg struct {
	Email     string    `json:"email"`
	MessageID string    `json:"message_id"`
	Domain    string    `json:"domain"`
	At        time.Time `json:"at"`
	Msg       string    `json:"msg"`
}

type SQLCDeps struct{ Q *Queries }

// Bounced: every key column from the message, the failure only logged.
func (d *SQLCDeps) Bounced(ctx context.Context, t *asynq.Task) error { // want Bounced:"effects: db_write/insert nk_bounces guarded=processed_jobs; db_write/insert nk_bounces guarded=processed_jobs; db_write/insert nk_bounces guarded=processed_jobs"
	var m BounceMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.Q.InsertBounce(ctx, BounceParams{Email: m.Email, MessageID: m.MessageID, At: m.At, Domain: m.Domain, Msg: m.Msg}); err != nil {
		log.Println("insert bounce:", err)
	}
	return nil
}

// BouncedReturned (near miss): the same insert, its failure returned.
func (d *SQLCDeps) BouncedReturned(ctx context.Context, t *asynq.Task) error { // want BouncedReturned:"effects: db_write/insert nk_bounces; db_write/insert nk_bounces; db_write/insert nk_bounces" `duplicate-as-error: .*violates the unique index nk_bounces_key \(email, message_id, domain\)`
	var m BounceMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	return d.Q.InsertBounce(ctx, BounceParams{Email: m.Email, MessageID: m.MessageID, At: m.At, Domain: m.Domain, Msg: m.Msg})
}

// BouncedConstDomain (near miss): a key column given a constant: the key
// is not the job's own, a duplicate may be another job's row.
func (d *SQLCDeps) BouncedConstDomain(ctx context.Context, t *asynq.Task) error { // want BouncedConstDomain:"effects: db_write/insert nk_bounces; db_write/insert nk_bounces; db_write/insert nk_bounces" `unguarded: handler \(\*natkeyfix.SQLCDeps\).BouncedConstDomain`
	var m BounceMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.Q.InsertBounce(ctx, BounceParams{Email: m.Email, MessageID: m.MessageID, At: m.At, Domain: "mail", Msg: m.Msg}); err != nil {
		log.Println("insert bounce:", err)
	}
	return nil
}

// BouncedSQLDefault (near miss): the SQL text fills a key column itself
// ('default'): the key does not cover the payload alone.
func (d *SQLCDeps) BouncedSQLDefault(ctx context.Context, t *asynq.Task) error { // want BouncedSQLDefault:"effects: db_write/insert nk_bounces; db_write/insert nk_bounces; db_write/insert nk_bounces" `unguarded: handler \(\*natkeyfix.SQLCDeps\).BouncedSQLDefault`
	var m BounceMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.Q.InsertBounceDefault(ctx, BounceParams{Email: m.Email, MessageID: m.MessageID, At: m.At, Msg: m.Msg}); err != nil {
		log.Println("insert bounce:", err)
	}
	return nil
}

// StampedNow (near miss): a key column from the clock: every delivery's
// key is new, the row is inserted again.
func (d *SQLCDeps) StampedNow(ctx context.Context, t *asynq.Task) error { // want StampedNow:"effects: db_write/insert nk_stamps; db_write/insert nk_stamps; db_write/insert nk_stamps" `unguarded: handler \(\*natkeyfix.SQLCDeps\).StampedNow`
	var m BounceMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.Q.InsertStamp(ctx, m.Email, time.Now(), m.Msg); err != nil {
		log.Println("insert stamp:", err)
	}
	return nil
}

// Stamped: the same key from the message's own time: guarded.
func (d *SQLCDeps) Stamped(ctx context.Context, t *asynq.Task) error { // want Stamped:"effects: db_write/insert nk_stamps guarded=processed_jobs; db_write/insert nk_stamps guarded=processed_jobs; db_write/insert nk_stamps guarded=processed_jobs"
	var m BounceMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	if err := d.Q.InsertStamp(ctx, m.Email, m.At, m.Msg); err != nil {
		log.Println("insert stamp:", err)
	}
	return nil
}

// BouncedWhole: the generated method's params decoded from the payload
// and passed whole (no field stored here): the key is the message's.
func (d *SQLCDeps) BouncedWhole(ctx context.Context, t *asynq.Task) error { // want BouncedWhole:"effects: db_write/insert nk_bounces guarded=processed_jobs; db_write/insert nk_bounces guarded=processed_jobs; db_write/insert nk_bounces guarded=processed_jobs"
	var p BounceParams
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return nil
	}
	if err := d.Q.InsertBounce(ctx, p); err != nil {
		log.Println("insert bounce:", err)
	}
	return nil
}

// BouncedWholeConst (near miss): decoded, then a key column set to a
// constant here: the key is not the job's own alone.
func (d *SQLCDeps) BouncedWholeConst(ctx context.Context, t *asynq.Task) error { // want BouncedWholeConst:"effects: db_write/insert nk_bounces; db_write/insert nk_bounces; db_write/insert nk_bounces" `unguarded: handler \(\*natkeyfix.SQLCDeps\).BouncedWholeConst`
	var p BounceParams
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return nil
	}
	p.Domain = "mail"
	if err := d.Q.InsertBounce(ctx, p); err != nil {
		log.Println("insert bounce:", err)
	}
	return nil
}

// saveBounce decodes the params whole from the bytes its callers give it
// and inserts them: the key is what those bytes say, taken as the job's
// (as a field read off a decoded message is; docs/limits.md).
func (d *SQLCDeps) saveBounce(ctx context.Context, raw []byte) { // want saveBounce:"effects: db_write/insert nk_bounces guarded=processed_jobs; db_write/insert nk_bounces guarded=processed_jobs; db_write/insert nk_bounces guarded=processed_jobs"
	var p BounceParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return
	}
	if err := d.Q.InsertBounce(ctx, p); err != nil {
		log.Println("insert bounce:", err)
	}
}

// BouncedWholeHelper: the helper given the payload: the message's key.
func (d *SQLCDeps) BouncedWholeHelper(ctx context.Context, t *asynq.Task) error { // want BouncedWholeHelper:"effects: db_write/insert nk_bounces guarded=processed_jobs; db_write/insert nk_bounces guarded=processed_jobs; db_write/insert nk_bounces guarded=processed_jobs"
	d.saveBounce(ctx, t.Payload())
	return nil
}

// BouncedWholeFresh (near miss): the params decoded whole from bytes
// made here with a message id from the clock: every delivery's key is new.
func (d *SQLCDeps) BouncedWholeFresh(ctx context.Context, t *asynq.Task) error { // want BouncedWholeFresh:"effects: db_write/insert nk_bounces; db_write/insert nk_bounces; db_write/insert nk_bounces" `unguarded: handler \(\*natkeyfix.SQLCDeps\).BouncedWholeFresh`
	var m BounceMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return nil
	}
	raw, err := json.Marshal(BounceMsg{Email: m.Email, MessageID: time.Now().String(), Domain: m.Domain, Msg: m.Msg})
	if err != nil {
		return err
	}
	var p BounceParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil
	}
	if err := d.Q.InsertBounce(ctx, p); err != nil {
		log.Println("insert bounce:", err)
	}
	return nil
}

// BouncedFieldFresh (near miss): the params' key field given a new
// value here, in a package where other handlers fill it from the
// message: every delivery's key is new.
func (d *SQLCDeps) BouncedFieldFresh(ctx context.Context, t *asynq.Task) error { // want BouncedFieldFresh:"effects: db_write/insert nk_bounces; db_write/insert nk_bounces; db_write/insert nk_bounces" `unguarded: handler \(\*natkeyfix.SQLCDeps\).BouncedFieldFresh`
	var p BounceParams
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return nil
	}
	p.MessageID = time.Now().String()
	if err := d.Q.InsertBounce(ctx, p); err != nil {
		log.Println("insert bounce:", err)
	}
	return nil
}

func RegisterSQLC(d *SQLCDeps) *asynq.ServeMux { // want RegisterSQLC:"no effects"
	mux := asynq.NewServeMux()
	mux.HandleFunc("bounce:logged", d.Bounced)
	mux.HandleFunc("bounce:returned", d.BouncedReturned)
	mux.HandleFunc("bounce:const-domain", d.BouncedConstDomain)
	mux.HandleFunc("bounce:sql-default", d.BouncedSQLDefault)
	mux.HandleFunc("stamp:now", d.StampedNow)
	mux.HandleFunc("stamp:logged", d.Stamped)
	mux.HandleFunc("bounce:whole", d.BouncedWhole)
	mux.HandleFunc("bounce:whole-const", d.BouncedWholeConst)
	mux.HandleFunc("bounce:whole-helper", d.BouncedWholeHelper)
	mux.HandleFunc("bounce:whole-fresh", d.BouncedWholeFresh)
	mux.HandleFunc("bounce:field-fresh", d.BouncedFieldFresh)
	return mux
}
