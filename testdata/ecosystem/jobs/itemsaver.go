package jobs

import (
	"context"
	"log"
	"net/http"

	"github.com/hibiken/asynq"

	"example.com/ecosystem/ent"
)

// The per-item status of jobs/itemstatus.go written through one interface
// over ent's builders' Save (rezible's projection pipeline; fixture
// statuswhole): per package the write is an unknown interface call, and
// go vet says unguarded; over the whole program it resolves to the
// builders' Save, of exports, and the skip, the POST and the status
// written around it are check-then-act.

// exportSaver is the generated builders' Save behind one interface.
type exportSaver interface {
	Save(ctx context.Context) (*ent.Export, error)
}

// saveItemStatus updates the projector's row when it has one, creates it
// otherwise, through the saver.
func (d *ItemDeps) saveItemStatus(ctx context.Context, found bool, name, state string) error {
	var m exportSaver
	if found {
		m = d.Ent.Export.UpdateOneID(name).SetName(state)
	} else {
		m = d.Ent.Export.Create().SetID(name).SetName(state)
	}
	_, err := m.Save(ctx)
	return err
}

// ItemProjectSaved skips the projectors that succeeded and runs the
// others.
func (d *ItemDeps) ItemProjectSaved(ctx context.Context, t *asynq.Task) error {
	sts, err := d.itemStatuses(ctx)
	if err != nil {
		return err
	}
	for name, url := range d.Projectors {
		var found bool
		if cur, ok := sts[name]; ok {
			if cur.state == itemSucceeded {
				continue
			}
			found = true
		}
		if err := d.saveItemStatus(ctx, found, name, itemPending); err != nil {
			log.Print(err)
		}
		resp, err := http.Post(url, "application/json", nil)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if err := d.saveItemStatus(ctx, true, name, itemSucceeded); err != nil {
			log.Print(err)
		}
	}
	return nil
}
