// Package files records imported files with squirrel: the statements are
// built by the callers and executed by one retry helper that takes the
// builder (a deadlock is retried), so each caller's builder decides what
// the helper's Exec does.
package files

import (
	"context"
	"database/sql"
	"strings"

	sq "github.com/Masterminds/squirrel"

	"example.com/drivers/queue"
)

// retry executes the builder its caller passes until no deadlock.
func retry(q sq.InsertBuilder) error {
	_, err := q.Exec()
	for err != nil && strings.Contains(err.Error(), "deadlock detected") {
		_, err = q.Exec()
	}
	return err
}

// Claim claims the file name: a second delivery inserts nothing.
func Claim(db *sql.DB, name string) error {
	return retry(sq.Insert("imported_files").Columns("name").Values(name).Suffix("ON CONFLICT DO NOTHING").RunWith(db).PlaceholderFormat(sq.Dollar))
}

// Record appends a record row: again on every delivery.
func Record(db *sql.DB, name string) error {
	return retry(sq.Insert("file_records").Columns("name").Values(name).RunWith(db).PlaceholderFormat(sq.Dollar))
}

// Importer is a kafka-go processor (queue.Processor).
type Importer struct{ DB *sql.DB }

// Process claims the file, then records it.
func (i *Importer) Process(ctx context.Context, e queue.Event) error {
	if err := Claim(i.DB, e.Actor); err != nil {
		return err
	}
	return Record(i.DB, e.Actor)
}
