package checkactfix

import (
	"context"
	"database/sql"
	"errors"

	"github.com/hibiken/asynq"
)

// errKeyDone is what the validation returns when the job's key row is
// already there.
var errKeyDone = errors.New("key processed")

// keyValidate reads the job's key row: found is the sentinel errKeyDone.
func (d *Deps) keyValidate(ctx context.Context, id string) error { // want keyValidate:`^effects: db_read/select job_keys$`
	var k string
	err := d.DB.QueryRowContext(ctx, "select file_name from job_keys where job_id = $1", id).Scan(&k) // want `check-then-act: this check of job_keys and the write into it at checkactfix/keys.go:\d+ sit on either side of the insert into exports at checkactfix/keys.go:\d+`
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	return errKeyDone
}

// keyAck turns the sentinel into "acknowledge", after setting the job's
// status (idempotent bookkeeping, in another table).
func (d *Deps) keyAck(ctx context.Context, id string) (bool, error) { // want keyAck:`^effects: db_read/select job_keys; db_write/update-set jobs$`
	err := d.keyValidate(ctx, id)
	if errors.Is(err, errKeyDone) {
		_, err := d.DB.ExecContext(ctx, "update jobs set status = 'completed' where id = $1", id)
		return true, err
	}
	return false, err
}

// keyExport exports, then inserts the key row that says it was done.
func (d *Deps) keyExport(ctx context.Context, id string) error { // want keyExport:`^effects: db_write/insert exports; db_write/insert job_keys$`
	if _, err := d.DB.ExecContext(ctx, "insert into exports (job_id) values ($1)", id); err != nil {
		return err
	}
	_, err := d.DB.ExecContext(ctx, "insert into job_keys (job_id) values ($1)", id)
	return err
}

// keyExportFirst inserts the key row before the export.
func (d *Deps) keyExportFirst(ctx context.Context, id string) error { // want keyExportFirst:`^effects: db_write/insert job_keys; db_write/insert exports$`
	if _, err := d.DB.ExecContext(ctx, "insert into job_keys (job_id) values ($1)", id); err != nil {
		return err
	}
	_, err := d.DB.ExecContext(ctx, "insert into exports (job_id) values ($1)", id)
	return err
}

// KeyExport: the key row's check in a helper's helper, its sentinel
// turned into "acknowledge"; the export and then the key row's insert in
// one call: check-then-act, the key row's insert included (it repeats
// only when the export does).
func (d *Deps) KeyExport(ctx context.Context, t *asynq.Task) error { // want KeyExport:`^effects: db_write/insert exports issue=check-then-act; db_write/insert job_keys issue=check-then-act; db_read/select job_keys; db_write/update-set jobs$`
	id := string(t.Payload())
	ack, err := d.keyAck(ctx, id)
	if err != nil {
		return err
	}
	if ack {
		return nil
	}
	return d.keyExport(ctx, id)
}

// KeyExportUnchecked ignores the answer: no check.
func (d *Deps) KeyExportUnchecked(ctx context.Context, t *asynq.Task) error { // want KeyExportUnchecked:`^effects: db_write/insert exports; db_write/insert job_keys; db_read/select job_keys; db_write/update-set jobs$` `unguarded: handler \(\*checkactfix.Deps\).KeyExportUnchecked \(asynq task "keyexportunchecked"\) repeats its side effects when a job is delivered twice: insert into exports`
	id := string(t.Payload())
	_, _ = d.keyAck(ctx, id)
	return d.keyExport(ctx, id)
}

// KeyExportFirst inserts the key row before the export: nothing is left
// between the check and the record.
func (d *Deps) KeyExportFirst(ctx context.Context, t *asynq.Task) error { // want KeyExportFirst:`^effects: db_write/insert job_keys; db_write/insert exports; db_read/select job_keys; db_write/update-set jobs$` `unguarded: handler \(\*checkactfix.Deps\).KeyExportFirst \(asynq task "keyexportfirst"\) repeats its side effects when a job is delivered twice: insert into job_keys`
	id := string(t.Payload())
	ack, err := d.keyAck(ctx, id)
	if err != nil {
		return err
	}
	if ack {
		return nil
	}
	return d.keyExportFirst(ctx, id)
}

// KeyAndCount: the validation also counts the delivery (a non-idempotent
// write): the call acts itself, it is no check.
func (d *Deps) KeyAndCount(ctx context.Context, t *asynq.Task) error { // want KeyAndCount:`^effects: db_write/insert exports; db_write/insert job_keys; db_write/update-increment jobs; db_read/select job_keys$` `unguarded: handler \(\*checkactfix.Deps\).KeyAndCount \(asynq task "keyandcount"\) repeats its side effects when a job is delivered twice: insert into exports`
	id := string(t.Payload())
	ack, err := d.keyCount(ctx, id)
	if err != nil {
		return err
	}
	if ack {
		return nil
	}
	return d.keyExport(ctx, id)
}

// keyCount is keyAck counting the deliveries of the job.
func (d *Deps) keyCount(ctx context.Context, id string) (bool, error) { // want keyCount:`^effects: db_write/update-increment jobs; db_read/select job_keys$`
	if _, err := d.DB.ExecContext(ctx, "update jobs set runs = runs + 1 where id = $1", id); err != nil {
		return false, err
	}
	err := d.keyValidate(ctx, id)
	if errors.Is(err, errKeyDone) {
		return true, nil
	}
	return false, err
}
