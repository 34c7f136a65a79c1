package jobs

import (
	"context"
	"encoding/json"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Two shapes of a reconciliation on pgx v5 (migrations/008_reconcile.sql):
//   - rc:family inserts a parent (serial id only) and a child keyed by the
//     id the insert returns: a redelivery makes a new parent and a new
//     child, never meeting the first child's unique parent_id (unguarded,
//     not duplicate-as-error);
//   - rc:labels reads the item's labels, plans only the names it does not
//     find and inserts those: a redelivery after the first finds them
//     (no duplicate-as-error), two at once both insert (check-then-act, at
//     the read).

// ReconcileDeps holds the pool.
type ReconcileDeps struct{ Pool *pgxpool.Pool }

type rcMsg struct {
	ItemID int64    `json:"item_id"`
	Name   string   `json:"name"`
	Labels []string `json:"labels"`
}

type rcParent struct {
	ID   int64
	Name string
}

type rcLabelPlan struct{ creates []rcLabel }

func (d *ReconcileDeps) createParent(ctx context.Context, name string) (*rcParent, error) {
	var p rcParent
	if err := d.Pool.QueryRow(ctx, "insert into rc_parents (name) values ($1) returning id, name", name).Scan(&p.ID, &p.Name); err != nil {
		return nil, err
	}
	return &p, nil
}

// Family inserts the parent and its child.
func (d *ReconcileDeps) Family(ctx context.Context, t *asynq.Task) error {
	var m rcMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return err
	}
	p, err := d.createParent(ctx, m.Name)
	if err != nil {
		return err
	}
	_, err = d.Pool.Exec(ctx, "insert into rc_children (parent_id, kind) values ($1, $2)", p.ID, "work")
	return err
}

func (d *ReconcileDeps) listLabels(ctx context.Context, item int64) ([]string, error) {
	rows, err := d.Pool.Query(ctx, "select name from rc_labels where item_id = $1", item)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

func planLabels(item int64, want, existing []string) rcLabelPlan {
	have := make(map[string]string, len(existing))
	for _, e := range existing {
		have[e] = e
	}
	var plan rcLabelPlan
	for _, n := range want {
		if _, ok := have[n]; !ok {
			plan.creates = append(plan.creates, rcLabel{ItemID: item, Name: n})
		}
	}
	return plan
}

type rcLabel struct {
	ItemID int64
	Name   string
}

func (d *ReconcileDeps) createLabel(ctx context.Context, l rcLabel) error {
	_, err := d.Pool.Exec(ctx, "insert into rc_labels (item_id, name) values ($1, $2)", l.ItemID, l.Name)
	return err
}

func (d *ReconcileDeps) applyLabels(ctx context.Context, plan rcLabelPlan) error {
	for _, l := range plan.creates {
		if err := d.createLabel(ctx, l); err != nil {
			return err
		}
	}
	return nil
}

// Labels inserts the labels the item lacks.
func (d *ReconcileDeps) Labels(ctx context.Context, t *asynq.Task) error {
	var m rcMsg
	if err := json.Unmarshal(t.Payload(), &m); err != nil {
		return err
	}
	existing, err := d.listLabels(ctx, m.ItemID)
	if err != nil {
		return err
	}
	return d.applyLabels(ctx, planLabels(m.ItemID, m.Labels, existing))
}

// RegisterReconcile registers the reconciliation handlers.
func RegisterReconcile(mux *asynq.ServeMux, d *ReconcileDeps) {
	mux.HandleFunc("rc:family", d.Family)
	mux.HandleFunc("rc:labels", d.Labels)
}
