package duperrfix

import (
	"context"
	"encoding/json"

	"github.com/hibiken/asynq"
)

// A child created with the parent the run has just inserted: the parent's
// insert (a serial id only) repeats on a second delivery and RETURNING
// gives a new id each time, so the child's unique parent_id is new too:
// a redelivery does not fail on it (no duplicate-as-error); the repeated
// parent is what a reviewer sees (unguarded). Near misses: the child
// keyed by what the job carries, and by the id an upsert returns (the
// existing row's on a second delivery).

type parentRow struct {
	ID   int64
	Name string
}

type childParams struct {
	ParentID int64
	Kind     string
}

type familyMsg struct {
	ParentID int64  `json:"parent_id"`
	Name     string `json:"name"`
}

func decodeFamily(t *asynq.Task) familyMsg { // want decodeFamily:`^no effects$`
	var m familyMsg
	_ = json.Unmarshal(t.Payload(), &m)
	return m
}

// createParent inserts a parent and returns its row: the id is new on
// every call.
func (d *SQLIDDeps) createParent(ctx context.Context, name string) (*parentRow, error) { // want createParent:`^effects: db_write/insert de_parents$`
	var p parentRow
	err := d.Pool.Pool.QueryRow(ctx, "insert into de_parents (name) values ($1) returning id, name", name).Scan(&p.ID, &p.Name)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// upsertNamed returns the id of the row named name, new or existing.
func (d *SQLIDDeps) upsertNamed(ctx context.Context, name string) (*parentRow, error) { // want upsertNamed:`^effects: db_write/upsert-set de_named$`
	var p parentRow
	err := d.Pool.Pool.QueryRow(ctx, "insert into de_named (name) values ($1) on conflict (name) do update set name = excluded.name returning id, name", name).Scan(&p.ID, &p.Name)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// createChild inserts the child it is given: its callers decide the key.
func (d *SQLIDDeps) createChild(ctx context.Context, c childParams) error { // want createChild:`^effects: db_write/insert de_children$`
	_, err := d.Pool.Pool.Exec(ctx, "insert into de_children (parent_id, kind) values ($1, $2)", c.ParentID, c.Kind)
	return err
}

// FamilyCreated: the child is keyed by the parent inserted just before.
func (d *SQLIDDeps) FamilyCreated(ctx context.Context, t *asynq.Task) error { // want FamilyCreated:`^effects: db_write/insert de_parents; db_write/insert de_children$` `unguarded: handler \(\*duperrfix.SQLIDDeps\).FamilyCreated \(asynq task "family"\) repeats its side effects when a job is delivered twice: insert into de_(parents|children)`
	m := decodeFamily(t)
	p, err := d.createParent(ctx, m.Name)
	if err != nil {
		return err
	}
	c := childParams{Kind: "work"}
	c.ParentID = p.ID
	return d.createChild(ctx, c)
}

// FamilyKeyed (near miss): the child is keyed by the job's parent id:
// a second delivery's insert fails on it.
func (d *SQLIDDeps) FamilyKeyed(ctx context.Context, t *asynq.Task) error { // want FamilyKeyed:`^effects: db_write/insert de_children$` `duplicate-as-error: a second delivery's insert into de_children \(medium\) at duperrfix/freshid.go:\d+ fails on the duplicate \(a second insert of the row violates the unique \(parent_id\)`
	m := decodeFamily(t)
	return d.createChild(ctx, childParams{ParentID: m.ParentID, Kind: "work"})
}

// FamilyUpserted (near miss): the id an upsert returns is the existing
// row's on a second delivery: the child's insert fails on it.
func (d *SQLIDDeps) FamilyUpserted(ctx context.Context, t *asynq.Task) error { // want FamilyUpserted:`^effects: db_write/insert de_children; db_write/upsert-set de_named$` `duplicate-as-error: a second delivery's insert into de_children \(medium\) at duperrfix/freshid.go:\d+ fails on the duplicate`
	m := decodeFamily(t)
	p, err := d.upsertNamed(ctx, m.Name)
	if err != nil {
		return err
	}
	c := childParams{Kind: "work"}
	c.ParentID = p.ID
	return d.createChild(ctx, c)
}

func registerFamily(mux *asynq.ServeMux, d *SQLIDDeps) { // want registerFamily:`^no effects$`
	mux.HandleFunc("family", d.FamilyCreated)
	mux.HandleFunc("familykeyed", d.FamilyKeyed)
	mux.HandleFunc("familyupserted", d.FamilyUpserted)
}
