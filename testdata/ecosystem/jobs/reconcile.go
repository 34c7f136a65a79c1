package jobs

import (
	"context"
	"encoding/json"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
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
//     the read);
//   - rc:links reads the sources and the targets they link to, plans a
//     target for each source whose target it does not find, and inserts
//     it (serial id only) and writes its id back into the source in one
//     transaction: a redelivery after the first finds the link, two at
//     once both insert (check-then-act, at the read of rc_sources).

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

type rcSource struct {
	ID       int64
	TargetID *int64
	Name     string
}

type rcTarget struct {
	ID   int64
	Name string
}

type rcTargetCreate struct {
	sourceID int64
	name     string
}

type rcTargetPlan struct{ creates []rcTargetCreate }

func (d *ReconcileDeps) listSources(ctx context.Context, ids []int64) ([]rcSource, error) {
	rows, err := d.Pool.Query(ctx, "select id, target_id, name from rc_sources where id = any($1)", ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []rcSource
	for rows.Next() {
		var s rcSource
		if err := rows.Scan(&s.ID, &s.TargetID, &s.Name); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

func (d *ReconcileDeps) listTargets(ctx context.Context, ids []int64) (map[int64]*rcTarget, error) {
	rows, err := d.Pool.Query(ctx, "select id, name from rc_targets where id = any($1)", ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]*rcTarget{}
	for rows.Next() {
		var t rcTarget
		if err := rows.Scan(&t.ID, &t.Name); err != nil {
			return nil, err
		}
		out[t.ID] = &t
	}
	return out, rows.Err()
}

func planTargets(sources []rcSource, byID map[int64]*rcTarget) rcTargetPlan {
	var plan rcTargetPlan
	for _, s := range sources {
		var existing *rcTarget
		if s.TargetID != nil {
			existing = byID[*s.TargetID]
		}
		if existing == nil {
			plan.creates = append(plan.creates, rcTargetCreate{sourceID: s.ID, name: s.Name})
		}
	}
	return plan
}

func createTarget(ctx context.Context, tx pgx.Tx, name string) (*rcTarget, error) {
	var t rcTarget
	if err := tx.QueryRow(ctx, "insert into rc_targets (name) values ($1) returning id, name", name).Scan(&t.ID, &t.Name); err != nil {
		return nil, err
	}
	return &t, nil
}

func (d *ReconcileDeps) applyTargets(ctx context.Context, plan rcTargetPlan) error {
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	for _, c := range plan.creates {
		t, err := createTarget(ctx, tx, c.name)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "update rc_sources set target_id = $2 where id = $1", c.sourceID, t.ID); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// Links creates a target for each source not linked yet.
func (d *ReconcileDeps) Links(ctx context.Context, t *asynq.Task) error {
	var ids []int64
	if err := json.Unmarshal(t.Payload(), &ids); err != nil {
		return err
	}
	sources, err := d.listSources(ctx, ids)
	if err != nil {
		return err
	}
	var linked []int64
	for _, s := range sources {
		if s.TargetID != nil {
			linked = append(linked, *s.TargetID)
		}
	}
	targets, err := d.listTargets(ctx, linked)
	if err != nil {
		return err
	}
	return d.applyTargets(ctx, planTargets(sources, targets))
}

// RegisterReconcile registers the reconciliation handlers.
func RegisterReconcile(mux *asynq.ServeMux, d *ReconcileDeps) {
	mux.HandleFunc("rc:family", d.Family)
	mux.HandleFunc("rc:labels", d.Labels)
	mux.HandleFunc("rc:links", d.Links)
}
