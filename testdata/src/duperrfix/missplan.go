package duperrfix

import (
	"context"
	"encoding/json"

	"github.com/hibiken/asynq"
)

// A reconciliation: the rows the table holds are read, a planning
// function keeps only the keys it does not find there, and the inserts
// run over that list. A second delivery after the first finds the rows
// and inserts none (no duplicate-as-error); two at once both miss and
// both insert: check-then-act, at the read. Near misses: a plan that
// keeps every key (the miss is not what decides), and a plan read from
// another table.

type tagParams struct {
	ItemID int64
	Name   string
}

type tagRow struct {
	ItemID int64
	Name   string
}

type tagPlan struct {
	creates []tagParams
}

type tagMsg struct {
	ItemID int64    `json:"item_id"`
	Names  []string `json:"names"`
}

func decodeTags(t *asynq.Task) tagMsg { // want decodeTags:`^no effects$`
	var m tagMsg
	_ = json.Unmarshal(t.Payload(), &m)
	return m
}

func (d *SQLIDDeps) listTags(ctx context.Context, item int64) ([]tagRow, error) { // want listTags:`^effects: db_read/select de_tags$`
	rows, err := d.DB.QueryContext(ctx, "select item_id, name from de_tags where item_id = $1", item) // want `check-then-act: this read of de_tags decides which rows the insert into it at duperrfix/missplan.go:\d+ makes \(only the keys it does not find are planned\)`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []tagRow
	for rows.Next() {
		var r tagRow
		if err := rows.Scan(&r.ItemID, &r.Name); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func (d *SQLIDDeps) listEvents(ctx context.Context) ([]tagRow, error) { // want listEvents:`^effects: db_read/select de_events$`
	rows, err := d.DB.QueryContext(ctx, "select 1, body from de_events")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []tagRow
	for rows.Next() {
		var r tagRow
		if err := rows.Scan(&r.ItemID, &r.Name); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// planTags keeps the wanted tags the existing rows do not hold.
func planTags(m tagMsg, existing []tagRow) tagPlan { // want planTags:`^no effects$`
	have := make(map[string]tagRow, len(existing))
	for _, e := range existing {
		have[e.Name] = e
	}
	var plan tagPlan
	for _, n := range m.Names {
		if _, ok := have[n]; !ok {
			plan.creates = append(plan.creates, tagParams{ItemID: m.ItemID, Name: n})
		}
	}
	return plan
}

// planAllTags keeps every wanted tag: the rows read decide nothing.
func planAllTags(m tagMsg, existing []tagRow) tagPlan { // want planAllTags:`^no effects$`
	var plan tagPlan
	for _, n := range m.Names {
		plan.creates = append(plan.creates, tagParams{ItemID: m.ItemID, Name: n})
	}
	_ = existing
	return plan
}

func (d *SQLIDDeps) createTag(ctx context.Context, p tagParams) error { // want createTag:`^effects: db_write/insert de_tags$`
	_, err := d.DB.ExecContext(ctx, "insert into de_tags (item_id, name) values ($1, $2)", p.ItemID, p.Name)
	return err
}

func (d *SQLIDDeps) applyTags(ctx context.Context, plan tagPlan) error { // want applyTags:`^effects: db_write/insert de_tags$`
	for _, c := range plan.creates {
		if err := d.createTag(ctx, c); err != nil {
			return err
		}
	}
	return nil
}

// TagsReconciled: only the missing tags are inserted.
func (d *SQLIDDeps) TagsReconciled(ctx context.Context, t *asynq.Task) error { // want TagsReconciled:`^effects: db_write/insert de_tags issue=check-then-act; db_read/select de_tags$`
	m := decodeTags(t)
	existing, err := d.listTags(ctx, m.ItemID)
	if err != nil {
		return err
	}
	return d.applyTags(ctx, planTags(m, existing))
}

// TagsAll (near miss): every tag is inserted again: a second delivery
// fails on the unique key.
func (d *SQLIDDeps) TagsAll(ctx context.Context, t *asynq.Task) error { // want TagsAll:`^effects: db_write/insert de_tags; db_read/select de_tags$` `duplicate-as-error: a second delivery's insert into de_tags \(medium\)`
	m := decodeTags(t)
	existing, err := d.listTags(ctx, m.ItemID)
	if err != nil {
		return err
	}
	return d.applyTags(ctx, planAllTags(m, existing))
}

// TagsOtherTable (near miss): the plan's misses are of another table's
// rows: the tags are not checked.
func (d *SQLIDDeps) TagsOtherTable(ctx context.Context, t *asynq.Task) error { // want TagsOtherTable:`^effects: db_write/insert de_tags; db_read/select de_events$` `duplicate-as-error: a second delivery's insert into de_tags \(medium\)`
	m := decodeTags(t)
	existing, err := d.listEvents(ctx)
	if err != nil {
		return err
	}
	return d.applyTags(ctx, planTags(m, existing))
}

func registerTags(mux *asynq.ServeMux, d *SQLIDDeps) { // want registerTags:`^no effects$`
	mux.HandleFunc("tags", d.TagsReconciled)
	mux.HandleFunc("tagsall", d.TagsAll)
	mux.HandleFunc("tagsother", d.TagsOtherTable)
}
