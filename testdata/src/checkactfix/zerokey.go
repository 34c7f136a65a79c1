package checkactfix

import (
	"context"
	"database/sql"
	"errors"

	"github.com/hibiken/asynq"
)

// A find-or-create whose "not found" is the row's id left zero: the
// look-up fills a struct, a miss leaves its ID 0 (the error "no rows"
// let through), and the insert runs only then. Two deliveries at once
// both find no row and both insert it, unless a unique key on what was
// looked up turns the second insert away (zk_labels.name,
// declared/migrations/013_zerokey.sql).

type zkRow struct {
	ID   int64
	Name string
	Hits int64
}

// tagFor looks the tag up by name and creates it when none was found
// (if find.ID <= 0): zk_tags has no unique key on name.
func (d *Deps) tagFor(ctx context.Context, name string) error { // want tagFor:`^effects: db_write/insert zk_tags issue=check-then-act; db_read/select zk_tags$`
	var find zkRow
	err := d.DB.QueryRowContext(ctx, "select id, name from zk_tags where name = $1", name).Scan(&find.ID, &find.Name) // want `check-then-act: this look-up of zk_tags finds no row and the insert into it at checkactfix/zerokey.go:\d+ makes one: two statements, and no unique key of zk_tags holds the columns looked up`
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if find.ID <= 0 {
		if _, err := d.DB.ExecContext(ctx, "insert into zk_tags (name) values ($1)", name); err != nil {
			return err
		}
	}
	return nil
}

// ZeroKeyTag: the find-or-create in a helper: check-then-act, carried
// from the helper.
func (d *Deps) ZeroKeyTag(ctx context.Context, t *asynq.Task) error { // want ZeroKeyTag:`^effects: db_write/insert zk_tags issue=check-then-act; db_read/select zk_tags$`
	return d.tagFor(ctx, string(t.Payload()))
}

// ZeroKeyFound: the handler returns when the row's id is set (find.ID >
// 0) and inserts otherwise: check-then-act.
func (d *Deps) ZeroKeyFound(ctx context.Context, t *asynq.Task) error { // want ZeroKeyFound:`^effects: db_write/insert zk_tags issue=check-then-act; db_read/select zk_tags$`
	var find zkRow
	err := d.DB.QueryRowContext(ctx, "select id, name from zk_tags where name = $1", string(t.Payload())).Scan(&find.ID, &find.Name) // want `check-then-act: this look-up of zk_tags finds no row`
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if find.ID > 0 {
		return nil
	}
	_, err = d.DB.ExecContext(ctx, "insert into zk_tags (name) values ($1)", string(t.Payload()))
	return err
}

// ZeroKeyUnique (near miss): the same find-or-create on zk_labels, whose
// unique name turns an overlapping delivery's insert away: no finding.
func (d *Deps) ZeroKeyUnique(ctx context.Context, t *asynq.Task) error { // want ZeroKeyUnique:`^effects: db_write/insert zk_labels guarded=processed_jobs; db_read/select zk_labels$`
	var find zkRow
	err := d.DB.QueryRowContext(ctx, "select id, name from zk_labels where name = $1", string(t.Payload())).Scan(&find.ID, &find.Name)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if find.ID == 0 {
		_, err = d.DB.ExecContext(ctx, "insert into zk_labels (name) values ($1)", string(t.Payload()))
	}
	return err
}

// ZeroHits (near miss): a test of a count, not of the row's key, says
// nothing of whether the row was found: the insert is plainly unguarded.
func (d *Deps) ZeroHits(ctx context.Context, t *asynq.Task) error { // want ZeroHits:`^effects: db_write/insert zk_tags; db_read/select zk_tags$` `unguarded: handler \(\*checkactfix.Deps\).ZeroHits`
	var find zkRow
	err := d.DB.QueryRowContext(ctx, "select id, hits from zk_tags where name = $1", string(t.Payload())).Scan(&find.ID, &find.Hits)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if find.Hits > 0 {
		return nil
	}
	_, err = d.DB.ExecContext(ctx, "insert into zk_tags (name) values ($1)", string(t.Payload()))
	return err
}

func registerZeroKey(mux *asynq.ServeMux, d *Deps) { // want registerZeroKey:`^no effects$`
	mux.HandleFunc("zk:tag", d.ZeroKeyTag)
	mux.HandleFunc("zk:found", d.ZeroKeyFound)
	mux.HandleFunc("zk:unique", d.ZeroKeyUnique)
	mux.HandleFunc("zk:hits", d.ZeroHits)
}
