// Package alertlog inserts log rows for a list of ids, as sqlc's
// generated AlertLog_InsertMany does (goalert gadb/queries.sql.go): one
// row per element of the array bound as $1.
package alertlog

import (
	"context"
	"database/sql"

	"github.com/lib/pq"
)

type InsertManyParams struct {
	Column1 []int64
	Event   string
}

// InsertMany writes a row per element of arg.Column1.
func InsertMany(ctx context.Context, tx *sql.Tx, arg InsertManyParams) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO alert_logs (alert_id, event)
SELECT unnest, $2 FROM unnest($1::bigint[])`, pq.Array(arg.Column1), arg.Event)
	return err
}

// LogMany converts the ids and logs each.
func LogMany(ctx context.Context, tx *sql.Tx, alertIDs []int, event string) error {
	var ids []int64
	for _, id := range alertIDs {
		ids = append(ids, int64(id))
	}
	params := InsertManyParams{Column1: ids, Event: event}
	return InsertMany(ctx, tx, params)
}
