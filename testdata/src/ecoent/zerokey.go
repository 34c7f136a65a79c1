package ecoent

import (
	"context"

	"github.com/hibiken/asynq"

	"entexample/ent"
)

// Find-or-create on tables only ent's schema keys (entc's generated
// migration, declared/entmigrate/schema.go: triggers.EntSchema). notes
// are one per shift (field.String("shift_id").Unique()): a redelivery
// finds the note, an overlapping one fails on the key and is retried:
// guarded. drafts have only a plain index on shift_id: two deliveries at
// once both find none and both create one (check-then-act), the "not
// found" here told by the row's id left zero.

// NoteRemind: find-or-create under ent's unique shift_id: no finding.
func (d *Deps) NoteRemind(ctx context.Context, t *asynq.Task) error { // want NoteRemind:`^effects: db_write/insert notes guarded=processed_jobs; db_read/select notes$`
	shiftID := decodeShift(t).ShiftID
	n, err := d.Client.Note.Query().WhereShiftID(shiftID).Only(ctx)
	if err != nil && !ent.IsNotFound(err) {
		return err
	}
	if n != nil {
		return nil
	}
	_, err = d.Client.Note.Create().SetShiftID(shiftID).Save(ctx)
	return err
}

// DraftRemind: the same on drafts, tested by the id of the row read:
// check-then-act.
func (d *Deps) DraftRemind(ctx context.Context, t *asynq.Task) error { // want DraftRemind:`^effects: db_write/insert drafts issue=check-then-act; db_read/select drafts$`
	shiftID := decodeShift(t).ShiftID
	dr, err := d.Client.Draft.Query().WhereShiftID(shiftID).First(ctx) // want `check-then-act: this look-up of drafts finds no row and the insert into it at ecoent/zerokey.go:\d+ makes one`
	if err != nil {
		return err
	}
	if dr.ID != 0 {
		return nil
	}
	_, err = d.Client.Draft.Create().SetShiftID(shiftID).Save(ctx)
	return err
}

func registerZeroKey(mux *asynq.ServeMux, d *Deps) { // want registerZeroKey:`^no effects$`
	mux.HandleFunc("ent:note-remind", d.NoteRemind)
	mux.HandleFunc("ent:draft-remind", d.DraftRemind)
}
