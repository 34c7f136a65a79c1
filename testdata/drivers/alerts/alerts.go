// Package alerts holds the processors the pools run, on database/sql with
// the real github.com/lib/pq (pq.Array binds a Go slice as a Postgres
// array).
package alerts

import (
	"context"
	"database/sql"

	"github.com/lib/pq"

	"example.com/drivers/queue"
)

// Closer closes the alerts of an event and logs the ones it closed
// (goalert's UpdateManyAlertStatus): a compare-and-set returns the ids it
// changed, and the log inserts exactly those, from unnest of their array,
// in the same transaction. A second delivery changes and returns nothing,
// and logs nothing twice: idempotent.
type Closer struct{ DB *sql.DB }

func (c *Closer) Process(ctx context.Context, e queue.Event) error {
	tx, err := c.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `update alerts set status = $1 where id = any($2) and $1 > status returning id`, "closed", pq.Array(e.IDs))
	if err != nil {
		return err
	}
	defer rows.Close()
	var closed []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		closed = append(closed, id)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `insert into alert_logs (alert_id, event, actor) select id, 'closed', $2 from unnest($1::bigint[]) as id`, pq.Array(closed), e.Actor); err != nil {
		return err
	}
	return tx.Commit()
}

// Escalator logs the open alerts of an event as escalated: the ids come
// from a plain select, the same on every delivery, so a second delivery
// logs them again (the near miss of Closer).
type Escalator struct{ DB *sql.DB }

func (s *Escalator) Process(ctx context.Context, e queue.Event) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `select id from alerts where id = any($1) and status = 'open'`, pq.Array(e.IDs))
	if err != nil {
		return err
	}
	defer rows.Close()
	var open []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		open = append(open, id)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `insert into alert_logs (alert_id, event, actor) select id, 'escalated', $2 from unnest($1::bigint[]) as id`, pq.Array(open), e.Actor); err != nil {
		return err
	}
	return tx.Commit()
}

// Counter counts the alerts an actor touched: an increment, repeated by
// every delivery.
type Counter struct{ DB *sql.DB }

func (c *Counter) Process(ctx context.Context, e queue.Event) error {
	_, err := c.DB.ExecContext(ctx, `update actors set touched = touched + $1 where name = $2`, len(e.IDs), e.Actor)
	return err
}
