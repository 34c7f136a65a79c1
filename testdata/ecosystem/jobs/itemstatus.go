package jobs

import (
	"context"
	"log"
	"net/http"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/ecosystem/ent"
)

// The per-item status check-then-act on ent's generated code (issue 28,
// stop 56; fixtures ecoent/statusrows.go, statuswhole; rezible's
// projection pipeline): each projector's status is a row of exports (the
// id its name, the name its status), read once into a map; the loop skips
// a projector whose row says succeeded (continue; one with no row joins
// the others after the test), marks it pending, POSTs and marks it
// succeeded (UpdateOneID or Create). Two deliveries at once both read
// "not succeeded" and both POST: check-then-act. jobs/itemsaver.go writes
// the status through one interface over the builders' Save, as rezible
// does. The near miss claims each projector's run by a compare-and-set of
// its status (pending → running, the rows affected tested) before the
// POST: guarded.

const (
	itemPending   = "pending"
	itemSucceeded = "succeeded"
)

// ItemDeps runs projectors once per event.
type ItemDeps struct {
	Ent        *ent.Client
	Pool       *pgxpool.Pool
	Projectors map[string]string
	Notifier   ItemNotifier // jobs/itemnotify.go
}

type itemStatus struct {
	found bool
	state string
}

// itemStatuses reads the status rows into a map keyed by projector.
func (d *ItemDeps) itemStatuses(ctx context.Context) (map[string]itemStatus, error) {
	rows, err := d.Ent.Export.Query().All(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]itemStatus{}
	for _, r := range rows {
		out[r.ID] = itemStatus{found: true, state: r.Name}
	}
	return out, nil
}

// setItemStatus updates the projector's row when it has one, creates it
// otherwise, with no test of the old status.
func (d *ItemDeps) setItemStatus(ctx context.Context, found bool, name, state string) error {
	if found {
		return d.Ent.Export.UpdateOneID(name).SetName(state).Exec(ctx)
	}
	return d.Ent.Export.Create().SetID(name).SetName(state).Exec(ctx)
}

// ItemProjectAll skips the projectors that succeeded and runs the others.
func (d *ItemDeps) ItemProjectAll(ctx context.Context, t *asynq.Task) error {
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
		if err := d.setItemStatus(ctx, found, name, itemPending); err != nil {
			log.Print(err)
		}
		resp, err := http.Post(url, "application/json", nil)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if err := d.setItemStatus(ctx, true, name, itemSucceeded); err != nil {
			log.Print(err)
		}
	}
	return nil
}

// ItemProjectClaimed claims each projector's run before the POST: only
// the delivery whose update moved the row from pending to running posts
// (near miss).
func (d *ItemDeps) ItemProjectClaimed(ctx context.Context, t *asynq.Task) error {
	sts, err := d.itemStatuses(ctx)
	if err != nil {
		return err
	}
	for name, url := range d.Projectors {
		if cur, ok := sts[name]; ok {
			if cur.state == itemSucceeded {
				continue
			}
		}
		tag, err := d.Pool.Exec(ctx, "update exports set name = 'running' where id = $1 and name = 'pending'", name)
		if err != nil || tag.RowsAffected() == 0 {
			continue
		}
		resp, err := http.Post(url, "application/json", nil)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if err := d.setItemStatus(ctx, true, name, itemSucceeded); err != nil {
			log.Print(err)
		}
	}
	return nil
}

// RegisterItemStatus registers the per-item status handlers.
func RegisterItemStatus(mux *asynq.ServeMux, d *ItemDeps) {
	mux.HandleFunc("item:project-all", d.ItemProjectAll)
	mux.HandleFunc("item:project-claimed", d.ItemProjectClaimed)
	mux.HandleFunc("item:project-saved", d.ItemProjectSaved)
	mux.HandleFunc("item:notify-claimed", d.ItemNotifyClaimed)
	mux.HandleFunc("item:notify-first", d.ItemNotifyFirst)
}
