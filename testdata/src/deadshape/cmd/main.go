// Command deadshape wires the workers: the loaded program is a program.
package main

import (
	"database/sql"

	"github.com/riverqueue/river"

	"deadshape/internal/jobs"
)

var extra []any

func main() {
	db := &sql.DB{}
	workers := &river.Workers{}
	jobs.Register(workers, db)
	extra = append(extra, jobs.NewAuditWorker(db))
}
