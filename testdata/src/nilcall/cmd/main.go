// Command nilcall wires the workers: the loaded program is a program, so
// an interface nothing in it implements holds only nil.
package main

import (
	"database/sql"

	"nilcall"
)

func main() {
	nilcall.Main(&sql.DB{})
}
