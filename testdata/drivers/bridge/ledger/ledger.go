// Package ledger is the provider ledger on database/sql, in a package of
// its own: the bridge's projector reaches it through an interface only
// (orako's bridge projector), so the rows it tests are rows an interface
// call returned.
package ledger

import (
	"context"
	"database/sql"
)

// Row is one provider message and its state.
type Row struct {
	ID    int64
	State string
}

// Ledger reads and marks the rows.
type Ledger struct{ DB *sql.DB }

// ByConversation reads the conversation's rows.
func (l *Ledger) ByConversation(ctx context.Context, conv string) ([]Row, error) {
	rs, err := l.DB.QueryContext(ctx, "select id, state from provider_messages where conversation_id = $1", conv)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []Row
	for rs.Next() {
		var r Row
		if err := rs.Scan(&r.ID, &r.State); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rs.Err()
}

// SetState marks the row.
func (l *Ledger) SetState(ctx context.Context, id int64, state string) error {
	_, err := l.DB.ExecContext(ctx, "update provider_messages set state = $2 where id = $1", id, state)
	return err
}
