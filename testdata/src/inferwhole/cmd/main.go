package main

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"

	"inferwhole/jobs"
)

// inserter is the Checker: its GetStatus writes an audit row.
type inserter struct{ db *sql.DB }

func (i *inserter) GetStatus(ctx context.Context, id string) (string, error) {
	_, err := i.db.ExecContext(ctx, "insert into audit(id) values ($1)", id)
	return "", err
}

func main() {
	d := &jobs.Deps{Checker: &inserter{}}
	mux := asynq.NewServeMux()
	mux.HandleFunc("create", d.Create)
	mux.HandleFunc("read", d.Read)
	mux.HandleFunc("welcome", d.Welcome)
	mux.HandleFunc("status", d.Status)
	mux.HandleFunc("ensure", d.Ensure)
}
