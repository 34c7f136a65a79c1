// Package fieldregfix: a field forward. basew.Worker.Run registers the
// method value w.perform under w.Name, and perform calls w.Perform; each
// job builds its Worker with a composite literal that names the task and
// sets Perform to its own method. Each literal is a registration of
// Worker.perform of its own, under the literal's name: one handler per
// job, whose w.Perform is that job's method only (the whole program).
// Near miss: Dynamic's literal takes its name from its argument (a name
// computed at run time): one handler, task unknown.
package fieldregfix

import (
	"context"
	"database/sql"

	worker "github.com/contribsys/faktory_worker_go"

	"fieldregfix/basew"
)

type Inserter struct {
	basew.Worker
	db *sql.DB
}

func NewInserter(db *sql.DB, fk *worker.Manager) *Inserter { // want NewInserter:"no effects"
	in := &Inserter{db: db}
	in.Worker = basew.Worker{
		Name:    "Insert", // wholewant `^unguarded: .*twice: insert into events \(medium\) at` // want `unguarded: handler basew.Worker.perform \(faktory task "Insert"\) .*insert into events`
		FK:      fk,
		Perform: in.insert,
	}
	return in
}

func (in *Inserter) insert(ctx context.Context, id uint) error { // want insert:`^effects: db_write/insert events$`
	_, err := in.db.ExecContext(ctx, "insert into events (id) values ($1)", id)
	return err
}

type Marker struct {
	basew.Worker
	db *sql.DB
}

func NewMarker(db *sql.DB, fk *worker.Manager) *Marker { // want NewMarker:"no effects"
	m := &Marker{db: db}
	m.Worker = basew.Worker{Name: "Mark", FK: fk, Perform: m.mark} // its own update only: idempotent
	return m
}

func (m *Marker) mark(ctx context.Context, id uint) error { // want mark:`^effects: db_write/update-set events$`
	_, err := m.db.ExecContext(ctx, "update events set seen = true where id = $1", id)
	return err
}

// Dynamic names its worker after its argument: not known here.
func Dynamic(name string, db *sql.DB, fk *worker.Manager) basew.Worker { // want Dynamic:"no effects"
	m := &Marker{db: db}
	return basew.Worker{Name: name + "-dyn", FK: fk, Perform: m.mark}
}
