// Package ecoclickhouse covers clickhouse-go v2: a batch's rows are an
// insert when Send (or Flush) sends them, appending only buffers them;
// queries carry SQL.
package ecoclickhouse

import (
	"context"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/hibiken/asynq"
)

type Deps struct{ CH clickhouse.Conn }

// LogEvents sends a batch: an insert, repeated by a redelivery.
func (d *Deps) LogEvents(ctx context.Context, t *asynq.Task) error { // want LogEvents:`^effects: db_write/insert clickhouse$` `unguarded: handler \(\*ecoclickhouse.Deps\).LogEvents .*insert into clickhouse \(medium\)`
	b, err := d.CH.PrepareBatch(ctx, "INSERT INTO events (id, body)")
	if err != nil {
		return err
	}
	defer b.Close()
	if err := b.Append(t.Type(), t.Payload()); err != nil {
		return err
	}
	return b.Send()
}

// Count reads: safe.
func (d *Deps) Count(ctx context.Context, t *asynq.Task) error { // want Count:`^effects: db_read/select events @p0$`
	var n uint64
	return d.CH.QueryRow(ctx, "SELECT count() FROM events WHERE id = ?", t.Type()).Scan(&n)
}

// Buffer only appends to a batch it never sends: nothing is written.
func (d *Deps) Buffer(ctx context.Context, t *asynq.Task) error { // want Buffer:"no effects"
	b, err := d.CH.PrepareBatch(ctx, "INSERT INTO events (id, body)")
	if err != nil {
		return err
	}
	defer b.Abort()
	return b.Append(t.Type(), t.Payload())
}
