package ecoent

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// An ent create given its id (SetID) into a table whose only unique key
// is that id (declared/migrations/007_entidfix.sql): an id traced to the
// job is a business key, as a gorm model's ID (natkeyfix) or an SQL
// insert's bound id (duperrfix/sqlid.go): a second delivery's Save fails
// on it, and returning that failure is duplicate-as-error. A fresh uuid,
// or no SetID, leaves the id a surrogate: the create repeats.

type exportMsg struct {
	TaskID string `json:"task_id"`
	Name   string `json:"name"`
}

func decodeExport(t *asynq.Task) exportMsg { // want decodeExport:`^no effects$`
	var m exportMsg
	_ = json.Unmarshal(t.Payload(), &m)
	return m
}

// createExport saves the export under the id it is given: its callers
// decide.
func (d *Deps) createExport(ctx context.Context, id, name string) error { // want createExport:`^effects: db_write/insert exports$`
	_, err := d.Client.Export.Create().
		SetID(id).
		SetName(name).
		Save(ctx)
	return err
}

// ExportKeyed: the id is the payload's task id.
func (d *Deps) ExportKeyed(ctx context.Context, t *asynq.Task) error { // want ExportKeyed:`^effects: db_write/insert exports$` `duplicate-as-error: a second delivery's insert into exports \(medium\) at ecoent/setid.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) at declared/migrations/007_entidfix.sql:3, filled from m.TaskID\)`
	m := decodeExport(t)
	_, err := d.Client.Export.Create().SetID(m.TaskID).SetName(m.Name).Save(ctx)
	return err
}

// ExportHelper: the same through a helper given the payload's id.
func (d *Deps) ExportHelper(ctx context.Context, t *asynq.Task) error { // want ExportHelper:`^effects: db_write/insert exports$` `duplicate-as-error: a second delivery's insert into exports \(medium\) at ecoent/setid.go:\d+ fails on the duplicate`
	m := decodeExport(t)
	return d.createExport(ctx, m.TaskID, m.Name)
}

// ExportFresh (near miss): a new uuid per delivery: a surrogate.
func (d *Deps) ExportFresh(ctx context.Context, t *asynq.Task) error { // want ExportFresh:`^effects: db_write/insert exports$` `unguarded: handler \(\*ecoent.Deps\).ExportFresh .*insert into exports \(medium\)`
	m := decodeExport(t)
	_, err := d.Client.Export.Create().SetID(uuid.NewString()).SetName(m.Name).Save(ctx)
	return err
}

// ExportHelperFresh (near miss): the helper is given a new uuid.
func (d *Deps) ExportHelperFresh(ctx context.Context, t *asynq.Task) error { // want ExportHelperFresh:`^effects: db_write/insert exports$` `unguarded: handler \(\*ecoent.Deps\).ExportHelperFresh .*insert into exports \(medium\)`
	m := decodeExport(t)
	return d.createExport(ctx, uuid.New().String(), m.Name)
}

// ExportNoID (near miss): no SetID: the id is the database's.
func (d *Deps) ExportNoID(ctx context.Context, t *asynq.Task) error { // want ExportNoID:`^effects: db_write/insert exports$` `unguarded: handler \(\*ecoent.Deps\).ExportNoID .*insert into exports \(medium\)`
	m := decodeExport(t)
	return d.Client.Export.Create().SetName(m.Name).Exec(ctx)
}

// exportRow is what a repository's create is given (flexprice's
// taskRepository.Create(ctx, t *task.Task): SetID(t.ID)).
type exportRow struct {
	ID   string
	Name string
}

// createRow saves the row under its own id: the callers decide.
func (d *Deps) createRow(ctx context.Context, r *exportRow) error { // want createRow:`^effects: db_write/insert exports$`
	_, err := d.Client.Export.Create().SetID(r.ID).SetName(r.Name).Save(ctx)
	return err
}

// ExportRow: the row's id is the payload's task id.
func (d *Deps) ExportRow(ctx context.Context, t *asynq.Task) error { // want ExportRow:`^effects: db_write/insert exports$` `duplicate-as-error: a second delivery's insert into exports \(medium\) at ecoent/setid.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) at declared/migrations/007_entidfix.sql:3, filled from r.ID\)`
	m := decodeExport(t)
	return d.createRow(ctx, &exportRow{ID: m.TaskID, Name: m.Name})
}

// freshRow is another repository's row, whose id its callers fill with
// a new uuid.
type freshRow struct {
	ID   string
	Name string
}

func (d *Deps) createFresh(ctx context.Context, r *freshRow) error { // want createFresh:`^effects: db_write/insert exports$`
	_, err := d.Client.Export.Create().SetID(r.ID).SetName(r.Name).Save(ctx)
	return err
}

// ExportRowFresh (near miss): the row's id is a new uuid.
func (d *Deps) ExportRowFresh(ctx context.Context, t *asynq.Task) error { // want ExportRowFresh:`^effects: db_write/insert exports$` `unguarded: handler \(\*ecoent.Deps\).ExportRowFresh .*insert into exports \(medium\)`
	m := decodeExport(t)
	return d.createFresh(ctx, &freshRow{ID: uuid.NewString(), Name: m.Name})
}

// ReportKeyed: no migration creates reports (ent's own migration makes
// it from the schema), and ent makes the id field its primary key: the
// payload's id is a business key there too.
func (d *Deps) ReportKeyed(ctx context.Context, t *asynq.Task) error { // want ReportKeyed:`^effects: db_write/insert reports$` `duplicate-as-error: a second delivery's insert into reports \(medium\) at ecoent/setid.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) ent gives the entity's table, filled from m.TaskID\)`
	m := decodeExport(t)
	_, err := d.Client.Report.Create().SetID(m.TaskID).SetName(m.Name).Save(ctx)
	return err
}

// ReportWide: the id set first in a chain of 31 setters (a wide entity's
// generated builder, every field set before Save) is found all the same.
func (d *Deps) ReportWide(ctx context.Context, t *asynq.Task) error { // want ReportWide:`^effects: db_write/insert reports$` `duplicate-as-error: a second delivery's insert into reports \(medium\) at ecoent/setid.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) ent gives the entity's table, filled from m.TaskID\)`
	m := decodeExport(t)
	_, err := d.Client.Report.Create().
		SetID(m.TaskID).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		SetName(m.Name).
		Save(ctx)
	return err
}

// ReportFresh (near miss): a new uuid there is a surrogate.
func (d *Deps) ReportFresh(ctx context.Context, t *asynq.Task) error { // want ReportFresh:`^effects: db_write/insert reports$` `unguarded: handler \(\*ecoent.Deps\).ReportFresh .*insert into reports \(medium\)`
	m := decodeExport(t)
	_, err := d.Client.Report.Create().SetID(uuid.NewString()).SetName(m.Name).Save(ctx)
	return err
}

// ReportNoID (near miss): no SetID: the id is the database's.
func (d *Deps) ReportNoID(ctx context.Context, t *asynq.Task) error { // want ReportNoID:`^effects: db_write/insert reports$` `unguarded: handler \(\*ecoent.Deps\).ReportNoID .*insert into reports \(medium\)`
	m := decodeExport(t)
	return d.Client.Report.Create().SetName(m.Name).Exec(ctx)
}

func registerSetID(mux *asynq.ServeMux, d *Deps) { // want registerSetID:`^no effects$`
	mux.HandleFunc("ent:export-keyed", d.ExportKeyed)
	mux.HandleFunc("ent:export-helper", d.ExportHelper)
	mux.HandleFunc("ent:export-fresh", d.ExportFresh)
	mux.HandleFunc("ent:export-helper-fresh", d.ExportHelperFresh)
	mux.HandleFunc("ent:export-noid", d.ExportNoID)
	mux.HandleFunc("ent:report-keyed", d.ReportKeyed)
	mux.HandleFunc("ent:report-wide", d.ReportWide)
	mux.HandleFunc("ent:report-fresh", d.ReportFresh)
	mux.HandleFunc("ent:report-noid", d.ReportNoID)
	mux.HandleFunc("ent:export-row", d.ExportRow)
	mux.HandleFunc("ent:export-row-fresh", d.ExportRowFresh)
}

// ExportBulkKeyed: the same row inserted in bulk (CreateBulk's builder
// carries the payload's task id): the batch fails on it, and returning
// that failure is duplicate-as-error.
func (d *Deps) ExportBulkKeyed(ctx context.Context, t *asynq.Task) error { // want ExportBulkKeyed:`^effects: db_write/insert exports$` `duplicate-as-error: a second delivery's insert into exports \(medium\) at ecoent/setid.go:\d+ fails on the duplicate \(a second insert of the row violates the primary key \(id\) at declared/migrations/007_entidfix.sql:3, filled from m.TaskID\)`
	m := decodeExport(t)
	return d.Client.Export.CreateBulk(
		d.Client.Export.Create().SetID(m.TaskID).SetName(m.Name),
	).Exec(ctx)
}

// ExportBulkFresh (near miss): the bulk's row under a new uuid.
func (d *Deps) ExportBulkFresh(ctx context.Context, t *asynq.Task) error { // want ExportBulkFresh:`^effects: db_write/insert exports$` `unguarded: handler \(\*ecoent.Deps\).ExportBulkFresh .*insert into exports \(medium\)`
	m := decodeExport(t)
	return d.Client.Export.CreateBulk(
		d.Client.Export.Create().SetID(uuid.NewString()).SetName(m.Name),
	).Exec(ctx)
}
