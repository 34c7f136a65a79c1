package duperrfix

import (
	"context"
	"encoding/json"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// A mapping reconciliation: a source row names its target by the target's
// serial id (de_sources.target_id). The sources and the targets they name
// are read, a planning function plans a create for each source whose
// target it does not find, and the creates insert the target (a serial id
// only: no key fails a second insert), its kind (keyed by the new id) and
// write the new id back into the source, in one transaction. The check is
// carried as data: a second delivery after the first reads the link and
// plans nothing, so nothing repeats in sequence; two deliveries at once
// both miss and both insert: check-then-act, at the read of the sources.
// Near misses: no write-back (every delivery inserts again), a write-back
// outside the transaction (a crash between the two repeats the insert), a
// plan that creates for every source.

type sourceRow struct {
	ID       int64
	TargetID *int64
	Name     string
}

type targetRow struct {
	ID   int64
	Name string
}

type targetCreate struct {
	sourceID int64
	name     string
}

type targetPlan struct {
	creates []targetCreate
}

type sourcesMsg struct {
	IDs []int64 `json:"ids"`
}

func decodeSources(t *asynq.Task) sourcesMsg { // want decodeSources:`^no effects$`
	var m sourcesMsg
	_ = json.Unmarshal(t.Payload(), &m)
	return m
}

func (d *SQLIDDeps) listSources(ctx context.Context, ids []int64) ([]sourceRow, error) { // want listSources:`^effects: db_read/select de_sources$`
	rows, err := d.Pool.Pool.Query(ctx, "select id, target_id, name from de_sources where id = any($1)", ids) // want `check-then-act: this read of de_sources decides which rows the insert into de_targets at duperrfix/linkplan.go:\d+ makes \(a create is planned only for a row whose link it does not find, and the new row's id is written back into de_sources in the same transaction\)`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []sourceRow
	for rows.Next() {
		var r sourceRow
		if err := rows.Scan(&r.ID, &r.TargetID, &r.Name); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func (d *SQLIDDeps) listTargets(ctx context.Context, ids []int64) ([]targetRow, error) { // want listTargets:`^effects: db_read/select de_targets$`
	rows, err := d.Pool.Pool.Query(ctx, "select id, name from de_targets where id = any($1)", ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []targetRow
	for rows.Next() {
		var r targetRow
		if err := rows.Scan(&r.ID, &r.Name); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func linkedIDs(sources []sourceRow) []int64 { // want linkedIDs:`^no effects$`
	var ids []int64
	for _, s := range sources {
		if s.TargetID != nil {
			ids = append(ids, *s.TargetID)
		}
	}
	return ids
}

func indexTargets(ts []targetRow) map[int64]*targetRow { // want indexTargets:`^no effects$`
	byID := make(map[int64]*targetRow, len(ts))
	for _, t := range ts {
		byID[t.ID] = t2p(t)
	}
	return byID
}

func t2p(t targetRow) *targetRow { return &t } // want t2p:`^no effects$`

// planTargets plans a create for each source whose target is not found.
func planTargets(sources []sourceRow, byID map[int64]*targetRow) targetPlan { // want planTargets:`^no effects$`
	var plan targetPlan
	for _, s := range sources {
		var existing *targetRow
		if s.TargetID != nil {
			existing = byID[*s.TargetID]
		}
		if existing == nil {
			plan.creates = append(plan.creates, targetCreate{sourceID: s.ID, name: s.Name})
		}
	}
	return plan
}

// planAllTargets plans a create for every source: what was read decides
// nothing.
func planAllTargets(sources []sourceRow, byID map[int64]*targetRow) targetPlan { // want planAllTargets:`^no effects$`
	var plan targetPlan
	for _, s := range sources {
		plan.creates = append(plan.creates, targetCreate{sourceID: s.ID, name: s.Name})
	}
	_ = byID
	return plan
}

// createTarget inserts a target and returns it: its id is new every time.
func createTarget(ctx context.Context, tx pgx.Tx, name string) (*targetRow, error) { // want createTarget:`^effects: db_write/insert de_targets @p1$`
	var t targetRow
	if err := tx.QueryRow(ctx, "insert into de_targets (name) values ($1) returning id, name", name).Scan(&t.ID, &t.Name); err != nil {
		return nil, err
	}
	return &t, nil
}

func createTargetKind(ctx context.Context, tx pgx.Tx, targetID int64, kind string) error { // want createTargetKind:`^effects: db_write/insert de_target_kinds @p1$`
	_, err := tx.Exec(ctx, "insert into de_target_kinds (target_id, kind) values ($1, $2)", targetID, kind)
	return err
}

func linkSource(ctx context.Context, tx pgx.Tx, sourceID, targetID int64) error { // want linkSource:`^effects: db_write/update-set de_sources @p1$`
	_, err := tx.Exec(ctx, "update de_sources set target_id = $2 where id = $1", sourceID, targetID)
	return err
}

func (d *SQLIDDeps) linkSourceApart(ctx context.Context, sourceID, targetID int64) error { // want linkSourceApart:`^effects: db_write/update-set de_sources$`
	_, err := d.Pool.Pool.Exec(ctx, "update de_sources set target_id = $2 where id = $1", sourceID, targetID)
	return err
}

func (d *SQLIDDeps) applyTargets(ctx context.Context, plan targetPlan) error { // want applyTargets:`^effects: db_write/insert de_targets; db_write/insert de_target_kinds; db_write/update-set de_sources$`
	tx, err := d.Pool.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	for _, c := range plan.creates {
		t, err := createTarget(ctx, tx, c.name)
		if err != nil {
			return err
		}
		if err := createTargetKind(ctx, tx, t.ID, "work"); err != nil {
			return err
		}
		if err := linkSource(ctx, tx, c.sourceID, t.ID); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// applyTargetsUnlinked never writes the new id back.
func (d *SQLIDDeps) applyTargetsUnlinked(ctx context.Context, plan targetPlan) error { // want applyTargetsUnlinked:`^effects: db_write/insert de_targets; db_write/insert de_target_kinds$`
	tx, err := d.Pool.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	for _, c := range plan.creates {
		t, err := createTarget(ctx, tx, c.name)
		if err != nil {
			return err
		}
		if err := createTargetKind(ctx, tx, t.ID, "work"); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// applyTargetsApart writes the new id back on the pool, outside the
// transaction of the insert.
func (d *SQLIDDeps) applyTargetsApart(ctx context.Context, plan targetPlan) error { // want applyTargetsApart:`^effects: db_write/insert de_targets; db_write/update-set de_sources$`
	tx, err := d.Pool.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	for _, c := range plan.creates {
		t, err := createTarget(ctx, tx, c.name)
		if err != nil {
			return err
		}
		if err := d.linkSourceApart(ctx, c.sourceID, t.ID); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// TargetsSynced: a target is created only for a source not linked yet.
func (d *SQLIDDeps) TargetsSynced(ctx context.Context, t *asynq.Task) error { // want TargetsSynced:`^effects: db_write/insert de_targets issue=check-then-act; db_write/insert de_target_kinds issue=check-then-act; db_read/select de_sources; db_read/select de_targets; db_write/update-set de_sources$`
	m := decodeSources(t)
	sources, err := d.listSources(ctx, m.IDs)
	if err != nil {
		return err
	}
	targets, err := d.listTargets(ctx, linkedIDs(sources))
	if err != nil {
		return err
	}
	return d.applyTargets(ctx, planTargets(sources, indexTargets(targets)))
}

// TargetsUnlinked (near miss): nothing records the link, so every
// delivery plans and inserts the targets again.
func (d *SQLIDDeps) TargetsUnlinked(ctx context.Context, t *asynq.Task) error { // want TargetsUnlinked:`^effects: db_write/insert de_targets; db_write/insert de_target_kinds; db_read/select de_sources; db_read/select de_targets$` `unguarded: handler \(\*duperrfix.SQLIDDeps\).TargetsUnlinked`
	m := decodeSources(t)
	sources, err := d.listSources(ctx, m.IDs)
	if err != nil {
		return err
	}
	targets, err := d.listTargets(ctx, linkedIDs(sources))
	if err != nil {
		return err
	}
	return d.applyTargetsUnlinked(ctx, planTargets(sources, indexTargets(targets)))
}

// TargetsApart (near miss): the link is written outside the insert's
// transaction.
func (d *SQLIDDeps) TargetsApart(ctx context.Context, t *asynq.Task) error { // want TargetsApart:`^effects: db_write/insert de_targets; db_read/select de_sources; db_read/select de_targets; db_write/update-set de_sources$` `unguarded: handler \(\*duperrfix.SQLIDDeps\).TargetsApart`
	m := decodeSources(t)
	sources, err := d.listSources(ctx, m.IDs)
	if err != nil {
		return err
	}
	targets, err := d.listTargets(ctx, linkedIDs(sources))
	if err != nil {
		return err
	}
	return d.applyTargetsApart(ctx, planTargets(sources, indexTargets(targets)))
}

// TargetsAll (near miss): every source gets a new target.
func (d *SQLIDDeps) TargetsAll(ctx context.Context, t *asynq.Task) error { // want TargetsAll:`^effects: db_write/insert de_targets; db_write/insert de_target_kinds; db_read/select de_sources; db_read/select de_targets; db_write/update-set de_sources$` `unguarded: handler \(\*duperrfix.SQLIDDeps\).TargetsAll`
	m := decodeSources(t)
	sources, err := d.listSources(ctx, m.IDs)
	if err != nil {
		return err
	}
	targets, err := d.listTargets(ctx, linkedIDs(sources))
	if err != nil {
		return err
	}
	return d.applyTargets(ctx, planAllTargets(sources, indexTargets(targets)))
}

func registerTargets(mux *asynq.ServeMux, d *SQLIDDeps) { // want registerTargets:`^no effects$`
	mux.HandleFunc("targets", d.TargetsSynced)
	mux.HandleFunc("targetsunlinked", d.TargetsUnlinked)
	mux.HandleFunc("targetsapart", d.TargetsApart)
	mux.HandleFunc("targetsall", d.TargetsAll)
}

// The same through a repository over a query layer that keeps its handle
// in a field (sqlc's Queries, and WithTx(tx) for the transaction's): the
// insert and the write-back run on the transaction their receivers were
// built around.

type linkDBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

type linkQueries struct {
	db linkDBTX
}

func (q *linkQueries) WithTx(tx pgx.Tx) *linkQueries { // want WithTx:`^no effects$` WithTx:`^stores map\[1:\[field duperrfix.linkQueries.db\]\]$`
	return &linkQueries{db: tx}
}

func (q *linkQueries) createTarget(ctx context.Context, name string) (*targetRow, error) { // want createTarget:`^effects: db_write/insert de_targets @p0$`
	var t targetRow
	if err := q.db.QueryRow(ctx, "insert into de_targets (name) values ($1) returning id, name", name).Scan(&t.ID, &t.Name); err != nil {
		return nil, err
	}
	return &t, nil
}

func (q *linkQueries) linkSource(ctx context.Context, sourceID, targetID int64) error { // want linkSource:`^effects: db_write/update-set de_sources @p0$`
	_, err := q.db.Exec(ctx, "update de_sources set target_id = $2 where id = $1", sourceID, targetID)
	return err
}

type targetRepo struct {
	q *linkQueries
}

func (r *targetRepo) WithTx(tx pgx.Tx) *targetRepo { // want WithTx:`^no effects$`
	return &targetRepo{q: r.q.WithTx(tx)}
}

func (r *targetRepo) Create(ctx context.Context, name string) (*targetRow, error) { // want Create:`^effects: db_write/insert de_targets$`
	return r.q.createTarget(ctx, name)
}

func (r *targetRepo) Link(ctx context.Context, sourceID, targetID int64) error { // want Link:`^effects: db_write/update-set de_sources$`
	return r.q.linkSource(ctx, sourceID, targetID)
}

type LinkDeps struct {
	Sources *SQLIDDeps
	Pool    *pgxpool.Pool
	Q       *targetRepo
}

func (d *LinkDeps) applyTargets(ctx context.Context, plan targetPlan) error { // want applyTargets:`^effects: db_write/insert de_targets; db_write/update-set de_sources$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := d.Q.WithTx(tx)
	for _, c := range plan.creates {
		t, err := q.Create(ctx, c.name)
		if err != nil {
			return err
		}
		if err := q.Link(ctx, c.sourceID, t.ID); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// applyTargetsOnPool links on the pool's queries, outside the transaction.
func (d *LinkDeps) applyTargetsOnPool(ctx context.Context, plan targetPlan) error { // want applyTargetsOnPool:`^effects: db_write/insert de_targets; db_write/update-set de_sources$`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	q := d.Q.WithTx(tx)
	for _, c := range plan.creates {
		t, err := q.Create(ctx, c.name)
		if err != nil {
			return err
		}
		if err := d.Q.Link(ctx, c.sourceID, t.ID); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// TargetsSyncedQueries: as TargetsSynced, through the query layer.
func (d *LinkDeps) TargetsSyncedQueries(ctx context.Context, t *asynq.Task) error { // want TargetsSyncedQueries:`^effects: db_write/insert de_targets issue=check-then-act; db_read/select de_sources; db_read/select de_targets; db_write/update-set de_sources$`
	m := decodeSources(t)
	sources, err := d.Sources.listSources(ctx, m.IDs)
	if err != nil {
		return err
	}
	targets, err := d.Sources.listTargets(ctx, linkedIDs(sources))
	if err != nil {
		return err
	}
	return d.applyTargets(ctx, planTargets(sources, indexTargets(targets)))
}

// TargetsOnPool (near miss): the link is written on the pool.
func (d *LinkDeps) TargetsOnPool(ctx context.Context, t *asynq.Task) error { // want TargetsOnPool:`^effects: db_write/insert de_targets; db_read/select de_sources; db_read/select de_targets; db_write/update-set de_sources$` `unguarded: handler \(\*duperrfix.LinkDeps\).TargetsOnPool`
	m := decodeSources(t)
	sources, err := d.Sources.listSources(ctx, m.IDs)
	if err != nil {
		return err
	}
	targets, err := d.Sources.listTargets(ctx, linkedIDs(sources))
	if err != nil {
		return err
	}
	return d.applyTargetsOnPool(ctx, planTargets(sources, indexTargets(targets)))
}

func registerTargetQueries(mux *asynq.ServeMux, d *LinkDeps) { // want registerTargetQueries:`^no effects$`
	mux.HandleFunc("targetsqueries", d.TargetsSyncedQueries)
	mux.HandleFunc("targetsonpool", d.TargetsOnPool)
}
