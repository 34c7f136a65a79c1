// Package jobs defines jobs of the registry's interface.
package jobs

import (
	"context"
	"database/sql"
)

// SendEmail has pointer receivers; its constructor returns the concrete type.
type SendEmail struct{ db *sql.DB }

func NewSendEmailJob(db *sql.DB) *SendEmail { return &SendEmail{db: db} } // want NewSendEmailJob:"no effects"

func (*SendEmail) Name() string { return "email:send" } // want Name:"no effects" Name:`const "email:send"`

func (j *SendEmail) Run(ctx context.Context, payload []byte) error { // want Run:"effects: db_write/insert outbox"
	_, err := j.db.ExecContext(ctx, "insert into outbox(body) values ($1)", payload)
	return err
}

// Cleanup has value receivers and is registered as &Cleanup{}.
type Cleanup struct{ DB *sql.DB }

func (Cleanup) Name() string { return "sessions:cleanup" } // want Name:"no effects" Name:`const "sessions:cleanup"`

func (c Cleanup) Run(ctx context.Context, payload []byte) error { // want Run:"effects: db_write/delete sessions"
	_, err := c.DB.ExecContext(ctx, "delete from sessions where expires_at < now()")
	return err
}
