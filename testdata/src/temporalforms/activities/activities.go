// Package activities defines Temporal activities: plain functions and the
// methods of a struct registered as a whole. Activities have no signature
// of their own, so they are found where they are registered.
package activities

import (
	"context"
	"net/smtp"

	"github.com/jackc/pgx/v5/pgxpool"
)

// SendReceipt emails a receipt.
func SendReceipt(ctx context.Context, to string) error { // want SendReceipt:"email/send smtp"
	return smtp.SendMail("mail:25", nil, "shop@example.com", []string{to}, []byte("receipt"))
}

// Activities is registered with RegisterActivity(&Activities{}): every
// exported method is an activity.
type Activities struct{ Pool *pgxpool.Pool }

func (a *Activities) Reserve(ctx context.Context, sku string) error { // want Reserve:"db_write/update-increment stock"
	_, err := a.Pool.Exec(ctx, "update stock set reserved = reserved + 1 where sku = $1", sku)
	return err
}

func (a *Activities) Lookup(ctx context.Context, sku string) (int, error) { // want Lookup:"db_read/select stock"
	var n int
	err := a.Pool.QueryRow(ctx, "select reserved from stock where sku = $1", sku).Scan(&n)
	return n, err
}

func (a *Activities) helper() {} // want helper:"no effects"

// Refund is registered as a method value under an explicit name.
func (a *Activities) Refund(ctx context.Context, order string) error { // want Refund:"db_write/insert refunds"
	_, err := a.Pool.Exec(ctx, "insert into refunds(order_id) values ($1)", order)
	return err
}

// Ledger is registered only through a method value with an explicit name:
// Temporal names the activity by Options.Name alone (the prefix rule is
// for struct registrations).
type Ledger struct{ Pool *pgxpool.Pool }

func (l *Ledger) Post(ctx context.Context, order string) error { // want Post:"db_write/insert ledger"
	_, err := l.Pool.Exec(ctx, "insert into ledger(order_id) values ($1)", order)
	return err
}
