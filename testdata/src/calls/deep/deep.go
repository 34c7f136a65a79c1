// Package deep is two packages below the handler: its effects must reach
// the handler with the whole path, although go vet gives the handler's
// package only the facts of its direct imports.
package deep

import (
	"context"
	"database/sql"
)

// Record appends an audit row.
func Record(ctx context.Context, db *sql.DB, msg string) error { // want Record:"db_write/insert audit_log"
	_, err := db.ExecContext(ctx, "insert into audit_log(msg) values ($1)", msg)
	return err
}
