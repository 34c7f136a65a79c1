// Package queries keeps SQL in embedded files, gathered in an exported
// query table (mint-app's sqlqueries): the handlers of jobs/sqlx.go read
// its fields.
package queries

import _ "embed"

//go:embed sql/order_insert.sql
var orderInsert string

//go:embed sql/order_get.sql
var orderGet string

type orderScripts struct {
	// Insert adds an nk_orders row under the given id.
	Insert string
	// Get reads one.
	Get string
}

// Orders holds the SQL of the nk_orders table.
var Orders = orderScripts{
	Insert: orderInsert,
	Get:    orderGet,
}
