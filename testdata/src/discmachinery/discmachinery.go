// Package discmachinery covers machinery v2: RegisterTask(name, fn) and
// RegisterTasks with a map literal, each entry's key naming its task (a
// function or a closure).
package discmachinery

import (
	"context"
	"database/sql"

	machinery "github.com/RichardKnop/machinery/v2"
)

var db *sql.DB

func SendReceipt(ctx context.Context, order string) error { // want SendReceipt:`^effects: db_write/insert receipts$` `unguarded: handler discmachinery.SendReceipt \(machinery task "send_receipt"\) .*insert into receipts`
	_, err := db.ExecContext(ctx, "insert into receipts(order_id) values ($1)", order)
	return err
}

func Resize(key string, width int64) (string, error) { // want Resize:`^effects: db_write/insert thumbnails$` `unguarded: handler discmachinery.Resize \(machinery task "resize"\) .*insert into thumbnails`
	_, err := db.Exec("insert into thumbnails(key, width) values ($1, $2)", key, width)
	return key, err
}

func Register(server *machinery.Server) error { // want Register:`^no effects$`
	if err := server.RegisterTask("send_receipt", SendReceipt); err != nil {
		return err
	}
	return server.RegisterTasks(map[string]interface{}{
		"resize": Resize,
		"archive": func(ctx context.Context, key string) error { // want `unguarded: handler discmachinery.Register.func1 \(machinery task "archive"\) .*insert into archive`
			_, err := db.ExecContext(ctx, "insert into archive(key) values ($1)", key)
			return err
		},
	})
}
