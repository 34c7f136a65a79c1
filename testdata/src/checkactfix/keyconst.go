package checkactfix

import (
	"context"

	"github.com/hibiken/asynq"
)

// A check and a write of one table whose statements fix a key column to
// different constants: the handler looks up the conversation's "discord"
// surface through a helper, posts when there is none, and records the
// "slack" surface through another. The row written is never the one the
// check reads, so the write records nothing the check tests: no
// check-then-act pair (the post is plainly unguarded). Near miss: the same
// constant on both sides, the check and its record (reported at the
// check, in the helper).

func (d *Deps) hasSurface(ctx context.Context, conv int64, provider string) (bool, error) { // want hasSurface:`^effects: db_read/select ka_surfaces$`
	var ok bool
	err := d.Pool.QueryRow(ctx, "select exists(select 1 from ka_surfaces where conversation_id = $1 and provider = $2)", conv, provider).Scan(&ok) // want `check-then-act: this check of ka_surfaces and the write into it at checkactfix/keyconst.go:\d+ sit on either side of the insert into ka_posts at checkactfix/keyconst.go:53`
	return ok, err
}

func (d *Deps) setSurface(ctx context.Context, conv int64, provider, thread string) error { // want setSurface:`^effects: db_write/upsert-set ka_surfaces$`
	_, err := d.Pool.Exec(ctx, "insert into ka_surfaces (conversation_id, provider, thread_id) values ($1, $2, $3) on conflict (conversation_id, provider) do update set thread_id = excluded.thread_id", conv, provider, thread)
	return err
}

// MirrorOther: checked "discord", recorded "slack".
func (d *Deps) MirrorOther(ctx context.Context, t *asynq.Task) error { // want MirrorOther:`^effects: db_write/insert ka_posts; db_read/select ka_surfaces; db_write/upsert-set ka_surfaces$` `unguarded: handler \(\*checkactfix.Deps\).MirrorOther repeats its side effects when a job is delivered twice: insert into ka_posts`
	done, err := d.hasSurface(ctx, 31, "discord")
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "insert into ka_posts (conversation_id) values ($1)", 31); err != nil {
		return err
	}
	return d.setSurface(ctx, 31, "slack", "t1")
}

// MirrorSame (near miss): checked and recorded "discord".
func (d *Deps) MirrorSame(ctx context.Context, t *asynq.Task) error { // want MirrorSame:`^effects: db_write/insert ka_posts issue=check-then-act; db_read/select ka_surfaces; db_write/upsert-set ka_surfaces$`
	done, err := d.hasSurface(ctx, 32, "discord")
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	if _, err := d.Pool.Exec(ctx, "insert into ka_posts (conversation_id) values ($1)", 32); err != nil {
		return err
	}
	return d.setSurface(ctx, 32, "discord", "t2")
}
