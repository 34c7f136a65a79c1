// Package billing is the billing service the API's invoicing routes call
// through the api.Billing interface.
package billing

import (
	"context"
	"database/sql"
)

// Ledger implements api.Billing on the database.
type Ledger struct{ DB *sql.DB }

// Issue inserts an invoice: a second call issues a second one.
func (l *Ledger) Issue(ctx context.Context, orderID string) error {
	_, err := l.DB.ExecContext(ctx, "insert into invoices (order_id) values ($1)", orderID)
	return err
}

// Quote reads the order's total.
func (l *Ledger) Quote(ctx context.Context, orderID string) (int, error) {
	var total int
	err := l.DB.QueryRowContext(ctx, "select total from orders where id = $1", orderID).Scan(&total)
	return total, err
}
