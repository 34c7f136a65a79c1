package ecoent

import (
	"context"
	"log"
	"net/http"

	"github.com/hibiken/asynq"

	"entexample/ent"
)

// The status kept per row of a table (users' balance stands for a
// projection's status): 2 is "succeeded".
const (
	pending   = 1
	succeeded = 2
)

// Pipeline runs each of its projectors once per event and records each
// one's status in a row of users keyed by the projector's name.
type Pipeline struct {
	Client     *ent.Client
	Projectors map[string]string
}

type projStatus struct {
	id    int
	state int
}

// statuses reads the status rows into a map keyed by projector.
func (p *Pipeline) statuses(ctx context.Context) (map[string]projStatus, error) { // want statuses:`^effects: db_read/select users$`
	rows, err := p.Client.User.Query().All(ctx) // want `check-then-act: this check of users and the status written at ecoent/statusrows.go:\d+ before the http post at ecoent/statusrows.go:\d+ are two statements, not a compare-and-set`
	if err != nil {
		return nil, err
	}
	out := map[string]projStatus{}
	for _, r := range rows {
		out[r.Name] = projStatus{id: r.ID, state: r.Balance}
	}
	return out, nil
}

// setStatus updates the status row it has, creates one otherwise, with
// no test of the old status.
func (p *Pipeline) setStatus(ctx context.Context, id int, name string, state int) (*ent.User, error) { // want setStatus:`^effects: db_write/insert users; db_write/update-set users$`
	if id != 0 {
		return p.Client.User.UpdateOneID(id).SetBalance(state).Save(ctx)
	}
	return p.Client.User.Create().SetName(name).SetBalance(state).Save(ctx)
}

// ProjectAll skips each projector whose status row says succeeded
// (continue; a projector with no row yet joins the others after the
// test), marks the others pending, runs them (a POST) and writes
// succeeded afterwards, creating the row when there was none: two
// deliveries at once both read "not succeeded" and both POST.
// check-then-act, the status created afterwards with it.
func (p *Pipeline) ProjectAll(ctx context.Context, t *asynq.Task) error { // want ProjectAll:`^effects: http/post issue=check-then-act; db_write/insert users issue=check-then-act; db_read/select users; db_write/update-set users$`
	sts, err := p.statuses(ctx)
	if err != nil {
		return err
	}
	for name, url := range p.Projectors {
		var id int
		if cur, ok := sts[name]; ok {
			if cur.state == succeeded {
				continue
			}
			id = cur.id
		}
		row, err := p.setStatus(ctx, id, name, pending)
		if err != nil {
			log.Print(err)
		}
		resp, err := http.Post(url, "application/json", nil)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if _, err := p.setStatus(ctx, row.ID, name, succeeded); err != nil {
			log.Print(err)
		}
	}
	return nil
}

// ProjectElsewhere is a near miss: the status read is of users, the
// record written after the act into exports; no check-then-act, the
// POST unguarded.
func (p *Pipeline) ProjectElsewhere(ctx context.Context, t *asynq.Task) error { // want ProjectElsewhere:`.*` `unguarded: handler \(\*ecoent.Pipeline\).ProjectElsewhere`
	sts, err := p.statuses(ctx)
	if err != nil {
		return err
	}
	for name, url := range p.Projectors {
		if cur, ok := sts[name]; ok {
			if cur.state == succeeded {
				continue
			}
		}
		resp, err := http.Post(url, "application/json", nil)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if _, err := p.Client.Export.Create().SetID(name).SetName(url).Save(ctx); err != nil {
			log.Print(err)
		}
	}
	return nil
}

// ProjectUnrecorded is a near miss: it skips on a status nothing here
// writes; no check-then-act, the POST unguarded.
func (p *Pipeline) ProjectUnrecorded(ctx context.Context, t *asynq.Task) error { // want ProjectUnrecorded:`.*` `unguarded: handler \(\*ecoent.Pipeline\).ProjectUnrecorded`
	sts, err := p.statuses(ctx)
	if err != nil {
		return err
	}
	for name, url := range p.Projectors {
		if cur, ok := sts[name]; ok {
			if cur.state == succeeded {
				continue
			}
		}
		resp, err := http.Post(url, "application/json", nil)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
	return nil
}

// ProjectClaimed is a near miss: the status row is created before the
// act (no update path) and the POST runs only when that create
// succeeded: a create is no mark, and the record made before the act
// leaves nothing to check-then-act. With no unique key on users.name
// the create turns nothing away: unguarded, as before.
func (p *Pipeline) ProjectClaimed(ctx context.Context, t *asynq.Task) error { // want ProjectClaimed:`.*` `unguarded: handler \(\*ecoent.Pipeline\).ProjectClaimed`
	sts, err := p.statuses(ctx)
	if err != nil {
		return err
	}
	for name, url := range p.Projectors {
		if cur, ok := sts[name]; ok {
			if cur.state == succeeded {
				continue
			}
		}
		if _, err := p.Client.User.Create().SetName(name).SetBalance(pending).Save(ctx); err != nil {
			continue
		}
		resp, err := http.Post(url, "application/json", nil)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
	return nil
}
