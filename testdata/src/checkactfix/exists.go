package checkactfix

import (
	"context"
	"errors"
	"fmt"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
)

// AlreadyImported is the error a duplicate import is reported with.
type AlreadyImported struct{ Name string }

func (e *AlreadyImported) Error() string { return "already imported: " + e.Name } // want Error:`^no effects$`

// fileExists reads whether the file row is there.
func (d *Deps) fileExists(ctx context.Context, name string) (bool, error) { // want fileExists:`^effects: db_read/select files$`
	var ok bool
	err := d.Pool.QueryRow(ctx, "select exists(select 1 from files where name = $1)", name).Scan(&ok)
	return ok, err
}

// ImportExists: the "already there" answer is an error made on that
// branch: a second delivery finds the row the first inserted and fails
// (duplicate-as-error at the return); the read's own failure is not it.
func (d *Deps) ImportExists(ctx context.Context, t *asynq.Task) error { // want ImportExists:`^effects: db_write/insert files; db_read/select files$` `unguarded: handler \(\*checkactfix.Deps\).ImportExists \(asynq task "import"\) repeats its side effects when a job is delivered twice: insert into files`
	name := string(t.Payload())
	exists, err := d.fileExists(ctx, name)
	if err != nil {
		return fmt.Errorf("lookup: %w", err)
	}
	if exists {
		return &AlreadyImported{Name: name} // want `duplicate-as-error: the check of files finds the row a first delivery inserted \(at checkactfix/exists.go:\d+\) and this branch returns an error`
	}
	_, err = d.Pool.Exec(ctx, "insert into files (name) values ($1)", name)
	return err
}

// UpdateFound: not found is a real error when the branch updates the row.
func (d *Deps) UpdateFound(ctx context.Context, t *asynq.Task) error { // want UpdateFound:`^effects: db_write/update-increment files; db_read/select files$` `unguarded: handler \(\*checkactfix.Deps\).UpdateFound \(asynq task "touch"\) repeats its side effects when a job is delivered twice: update-increment of files`
	name := string(t.Payload())
	exists, err := d.fileExists(ctx, name)
	if err != nil {
		return err
	}
	if !exists {
		return errors.New("no such file")
	}
	_, err = d.Pool.Exec(ctx, "update files set hits = hits + 1 where name = $1", name)
	return err
}

// FindOrCreate: the read's failure wrapped with other values is still the
// read's failure; no row yet inserts it.
func (d *Deps) FindOrCreate(ctx context.Context, t *asynq.Task) error { // want FindOrCreate:`^effects: db_write/insert files; db_read/select files$` `unguarded: handler \(\*checkactfix.Deps\).FindOrCreate \(asynq task "findorcreate"\) repeats its side effects when a job is delivered twice: insert into files`
	name := string(t.Payload())
	var id int
	err := d.Pool.QueryRow(ctx, "select id from files where name = $1", name).Scan(&id)
	if err != nil {
		if !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("find file %s (%d): %w", name, id, err)
		}
		_, err := d.Pool.Exec(ctx, "insert into files (name) values ($1)", name)
		return err
	}
	return nil
}

// runningJobs lists the jobs still running.
func (d *Deps) runningJobs(ctx context.Context) ([]string, error) { // want runningJobs:`^effects: db_read/select jobs$`
	rows, err := d.Pool.Query(ctx, "select id from jobs where status = 'running'")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Busy: "a run is in progress, try later" is not the duplicate's answer:
// the list of running jobs says nothing of a first delivery's row.
func (d *Deps) Busy(ctx context.Context, t *asynq.Task) error { // want Busy:`^effects: db_write/insert jobs; db_read/select jobs$` `unguarded: handler \(\*checkactfix.Deps\).Busy \(asynq task "busy"\) repeats its side effects when a job is delivered twice: insert into jobs`
	running, err := d.runningJobs(ctx)
	if err != nil {
		return err
	}
	if len(running) > 0 {
		return errors.New("a run is in progress")
	}
	_, err = d.Pool.Exec(ctx, "insert into jobs (id, status) values (gen_random_uuid(), 'running')")
	return err
}
