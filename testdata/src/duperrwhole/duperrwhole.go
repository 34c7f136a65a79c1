// Package duperrwhole creates a pull request behind a repository
// interface: per package the create is an unknown interface call; over
// the whole program it resolves to go-github's PullRequests.Create, which
// GitHub refuses to repeat (422), and its error comes back through the
// interface to the handler (duplicate-as-error, not unguarded). A record
// made after a create in the same function, through another interface,
// does not repeat (guarded by the create). A handler that swallows the
// create's error stays unguarded.
//
// The same holds in the handler's own code, the create and the record
// both behind interfaces (changelogue's RunAgent: the store's insert, its
// error returned through a helper, then the notifications): the record
// made after the handler returned on the create's error is guarded
// (then-record); one made before the test is not (record-first), nor
// one after a create whose interface call may reach another
// implementation that does not fail on a duplicate (either-repo).
package duperrwhole

import (
	"context"
	"database/sql"
	"fmt"
	"os"

	"github.com/google/go-github/v81/github"
	"github.com/hibiken/asynq"
)

// Repo is the application's repository.
type Repo interface {
	OpenPR(ctx context.Context, head string) (int, error)
	OpenAndRecord(ctx context.Context, head string) error
}

// Log records what was done.
type Log interface {
	Record(ctx context.Context, n int) error
}

type ghRepo struct {
	gh  *github.Client
	log Log
}

type dbLog struct{ db *sql.DB }

func (g *ghRepo) OpenPR(ctx context.Context, head string) (int, error) {
	pr, _, err := g.gh.PullRequests.Create(ctx, "o", "r", &github.NewPullRequest{Head: &head})
	if err != nil {
		return 0, err
	}
	return *pr.Number, nil
}

func (g *ghRepo) OpenAndRecord(ctx context.Context, head string) error {
	pr, _, err := g.gh.PullRequests.Create(ctx, "o", "r", &github.NewPullRequest{Head: &head})
	if err != nil {
		return err
	}
	return g.log.Record(ctx, *pr.Number)
}

func (l *dbLog) Record(ctx context.Context, n int) error {
	_, err := l.db.ExecContext(ctx, "insert into pr_log (n) values ($1)", n)
	return err
}

type Worker struct {
	Repo   Repo
	Either Repo
	Log    Log
}

// memRepo opens nothing: a second delivery does not fail on it.
type memRepo struct{}

func (m *memRepo) OpenPR(ctx context.Context, head string) (int, error) {
	return len(head), nil
}

func (m *memRepo) OpenAndRecord(ctx context.Context, head string) error { return nil }

// open is a static helper that returns the create's failure.
func (w *Worker) open(ctx context.Context, r Repo, head string) (int, error) {
	n, err := r.OpenPR(ctx, head)
	if err != nil {
		return 0, fmt.Errorf("open pr: %w", err)
	}
	return n, nil
}

func (w *Worker) ThenRecord(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: a second delivery's http post \(github pull requests\) \(high\)`
	n, err := w.open(ctx, w.Repo, t.Type())
	if err != nil {
		return err
	}
	return w.Log.Record(ctx, n)
}

func (w *Worker) RecordFirst(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: a second delivery's http post \(github pull requests\) \(high\)` `^unguarded: .*twice: insert into pr_log \(medium\) at`
	n, err := w.open(ctx, w.Repo, t.Type())
	if rerr := w.Log.Record(ctx, n); rerr != nil {
		return rerr
	}
	return err
}

func (w *Worker) EitherRepo(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: a second delivery's http post \(github pull requests\) \(high\)` `^unguarded: .*twice: insert into pr_log \(medium\) at`
	n, err := w.Either.OpenPR(ctx, t.Type())
	if err != nil {
		return err
	}
	return w.Log.Record(ctx, n)
}

func (w *Worker) Open(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: a second delivery's http post \(github pull requests\) \(high\)`
	n, err := w.Repo.OpenPR(ctx, t.Type())
	if err != nil {
		return fmt.Errorf("open: %w", err)
	}
	fmt.Println(n)
	return nil
}

func (w *Worker) OpenRecorded(ctx context.Context, t *asynq.Task) error { // want `^duplicate-as-error: a second delivery's http post \(github pull requests\) \(high\)`
	return w.Repo.OpenAndRecord(ctx, t.Type())
}

func (w *Worker) Swallow(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(github pull requests\) \(high\) at`
	if _, err := w.Repo.OpenPR(ctx, t.Type()); err != nil {
		fmt.Println("open:", err)
	}
	return nil
}

func Main() {
	w := &Worker{Repo: &ghRepo{log: &dbLog{}}, Log: &dbLog{}}
	if len(os.Args) > 1 {
		w.Either = &memRepo{}
	} else {
		w.Either = &ghRepo{log: &dbLog{}}
	}
	mux := asynq.NewServeMux()
	mux.HandleFunc("open", w.Open)
	mux.HandleFunc("swallow", w.Swallow)
	mux.HandleFunc("recorded", w.OpenRecorded)
	mux.HandleFunc("then-record", w.ThenRecord)
	mux.HandleFunc("record-first", w.RecordFirst)
	mux.HandleFunc("either-repo", w.EitherRepo)
}
