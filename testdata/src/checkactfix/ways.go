package checkactfix

import (
	"context"
	"errors"
	"log"
	"net/http"

	"github.com/hibiken/asynq"
)

var errNoNode = errors.New("no such node")

// RefreshWays reads the stored pull request to choose how to fetch it,
// not whether (ghsync's refreshPROnce): with a node id the row goes to the
// batched fetch (a POST), and only when that fetch does not know the node
// does it fetch the REST way, which writes the checked-at time back into
// the row it read; without a node id it fetches the REST way at once. The
// test after the batched fetch asks how that fetch went, not what the row
// said: every answer fetches. No check: the POSTs are unguarded.
func (d *Deps) RefreshWays(ctx context.Context, t *asynq.Task) error { // want RefreshWays:`^effects: http/post api.example.com/graphql; http/post api.example.com/pulls/9; db_read/select pulls; db_write/update-set pulls$` `unguarded: handler \(\*checkactfix.Deps\).RefreshWays repeats its side effects when a job is delivered twice: http post \(api.example.com/graphql\)`
	var node, etag string
	err := d.Pool.QueryRow(ctx, "select node_id, etag from pulls where id = $1", 9).Scan(&node, &etag)
	if err == nil && node != "" {
		if err := batchFetch(node); err != nil {
			if errors.Is(err, errNoNode) {
				return d.restFetch(ctx, "")
			}
			return err
		}
		return nil
	}
	return d.restFetch(ctx, etag)
}

// EitherWay: the row found goes to the batched fetch and the job returns
// (success, whatever the fetch answered); no row fetches the REST way and
// writes the row. Both answers act, but the test asks what the row said,
// not how an act went, so it is read as a check (docs/limits.md): a
// branch acting on its own is also what a skip of the work looks like
// (roxy's stored work row waits for the status instead of uploading
// again), and the two are not told apart.
func (d *Deps) EitherWay(ctx context.Context, t *asynq.Task) error { // want EitherWay:`^effects: http/post api.example.com/graphql; http/post api.example.com/pulls/9 issue=check-then-act; db_read/select pulls; db_write/update-set pulls$` `unguarded: handler \(\*checkactfix.Deps\).EitherWay repeats its side effects when a job is delivered twice: http post \(api.example.com/graphql\)`
	var node, etag string
	if err := d.Pool.QueryRow(ctx, "select node_id, etag from pulls where id = $1", 10).Scan(&node, &etag); err == nil { // want `check-then-act: this check of pulls and the write into it at checkactfix/ways.go:\d+ sit on either side of the http post \(api.example.com/pulls/9\)`
		if err := batchFetch(node); err != nil {
			log.Print(err) // the next sweep fetches it again
		}
		return nil
	}
	return d.restFetch(ctx, etag)
}

// RefreshDone is the near miss that is a check: the row's checked-at
// says it was fetched, the job returns without fetching; otherwise it
// fetches and writes the row back: check-then-act.
func (d *Deps) RefreshDone(ctx context.Context, t *asynq.Task) error { // want RefreshDone:`^effects: http/post api.example.com/pulls/9 issue=check-then-act; db_read/select pulls; db_write/update-set pulls$`
	var fresh bool
	if err := d.Pool.QueryRow(ctx, "select checked_at > now() - interval '1 hour' from pulls where id = $1", 11).Scan(&fresh); err != nil { // want `check-then-act: this check of pulls and the write into it at checkactfix/ways.go:\d+ sit on either side of the http post \(api.example.com/pulls/9\)`
		return err
	}
	if fresh {
		return nil
	}
	return d.restFetch(ctx, "")
}

// batchFetch is the batched way: one POST for the node.
func batchFetch(node string) error { // want batchFetch:`^effects: http/post api.example.com/graphql$`
	resp, err := http.Post("https://api.example.com/graphql?node="+node, "application/json", nil)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return errNoNode
	}
	return nil
}

// restFetch is the REST way: the POST (the stored ETag sent along), then
// the new ETag and the checked-at time written back.
func (d *Deps) restFetch(ctx context.Context, etag string) error { // want restFetch:`^effects: http/post api.example.com/pulls/9; db_write/update-set pulls$`
	resp, err := http.Post("https://api.example.com/pulls/9?etag="+etag, "application/json", nil)
	if err != nil {
		return err
	}
	resp.Body.Close()
	_, err = d.Pool.Exec(ctx, "update pulls set etag = $2, checked_at = now() where id = $1", 9, resp.Header.Get("ETag"))
	return err
}
