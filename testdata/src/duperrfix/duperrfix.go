// Package duperrfix covers creates that a second delivery cannot repeat but
// fails on: an insert that a unique key of the migrations covers (a natural
// key, not a surrogate id), GitHub's CreateRef and PullRequests.Create (422
// on a second one). Where the failure is returned up to the handler, the
// duplicate fails the job (duplicate-as-error) and the create is not
// reported unguarded; where something looks at the error (errors.Is, a
// status code) or swallows it, nothing changes.
package duperrfix

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/go-github/v81/github"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Deps struct {
	Pool *pgxpool.Pool
	GH   *github.Client
}

func (d *Deps) register(ctx context.Context, id string, pr int) error { // want register:`^effects: db_write/insert de_workflows$`
	_, err := d.Pool.Exec(ctx, "insert into de_workflows (workflow_id, pull_request_id) values ($1, $2)", id, pr) // want `guard-separate-tx: the insert into de_workflows, which fails on a duplicate and so keeps a redelivery from what follows it, commits separately from the insert into de_events at duperrfix/duperrfix.go:\d+`
	return err
}

// Register: the insert by the workflow's key fails on a second delivery and
// the handler returns that error.
func (d *Deps) Register(ctx context.Context, t *asynq.Task) error { // want Register:`^effects: db_write/insert de_workflows$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/duperrfix.go:27 fails on the duplicate \(a second insert of the row violates the primary key \(workflow_id\)`
	if err := d.register(ctx, t.Type(), 1); err != nil {
		return fmt.Errorf("register: %w", err)
	}
	return nil
}

// Swallowed: the error is logged away: nothing fails, the tool keeps the
// insert unguarded (it does not claim it is safe).
func (d *Deps) Swallowed(ctx context.Context, t *asynq.Task) error { // want Swallowed:`^effects: db_write/insert de_workflows$` `unguarded: handler \(\*duperrfix.Deps\).Swallowed`
	if err := d.register(ctx, t.Type(), 1); err != nil {
		fmt.Println(err)
	}
	return nil
}

// Examined: the error is tested for a duplicate: not this rule.
func (d *Deps) Examined(ctx context.Context, t *asynq.Task) error { // want Examined:`^effects: db_write/insert de_workflows$` `unguarded: handler \(\*duperrfix.Deps\).Examined`
	err := d.register(ctx, t.Type(), 1)
	if errors.Is(err, errDup) {
		return nil
	}
	return err
}

var errDup = errors.New("dup")

// Surrogate: a primary key on a fresh id (a new uuid per delivery) says
// nothing of a redelivery.
func (d *Deps) Surrogate(ctx context.Context, t *asynq.Task) error { // want Surrogate:`^effects: db_write/insert de_events$` `unguarded: handler \(\*duperrfix.Deps\).Surrogate`
	_, err := d.Pool.Exec(ctx, "insert into de_events (id, body) values ($1, $2)", uuid.NewString(), t.Type())
	return err
}

// Branch: GitHub refuses a second ref of the same name (422).
func (d *Deps) Branch(ctx context.Context, t *asynq.Task) error { // want Branch:`^effects: http/post github refs$` `duplicate-as-error: a second delivery's http post \(github refs\) \(high\) at duperrfix/duperrfix.go:69 fails on the duplicate \(GitHub answers 422 Reference already exists\) and handler \(\*duperrfix.Deps\).Branch returns that error`
	_, _, err := d.GH.Git.CreateRef(ctx, "o", "r", github.CreateRef{Ref: "refs/heads/" + t.Type(), SHA: "abc"})
	return err
}

// PullRequest: the insert before the create, into the surrogate-keyed
// table, repeats; the create fails on the duplicate.
func (d *Deps) PullRequest(ctx context.Context, t *asynq.Task) error { // want PullRequest:`^effects: http/post github pull requests; db_write/insert de_events$` `unguarded: handler \(\*duperrfix.Deps\).PullRequest \(asynq task "pr"\) repeats its side effects when a job is delivered twice: insert into de_events` `duplicate-as-error: a second delivery's http post \(github pull requests\) \(high\)`
	if _, err := d.Pool.Exec(ctx, "insert into de_events (id, body) values ($1, $2)", uuid.NewString(), t.Type()); err != nil {
		return err
	}
	head := t.Type()
	if _, _, err := d.GH.PullRequests.Create(ctx, "o", "r", &github.NewPullRequest{Head: &head}); err != nil {
		return err
	}
	return nil
}

// Recorded: the pull request is opened, then recorded; the record runs
// only after the create succeeded, so a second delivery, failing at the
// create, never repeats it.
func (d *Deps) Recorded(ctx context.Context, t *asynq.Task) error { // want Recorded:`^effects: http/post github pull requests; db_write/insert de_events guarded=processed_jobs$` `duplicate-as-error: a second delivery's http post \(github pull requests\) \(high\)`
	head := t.Type()
	pr, _, err := d.GH.PullRequests.Create(ctx, "o", "r", &github.NewPullRequest{Head: &head})
	if err != nil {
		return fmt.Errorf("create: %w", err)
	}
	if _, err := d.Pool.Exec(ctx, "insert into de_events (id, body) values ($1, $2)", uuid.NewString(), pr.Number); err != nil {
		return err
	}
	return nil
}

// GetOrCreate: the ref is looked up first and created only when it is
// not found: a second delivery finds it and creates nothing, and an
// overlapping one fails at the create: the ref is never created twice. A lookup whose failure is only
// returned (err != nil) decides nothing (Branch after a GetRef).
func (d *Deps) GetOrCreate(ctx context.Context, t *asynq.Task) error { // want GetOrCreate:`^effects: http/post github refs guarded=processed_jobs$`
	ref, _, err := d.GH.Git.GetRef(ctx, "o", "r", t.Type())
	if err != nil {
		return err
	}
	if ref == nil {
		_, _, err := d.GH.Git.CreateRef(ctx, "o", "r", github.CreateRef{Ref: t.Type(), SHA: "abc"})
		return err
	}
	return nil
}

// AfterLookup: the lookup before the create only fails or not.
func (d *Deps) AfterLookup(ctx context.Context, t *asynq.Task) error { // want AfterLookup:`^effects: http/post github refs$` `duplicate-as-error: a second delivery's http post \(github refs\) \(high\) at duperrfix/duperrfix.go:123`
	ref, _, err := d.GH.Git.GetRef(ctx, "o", "r", "heads/main")
	if err != nil {
		return err
	}
	_, _, err = d.GH.Git.CreateRef(ctx, "o", "r", github.CreateRef{Ref: t.Type(), SHA: *ref.Ref})
	return err
}

// Deferred: the error lives in a variable a deferred closure reads (the
// rollback on failure): the insert's failure still reaches the return, and
// the insert after it runs only once the first succeeded. Both run on the
// pool, each committing on its own: a delivery that crashes between them
// loses the second, and no redelivery gets past the first to make it
// (guard-separate-tx, reported at the create).
func (d *Deps) Deferred(ctx context.Context, t *asynq.Task) error { // want Deferred:`^effects: db_write/insert de_workflows; db_write/insert de_events issue=guard-separate-tx$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/duperrfix.go:\d+ fails`
	var err error
	defer func() {
		if err != nil {
			fmt.Println("rollback")
		}
	}()
	err = d.register(ctx, t.Type(), 2)
	if err != nil {
		e := fmt.Errorf("register: %s", err)
		return e
	}
	_, err = d.Pool.Exec(ctx, "insert into de_events (id, body) values ($1, $2)", uuid.NewString(), t.Type())
	return err
}

// InTx: the same two inserts on one transaction commit together: the
// second is guarded by the first (near miss of Deferred).
func (d *Deps) InTx(ctx context.Context, t *asynq.Task) error { // want InTx:`^effects: db_write/insert de_workflows; db_write/insert de_events guarded=processed_jobs$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/duperrfix.go:\d+ fails`
	tx, err := d.Pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "insert into de_workflows (workflow_id, pull_request_id) values ($1, $2)", t.Type(), 3); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "insert into de_events (id, body) values ($1, $2)", uuid.NewString(), t.Type()); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// StatusChecked: a 422 is looked at: not this rule.
func (d *Deps) StatusChecked(ctx context.Context, t *asynq.Task) error { // want StatusChecked:`^effects: http/post github pull requests$` `unguarded: handler \(\*duperrfix.Deps\).StatusChecked`
	head := t.Type()
	_, resp, err := d.GH.PullRequests.Create(ctx, "o", "r", &github.NewPullRequest{Head: &head})
	if resp != nil && resp.StatusCode == 422 {
		return nil
	}
	return err
}

func Mux(d *Deps) *asynq.ServeMux { // want Mux:`^no effects$`
	mux := asynq.NewServeMux()
	mux.HandleFunc("register", d.Register)
	mux.HandleFunc("swallowed", d.Swallowed)
	mux.HandleFunc("examined", d.Examined)
	mux.HandleFunc("surrogate", d.Surrogate)
	mux.HandleFunc("branch", d.Branch)
	mux.HandleFunc("pr", d.PullRequest)
	mux.HandleFunc("status", d.StatusChecked)
	mux.HandleFunc("recorded", d.Recorded)
	mux.HandleFunc("getorcreate", d.GetOrCreate)
	mux.HandleFunc("afterlookup", d.AfterLookup)
	mux.HandleFunc("deferred", d.Deferred)
	mux.HandleFunc("built", d.Built)
	mux.HandleFunc("builtswallowed", d.BuiltSwallowed)
	return mux
}

// errBuilder holds an error while a chain adds to it (flexprice's
// ierr.WithError(err).WithHint(…).Mark(ErrDatabase)).
type errBuilder struct{ err error }

func withError(err error) *errBuilder { return &errBuilder{err: err} } // want withError:`^no effects$` withError:`^stores map\[0:\[field duperrfix.errBuilder.err\]\]$`

func (b *errBuilder) hint(h string) *errBuilder { // want hint:`^effects: memory_write/set duperrfix.errBuilder.err holder=p0$`
	b.err = fmt.Errorf("%s: %w", h, b.err)
	return b
}

func (b *errBuilder) mark(ref error) error { return fmt.Errorf("%w: %w", ref, b.err) } // want mark:`^no effects$`

// Built: the failure is returned through the builder chain.
func (d *Deps) Built(ctx context.Context, t *asynq.Task) error { // want Built:`^effects: db_write/insert de_workflows$` `duplicate-as-error: a second delivery's insert into de_workflows \(medium\) at duperrfix/duperrfix.go:27 fails on the duplicate`
	if err := d.register(ctx, t.Type(), 1); err != nil {
		return withError(err).hint("register").mark(errDup)
	}
	return nil
}

// BuiltSwallowed: the builder is made and dropped: nothing fails.
func (d *Deps) BuiltSwallowed(ctx context.Context, t *asynq.Task) error { // want BuiltSwallowed:`^effects: db_write/insert de_workflows$` `unguarded: handler \(\*duperrfix.Deps\).BuiltSwallowed`
	if err := d.register(ctx, t.Type(), 1); err != nil {
		fmt.Println(withError(err).hint("register").err)
	}
	return nil
}
