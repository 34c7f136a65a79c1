package ecoent

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/hibiken/asynq"

	"entexample/ent"
)

// An ent create whose setters fill a unique key of the migrations
// (declared/migrations/012_entfindcreate.sql: handovers.shift_id) from
// the job fails on a second delivery, as an SQL insert naming those
// columns does (businessKey); made only where a query of its table found
// no row (find-or-create, rezible's GetHandoverForShift), a redelivery
// finds the row and creates none, and an overlapping one fails on the key
// and is retried: guarded. Without the unique key (memos) the create
// repeats when deliveries overlap, both finding none: check-then-act at
// the look-up (guard.findCreateOnly).

type shiftMsg struct {
	ShiftID string `json:"shift_id"`
}

func decodeShift(t *asynq.Task) shiftMsg { // want decodeShift:`^no effects$`
	var m shiftMsg
	_ = json.Unmarshal(t.Payload(), &m)
	return m
}

func (d *Deps) createHandover(ctx context.Context, shiftID string) (*ent.Handover, error) { // want createHandover:`^effects: db_write/insert handovers$`
	return d.Client.Handover.Create().SetShiftID(shiftID).SetContents("template").Save(ctx)
}

// handoverFor finds the shift's handover, or creates it.
func (d *Deps) handoverFor(ctx context.Context, shiftID string) (*ent.Handover, error) { // want handoverFor:`^effects: db_write/insert handovers guarded=processed_jobs; db_read/select handovers$`
	h, err := d.Client.Handover.Query().WhereShiftID(shiftID).Only(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return nil, fmt.Errorf("query handover: %w", err)
	}
	if h != nil {
		return h, nil
	}
	return d.createHandover(ctx, shiftID)
}

// HandoverRemind: find-or-create under the unique shift_id: guarded (no
// finding).
func (d *Deps) HandoverRemind(ctx context.Context, t *asynq.Task) error { // want HandoverRemind:`^effects: db_write/insert handovers guarded=processed_jobs; db_read/select handovers$`
	h, err := d.handoverFor(ctx, decodeShift(t).ShiftID)
	if err != nil {
		return fmt.Errorf("get or create handover: %w", err)
	}
	if h.ReminderSent {
		return nil
	}
	return nil
}

// HandoverCreate: the create alone, keyed by the job's shift: a second
// delivery fails on the key.
func (d *Deps) HandoverCreate(ctx context.Context, t *asynq.Task) error { // want HandoverCreate:`^effects: db_write/insert handovers$` `duplicate-as-error: a second delivery's insert into handovers \(medium\) at ecoent/findcreate.go:\d+ fails on the duplicate \(a second insert of the row violates the unique \(shift_id\) at declared/migrations/012_entfindcreate.sql:3\)`
	_, err := d.Client.Handover.Create().SetShiftID(decodeShift(t).ShiftID).Save(ctx)
	return err
}

func (d *Deps) memoFor(ctx context.Context, shiftID string) (*ent.Memo, error) { // want memoFor:`^effects: db_write/insert memos issue=check-then-act; db_read/select memos$`
	m, err := d.Client.Memo.Query().WhereShiftID(shiftID).Only(ctx) // want `check-then-act: this look-up of memos finds no row and the insert into it at ecoent/findcreate.go:\d+ makes one: two statements, and no unique key of memos holds the columns looked up`
	if err != nil && !ent.IsNotFound(err) {
		return nil, err
	}
	if m != nil {
		return m, nil
	}
	return d.Client.Memo.Create().SetShiftID(shiftID).Save(ctx)
}

// MemoRemind (near miss): the same find-or-create on memos, which no
// unique key holds: two deliveries at once both create (check-then-act,
// carried from memoFor; a later delivery finds the memo).
func (d *Deps) MemoRemind(ctx context.Context, t *asynq.Task) error { // want MemoRemind:`^effects: db_write/insert memos issue=check-then-act; db_read/select memos$`
	_, err := d.memoFor(ctx, decodeShift(t).ShiftID)
	return err
}

func registerFindCreate(mux *asynq.ServeMux, d *Deps) { // want registerFindCreate:`^no effects$`
	mux.HandleFunc("ent:handover-remind", d.HandoverRemind)
	mux.HandleFunc("ent:handover-create", d.HandoverCreate)
	mux.HandleFunc("ent:memo-remind", d.MemoRemind)
}
