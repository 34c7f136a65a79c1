package checkactfix

import (
	"context"

	"github.com/hibiken/asynq"
)

// A record written only on some of the ways the act returns: the spam
// check inserts its detection, then blocks the user (the status the
// check reads) only when the score reaches the threshold. A run below it
// records nothing, and a redelivery after it has finished passes the
// check and inserts again: the insert is check-then-act (the run that
// blocks) and unguarded (the run that does not).

const blockAt = 0.9

// Screen: the act and the conditional record in one helper's call.
func (d *Deps) Screen(ctx context.Context, t *asynq.Task) error { // want Screen:`^effects: db_write/insert detections; db_write/insert detections issue=check-then-act; db_read/select members; db_write/update-set members$` `unguarded: handler \(\*checkactfix.Deps\).Screen repeats its side effects when a job is delivered twice: insert into detections \(medium\) at checkactfix/threshold.go:31`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from members where id = $1", 1).Scan(&status); err != nil { // want `check-then-act: this check of members and the write into it at checkactfix/threshold.go:35 sit on either side of the insert into detections at checkactfix/threshold.go:31`
		return err
	}
	if status == "blocked" {
		return nil
	}
	return d.detect(ctx, 1, scoreOf(t))
}

func (d *Deps) detect(ctx context.Context, id int64, score float64) error { // want detect:`^effects: db_write/insert detections; db_write/update-set members$`
	if _, err := d.Pool.Exec(ctx, "insert into detections (member_id, score) values ($1, $2)", id, score); err != nil {
		return err
	}
	if score >= blockAt {
		if _, err := d.Pool.Exec(ctx, "update members set status = 'blocked' where id = $1", id); err != nil {
			return err
		}
	}
	return nil
}

// ScreenInline: the same, the act and the record in the handler itself.
func (d *Deps) ScreenInline(ctx context.Context, t *asynq.Task) error { // want ScreenInline:`^effects: db_write/insert detections; db_write/insert detections issue=check-then-act; db_read/select members; db_write/update-set members$` `unguarded: handler \(\*checkactfix.Deps\).ScreenInline repeats its side effects when a job is delivered twice: insert into detections \(medium\) at checkactfix/threshold.go:52`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from members where id = $1", 2).Scan(&status); err != nil { // want `check-then-act: this check of members and the write into it at checkactfix/threshold.go:56 sit on either side of the insert into detections at checkactfix/threshold.go:52`
		return err
	}
	if status == "blocked" {
		return nil
	}
	score := scoreOf(t)
	if _, err := d.Pool.Exec(ctx, "insert into detections (member_id, score) values ($1, $2)", 2, score); err != nil {
		return err
	}
	if score >= blockAt {
		if _, err := d.Pool.Exec(ctx, "update members set status = 'blocked' where id = $1", 2); err != nil {
			return err
		}
	}
	return nil
}

// ScreenAlways (near miss): the helper blocks after every insert; only
// overlapping deliveries repeat it.
func (d *Deps) ScreenAlways(ctx context.Context, t *asynq.Task) error { // want ScreenAlways:`^effects: db_write/insert detections issue=check-then-act; db_read/select members; db_write/update-set members$`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from members where id = $1", 3).Scan(&status); err != nil { // want `check-then-act: this check of members and the write into it at checkactfix/threshold.go:80 sit on either side of the insert into detections at checkactfix/threshold.go:77`
		return err
	}
	if status == "blocked" {
		return nil
	}
	return d.detectAndBlock(ctx, 3, scoreOf(t))
}

func (d *Deps) detectAndBlock(ctx context.Context, id int64, score float64) error { // want detectAndBlock:`^effects: db_write/insert detections; db_write/update-set members$`
	if _, err := d.Pool.Exec(ctx, "insert into detections (member_id, score) values ($1, $2)", id, score); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update members set status = 'blocked' where id = $1", id)
	return err
}

// ScreenSwallow (near miss): the helper returns success without the
// block only when the insert failed: nothing was inserted then.
func (d *Deps) ScreenSwallow(ctx context.Context, t *asynq.Task) error { // want ScreenSwallow:`^effects: db_write/insert detections issue=check-then-act; db_read/select members; db_write/update-set members$`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from members where id = $1", 4).Scan(&status); err != nil { // want `check-then-act: this check of members and the write into it at checkactfix/threshold.go:101 sit on either side of the insert into detections at checkactfix/threshold.go:98`
		return err
	}
	if status == "blocked" {
		return nil
	}
	return d.detectOrSkip(ctx, 4, scoreOf(t))
}

func (d *Deps) detectOrSkip(ctx context.Context, id int64, score float64) error { // want detectOrSkip:`^effects: db_write/insert detections; db_write/update-set members$`
	if _, err := d.Pool.Exec(ctx, "insert into detections (member_id, score) values ($1, $2)", id, score); err != nil {
		return nil // logged: the next signup is screened again
	}
	_, err := d.Pool.Exec(ctx, "update members set status = 'blocked' where id = $1", id)
	return err
}

// ScreenMarked (near miss): below the threshold the handler still moves
// the member out of "pending" after the helper, which the check skips:
// every run is recorded.
func (d *Deps) ScreenMarked(ctx context.Context, t *asynq.Task) error { // want ScreenMarked:`^effects: db_write/insert detections issue=check-then-act; db_write/update-set members; db_read/select members; db_write/update-set members$`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from members where id = $1", 5).Scan(&status); err != nil { // want `check-then-act: this check of members and the write into it at checkactfix/threshold.go:35 sit on either side of the insert into detections at checkactfix/threshold.go:31`
		return err
	}
	if status != "pending" {
		return nil
	}
	if err := d.detect(ctx, 5, scoreOf(t)); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "update members set status = 'screened' where id = $1", 5)
	return err
}

// ScreenEach (near miss): the member leaves "pending" whenever a
// detection was inserted; the flag that says so is set beside the insert,
// so the way round the write is never taken after one.
func (d *Deps) ScreenEach(ctx context.Context, t *asynq.Task) error { // want ScreenEach:`^effects: db_write/insert detections issue=check-then-act; db_read/select members; db_write/update-set members$`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from members where id = $1", 6).Scan(&status); err != nil { // want `check-then-act: this check of members and the write into it at checkactfix/threshold.go:142 sit on either side of the insert into detections at checkactfix/threshold.go:136`
		return err
	}
	if status != "pending" {
		return nil
	}
	inserted := false
	for _, score := range []float64{scoreOf(t), 0.5} {
		if _, err := d.Pool.Exec(ctx, "insert into detections (member_id, score) values ($1, $2)", 6, score); err != nil {
			return err
		}
		inserted = true
	}
	if inserted {
		if _, err := d.Pool.Exec(ctx, "update members set status = 'screened' where id = $1", 6); err != nil {
			return err
		}
	}
	return nil
}

func scoreOf(t *asynq.Task) float64 { // want scoreOf:`^no effects$`
	return float64(len(t.Payload())) / 100
}

// ScreenKept: ScreenInline with the score kept in a local struct, filled
// once before the insert: its field holds this run's score on every path,
// and the test of it below the threshold returns without the block.
func (d *Deps) ScreenKept(ctx context.Context, t *asynq.Task) error { // want ScreenKept:`^effects: db_write/insert detections; db_write/insert detections issue=check-then-act; db_read/select members; db_write/update-set members$` `unguarded: handler \(\*checkactfix.Deps\).ScreenKept repeats its side effects when a job is delivered twice: insert into detections \(medium\) at checkactfix/threshold.go:169`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from members where id = $1", 7).Scan(&status); err != nil { // want `check-then-act: this check of members and the write into it at checkactfix/threshold.go:173 sit on either side of the insert into detections at checkactfix/threshold.go:169`
		return err
	}
	if status == "blocked" {
		return nil
	}
	var res struct {
		member int64
		score  float64
	}
	res.member, res.score = 7, scoreOf(t)
	if _, err := d.Pool.Exec(ctx, "insert into detections (member_id, score) values ($1, $2)", res.member, res.score); err != nil {
		return err
	}
	if res.score >= blockAt {
		if _, err := d.Pool.Exec(ctx, "update members set status = 'blocked' where id = $1", res.member); err != nil {
			return err
		}
	}
	return nil
}

// ScreenEachKept (near miss): ScreenEach with its flag a field of a local
// struct, set beside the insert in the loop: still merged.
func (d *Deps) ScreenEachKept(ctx context.Context, t *asynq.Task) error { // want ScreenEachKept:`^effects: db_write/insert detections issue=check-then-act; db_read/select members; db_write/update-set members$`
	var status string
	if err := d.Pool.QueryRow(ctx, "select status from members where id = $1", 8).Scan(&status); err != nil { // want `check-then-act: this check of members and the write into it at checkactfix/threshold.go:198 sit on either side of the insert into detections at checkactfix/threshold.go:192`
		return err
	}
	if status != "pending" {
		return nil
	}
	var st struct{ inserted bool }
	for _, score := range []float64{scoreOf(t), 0.5} {
		if _, err := d.Pool.Exec(ctx, "insert into detections (member_id, score) values ($1, $2)", 8, score); err != nil {
			return err
		}
		st.inserted = true
	}
	if st.inserted {
		if _, err := d.Pool.Exec(ctx, "update members set status = 'screened' where id = $1", 8); err != nil {
			return err
		}
	}
	return nil
}
