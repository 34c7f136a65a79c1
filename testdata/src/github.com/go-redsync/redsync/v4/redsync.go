// Package redsync is a stand-in for github.com/go-redsync/redsync/v4: a
// distributed mutex over Redis pools the analysis cannot follow.
package redsync

import "context"

type Pool interface {
	SetNX(ctx context.Context, key, value string) (bool, error)
	Del(ctx context.Context, key string) error
}

type Redsync struct{ pools []Pool }

func New(pools ...Pool) *Redsync { return &Redsync{pools: pools} }

type Mutex struct {
	name  string
	pools []Pool
}

func (r *Redsync) NewMutex(name string) *Mutex { return &Mutex{name: name, pools: r.pools} }

func (m *Mutex) LockContext(ctx context.Context) error {
	for _, p := range m.pools {
		if _, err := p.SetNX(ctx, m.name, "v"); err != nil {
			return err
		}
	}
	return nil
}

func (m *Mutex) UnlockContext(ctx context.Context) (bool, error) {
	for _, p := range m.pools {
		if err := p.Del(ctx, m.name); err != nil {
			return false, err
		}
	}
	return true, nil
}
