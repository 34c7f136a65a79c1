// Package statuswhole keeps a status row per projector (users' balance
// stands for it) and writes it through an interface over ent's generated
// builders (UpdateOneID or Create, then Save behind one saver): per
// package the status write is an unknown interface call; over the whole
// program it resolves to the builders' Save, whose table the builder's
// type names (users), and the skip of a succeeded projector, the POST
// and the status written around it are check-then-act.
package statuswhole

import (
	"context"
	"errors"
	"log"
	"net/http"

	"github.com/hibiken/asynq"

	"entexample/ent"
	"entexample/ent/user"
)

const (
	pending   = 1
	succeeded = 2
)

// Pipeline runs its projectors once per event.
type Pipeline struct {
	Client     *ent.Client
	Projectors map[string]string
}

type projStatus struct {
	id    int
	state int
}

func (p *Pipeline) statuses(ctx context.Context) (map[string]projStatus, error) {
	rows, err := p.Client.User.Query().All(ctx) // want `^check-then-act: this check of users and the status written`
	if err != nil {
		return nil, err
	}
	out := map[string]projStatus{}
	for _, r := range rows {
		out[r.Name] = projStatus{id: r.ID, state: r.Balance}
	}
	return out, nil
}

// saver is the generated builders' Save behind one interface.
type saver interface {
	Save(ctx context.Context) (*ent.User, error)
}

func (p *Pipeline) setStatus(ctx context.Context, id int, name string, state int) (*ent.User, error) {
	var m saver
	if id != 0 {
		m = p.Client.User.UpdateOneID(id).SetBalance(state)
	} else {
		m = p.Client.User.Create().SetName(name).SetBalance(state)
	}
	return m.Save(ctx)
}

// ProjectAll: check-then-act.
func (p *Pipeline) ProjectAll(ctx context.Context, t *asynq.Task) error {
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

// ProjectUnrecorded is the near miss: the status is never written;
// unguarded.
func (p *Pipeline) ProjectUnrecorded(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(high\) at`
	sts, err := p.statuses(ctx)
	if err != nil {
		return err
	}
	for name, url := range p.Projectors {
		if cur, ok := sts[name]; ok && cur.state == succeeded {
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

// ProjectOne skips its one projector when the status says succeeded,
// then marks it, POSTs and writes succeeded, all outside a loop. A
// reviewer calls it check-then-act; it stays unguarded (a limit): the
// test of the row's presence and the test of its status (ok && …) both
// lead to the work, which two edges enter, and a check's work is taken
// to be the one its test alone leads to (ProjectStatus, with one test,
// is found; docs/limits.md).
func (p *Pipeline) ProjectOne(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(high\) at`
	sts, err := p.statuses(ctx)
	if err != nil {
		return err
	}
	name := string(t.Payload())
	cur, ok := sts[name]
	if ok && cur.state == succeeded {
		return nil
	}
	row, err := p.setStatus(ctx, cur.id, name, pending)
	if err != nil {
		return err
	}
	resp, err := http.Post(p.Projectors[name], "application/json", nil)
	if err != nil {
		return err
	}
	resp.Body.Close()
	_, err = p.setStatus(ctx, row.ID, name, succeeded)
	return err
}

// ProjectStatus is ProjectOne with the one test the status needs (a
// projector with no row reads the zero status): skip when it says
// succeeded, mark it, POST, write succeeded, outside a loop.
// Check-then-act, decided in the whole program as the per-item form is.
func (p *Pipeline) ProjectStatus(ctx context.Context, t *asynq.Task) error {
	sts, err := p.statuses(ctx)
	if err != nil {
		return err
	}
	name := string(t.Payload())
	cur := sts[name]
	if cur.state == succeeded {
		return nil
	}
	row, err := p.setStatus(ctx, cur.id, name, pending)
	if err != nil {
		return err
	}
	resp, err := http.Post(p.Projectors[name], "application/json", nil)
	if err != nil {
		return err
	}
	resp.Body.Close()
	_, err = p.setStatus(ctx, row.ID, name, succeeded)
	return err
}

// RefreshOne is the near miss of a read that only shapes the work: the
// stored row (when there is one) goes along with the request as a cached
// validator, a missing row changes nothing, and the row is written back
// through the interface afterwards. Nothing is skipped on it: no check,
// unguarded.
func (p *Pipeline) RefreshOne(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(high\) at`
	name := string(t.Payload())
	var since string
	var id int
	u, err := p.Client.User.Query().Where(user.NameEQ(name)).Only(ctx)
	if err == nil {
		since = u.Name
		id = u.ID
	} else if !ent.IsNotFound(err) {
		return err
	}
	resp, err := http.Post(p.Projectors[name]+"?since="+since, "application/json", nil)
	if err != nil {
		return err
	}
	resp.Body.Close()
	_, err = p.setStatus(ctx, id, name, succeeded)
	return err
}

var errNoNode = errors.New("no such node")

// RefreshWays reads the stored row to choose how to fetch, not whether:
// with a node id it hands the row to the batched way (a POST), and only
// when that way does not know the node does it fetch the REST way (a
// POST, then the checked-at status written back through the interface);
// without one it fetches the REST way at once. Either answer of the
// read fetches: no check, unguarded.
func (p *Pipeline) RefreshWays(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(high\) at`
	name := string(t.Payload())
	u, err := p.Client.User.Query().Where(user.NameEQ(name)).Only(ctx)
	if err == nil && u.Name != "" {
		if err := p.submit(ctx, u); err != nil {
			if errors.Is(err, errNoNode) {
				return p.refreshREST(ctx, name)
			}
			return err
		}
		return nil
	}
	if err != nil && !ent.IsNotFound(err) {
		return err
	}
	return p.refreshREST(ctx, name)
}

// submit is the batched way: one POST for the row it is handed.
func (p *Pipeline) submit(ctx context.Context, u *ent.User) error {
	resp, err := http.Post(p.Projectors["batch"]+"?node="+u.Name, "application/json", nil)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return errNoNode
	}
	return nil
}

// refreshREST is the REST way: the POST, then the status written back.
func (p *Pipeline) refreshREST(ctx context.Context, name string) error {
	resp, err := http.Post(p.Projectors[name], "application/json", nil)
	if err != nil {
		return err
	}
	resp.Body.Close()
	_, err = p.setStatus(ctx, 0, name, succeeded)
	return err
}

// Register registers the handlers.
func Register(mux *asynq.ServeMux, p *Pipeline) {
	mux.HandleFunc("project:all", p.ProjectAll)
	mux.HandleFunc("project:unrecorded", p.ProjectUnrecorded)
	mux.HandleFunc("project:one", p.ProjectOne)
	mux.HandleFunc("project:refresh-one", p.RefreshOne)
	mux.HandleFunc("project:refresh-ways", p.RefreshWays)
	mux.HandleFunc("project:status", p.ProjectStatus)
}
