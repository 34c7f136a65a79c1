// Package seqfix: numbers drawn from a sequence are not duplicates. A
// second delivery takes another number (a gap); what the number is used
// for is rated on its own. nextval() is safe, and so is a counter table
// standing in for a sequence (SQLite's and MySQL's way): stepped by one,
// returned, named as an ID or a sequence. A counter that counts (views)
// stays an increment.
package seqfix

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type Deps struct{ DB *sql.DB }

// MoveAccountData re-upserts a row and moves it to the stream's latest
// position: a redelivery moves it again, nothing is added.
func (d *Deps) MoveAccountData(ctx context.Context, t *asynq.Task) error { // want MoveAccountData:`^effects: db_write/nextval account_data_seq; db_write/upsert-set account_data$`
	var pos int64
	return d.DB.QueryRowContext(ctx,
		"insert into account_data (user_id, type) values ($1, $2) on conflict (user_id, type) do update set id = nextval('account_data_seq') returning id",
		"u", "t").Scan(&pos)
}

// nextStreamID draws from a counter table: SQLite's sequence.
func (d *Deps) nextStreamID(ctx context.Context, tx *sql.Tx) (int64, error) { // want nextStreamID:`^effects: db_write/nextval stream_ids @p2$`
	var id int64
	err := tx.QueryRowContext(ctx, "UPDATE stream_ids SET stream_id = stream_id + 1 WHERE stream_name = $1 RETURNING stream_id", "receipt").Scan(&id)
	return id, err
}

// StoreReceipt takes a stream position and upserts the receipt with it.
func (d *Deps) StoreReceipt(ctx context.Context, t *asynq.Task) error { // want StoreReceipt:`^effects: db_write/nextval stream_ids; db_write/upsert-set receipts$`
	tx, err := d.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	id, err := d.nextStreamID(ctx, tx)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "insert into receipts (room_id, user_id, id) values ($1, $2, $3) on conflict (room_id, user_id) do update set id = excluded.id", "r", "u", id); err != nil {
		return err
	}
	return tx.Commit()
}

// CountView counts: the number returned is a count, and a redelivery
// counts the view twice.
func (d *Deps) CountView(ctx context.Context, t *asynq.Task) error { // want CountView:`^effects: db_write/update-increment posts$` `unguarded: handler \(\*seqfix.Deps\).CountView .*update-increment`
	var views int64
	return d.DB.QueryRowContext(ctx, "update posts set views = views + 1 where id = $1 returning views", 7).Scan(&views)
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:"no effects"
	mux.HandleFunc("account:move", d.MoveAccountData)
	mux.HandleFunc("receipt:store", d.StoreReceipt)
	mux.HandleFunc("post:view", d.CountView)
}
