package checkactfix

import (
	"bytes"
	"context"

	"github.com/hibiken/asynq"
)

// Keys compares the stored keys with the message's and returns when none
// changed ("nothing changed → return"): the flag is set from constants in
// a loop, decided by the comparison with what was read. Then it stores
// them with a plain upsert (no predicate on the old keys) and records the
// change: two deliveries at once both find "changed" and both insert.
func (d *Deps) Keys(ctx context.Context, t *asynq.Task) error { // want Keys:`^effects: db_write/insert key_changes issue=check-then-act; db_write/upsert-set cross_keys; db_read/select cross_keys$`
	d.storeKeys(ctx, "u1", map[string][]byte{"master": t.Payload()})
	return nil
}

func (d *Deps) storeKeys(ctx context.Context, user string, keys map[string][]byte) { // want storeKeys:`^effects: db_write/insert key_changes issue=check-then-act; db_write/upsert-set cross_keys; db_read/select cross_keys$`
	existing, err := d.loadKeys(ctx, user)
	if err != nil {
		return
	}
	changed := false
	for _, purpose := range []string{"master", "self"} {
		old, gotOld := existing[purpose]
		nw, gotNew := keys[purpose]
		if gotOld != gotNew {
			changed = true
			break
		}
		if !bytes.Equal(old, nw) {
			changed = true
			break
		}
	}
	if !changed {
		return
	}
	if _, err := d.Pool.Exec(ctx, "insert into cross_keys (user_id, purpose, key) values ($1, 'master', $2) on conflict (user_id, purpose) do update set key = excluded.key", user, keys["master"]); err != nil {
		return
	}
	_, _ = d.Pool.Exec(ctx, "insert into key_changes (user_id) values ($1)", user)
}

func (d *Deps) loadKeys(ctx context.Context, user string) (map[string][]byte, error) { // want loadKeys:`^effects: db_read/select cross_keys$`
	rows, err := d.Pool.Query(ctx, "select purpose, key from cross_keys where user_id = $1", user) // want `check-then-act: this check of cross_keys and the status written at checkactfix/changed.go:\d+ before the insert into key_changes at checkactfix/changed.go:\d+ are two statements, not a compare-and-set`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]byte{}
	for rows.Next() {
		var p string
		var k []byte
		if err := rows.Scan(&p, &k); err != nil {
			return nil, err
		}
		out[p] = k
	}
	return out, rows.Err()
}

// KeysSame is Keys without the comparison: the stored keys only decide
// an error, nothing is skipped as done, so the insert is plainly
// unguarded.
func (d *Deps) KeysSame(ctx context.Context, t *asynq.Task) error { // want KeysSame:`^effects: db_write/insert key_changes; db_read/select cross_keys; db_write/upsert-set cross_keys$` `unguarded: handler \(\*checkactfix.Deps\).KeysSame \(asynq task "keyssame"\) repeats its side effects when a job is delivered twice: insert into key_changes`
	if _, err := d.loadKeys(ctx, "u2"); err != nil {
		return err
	}
	if _, err := d.Pool.Exec(ctx, "insert into cross_keys (user_id, purpose, key) values ($1, 'master', $2) on conflict (user_id, purpose) do update set key = excluded.key", "u2", t.Payload()); err != nil {
		return err
	}
	_, err := d.Pool.Exec(ctx, "insert into key_changes (user_id) values ($1)", "u2")
	return err
}

// Publisher is a bus nothing in sight implements: PublishMsg is read by
// its name (a message published) when the findings are decided.
type Publisher interface {
	PublishMsg(ctx context.Context, subject string, data []byte) error
}

type KeyDeps struct {
	Deps
	Bus Publisher
}

// KeysPublished is Keys announcing the change on a bus: the publish, read
// by its name (reads=), carries the issue (reported at loadKeys' query, the
// check).
func (d *KeyDeps) KeysPublished(ctx context.Context, t *asynq.Task) error { // want KeysPublished:`^handler asynq` KeysPublished:`^effects: dynamic_call/call \(checkactfix.Publisher\).PublishMsg issue=check-then-act reads=publish/publish; db_read/select cross_keys; db_write/upsert-set cross_keys$`
	existing, err := d.loadKeys(ctx, "u3")
	if err != nil {
		return err
	}
	if bytes.Equal(existing["master"], t.Payload()) {
		return nil // nothing changed
	}
	if _, err := d.Pool.Exec(ctx, "insert into cross_keys (user_id, purpose, key) values ($1, 'master', $2) on conflict (user_id, purpose) do update set key = excluded.key", "u3", t.Payload()); err != nil {
		return err
	}
	return d.Bus.PublishMsg(ctx, "keys", t.Payload())
}

func RegisterKeys(mux *asynq.ServeMux, d *KeyDeps) { // want RegisterKeys:`^no effects$`
	mux.HandleFunc("keyspublished", d.KeysPublished)
}
