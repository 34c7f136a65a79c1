// Command unfilledmap wires the handlers: the loaded program is a
// program, so a filler nothing in it calls never runs (a library's
// exported filler may be called by a program not loaded: no decision).
package main

import (
	"database/sql"

	"unfilledmap"
)

func main() {
	unfilledmap.Main(&sql.DB{}, nil)
}
