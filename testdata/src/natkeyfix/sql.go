package natkeyfix

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// An SQL insert that a unique key covers fails on a redelivery only when
// the key's value is the same on every delivery: a uuid primary key made
// per delivery is a fresh surrogate and says nothing (bcda-app's
// admin_create_aco, db.go:22-25 with main.go:89's uuid.NewRandom()); the
// business key cms_id (from the payload) does.

const insertACO = `INSERT INTO nk_acos (uuid, cms_id, name) VALUES ($1, $2, $3)`

const insertACONoCMS = `INSERT INTO nk_acos (uuid, name) VALUES ($1, $2)`

type ACO struct {
	UUID  string
	CMSID string
	Name  string
}

type ACOMsg struct {
	CMSID string `json:"cms_id"`
	Name  string `json:"name"`
}

type SQLDeps struct{ DB *sql.DB }

func decodeACO(t *asynq.Task) ACOMsg { // want decodeACO:"no effects"
	var m ACOMsg
	_ = json.Unmarshal(t.Payload(), &m)
	return m
}

// The uuid is made here: the uuid key says nothing, cms_id decides.
func (d *SQLDeps) CreateACO(ctx context.Context, t *asynq.Task) error { // want CreateACO:`^effects: db_write/insert nk_acos$` `duplicate-as-error: .*violates the unique \(cms_id\)`
	m := decodeACO(t)
	_, err := d.DB.ExecContext(ctx, insertACO, uuid.NewString(), m.CMSID, m.Name)
	return err
}

// Near miss: without cms_id only the fresh uuid key covers the insert: a
// second delivery inserts a second row.
func (d *SQLDeps) CreateACONoCMS(ctx context.Context, t *asynq.Task) error { // want CreateACONoCMS:`^effects: db_write/insert nk_acos$` `unguarded: .*insert into nk_acos \(medium\)`
	m := decodeACO(t)
	_, err := d.DB.ExecContext(ctx, insertACONoCMS, uuid.NewString(), m.Name)
	return err
}

// Through a helper given the row: the uuid its caller made is fresh there.
func (d *SQLDeps) insertRow(ctx context.Context, a ACO) error { // want insertRow:`^effects: db_write/insert nk_acos$`
	_, err := d.DB.ExecContext(ctx, insertACONoCMS, a.UUID, a.Name)
	return err
}

func (d *SQLDeps) CreateViaHelper(ctx context.Context, t *asynq.Task) error { // want CreateViaHelper:`^effects: db_write/insert nk_acos$` `unguarded: .*insert into nk_acos \(medium\)`
	m := decodeACO(t)
	return d.insertRow(ctx, ACO{UUID: uuid.NewString(), Name: m.Name})
}

func RegisterSQL(d *SQLDeps) *asynq.ServeMux { // want RegisterSQL:"no effects"
	mux := asynq.NewServeMux()
	mux.HandleFunc("aco:create", d.CreateACO)
	mux.HandleFunc("aco:create-no-cms", d.CreateACONoCMS)
	mux.HandleFunc("aco:create-helper", d.CreateViaHelper)
	mux.HandleFunc("aco:create-full-helper", d.CreateFullViaHelper)
	mux.HandleFunc("aco:create-two-levels", d.CreateTwoLevels)
	return mux
}

// Both keys through a helper: the caller's fresh uuid leaves cms_id, which
// the helper is also given, to fail a redelivery's insert.
func (d *SQLDeps) insertFull(ctx context.Context, a ACO) error { // want insertFull:`^effects: db_write/insert nk_acos$`
	_, err := d.DB.ExecContext(ctx, insertACO, a.UUID, a.CMSID, a.Name)
	return err
}

func (d *SQLDeps) CreateFullViaHelper(ctx context.Context, t *asynq.Task) error { // want CreateFullViaHelper:`^effects: db_write/insert nk_acos$` `duplicate-as-error: .*violates the unique \(cms_id\)`
	m := decodeACO(t)
	return d.insertFull(ctx, ACO{UUID: uuid.NewString(), CMSID: m.CMSID, Name: m.Name})
}

// bcda-app's shape: the handler makes the uuid and passes it down to the
// function that builds the row.
func (d *SQLDeps) build(ctx context.Context, m ACOMsg, id string) error { // want build:`^effects: db_write/insert nk_acos$`
	return d.insertFull(ctx, ACO{UUID: id, CMSID: m.CMSID, Name: m.Name})
}

func (d *SQLDeps) CreateTwoLevels(ctx context.Context, t *asynq.Task) error { // want CreateTwoLevels:`^effects: db_write/insert nk_acos$` `duplicate-as-error: .*violates the unique \(cms_id\)`
	return d.build(ctx, decodeACO(t), uuid.NewString())
}
