// Package queue is an application's own queue client (a store no catalog
// names) and the loops that consume it.
package queue

import "context"

type Message struct {
	ID   string
	Body string
}

// Client is the application's queue: Receive hides a message for a while
// and returns it, Delete removes it for good.
type Client interface {
	Receive(queue string) (*Message, error)
	Delete(queue, id string) error
}

// Scheduler runs the function it was given for every message and deletes
// the message only once that returned nil: a consumer.
type Scheduler struct {
	client Client
	name   string
	exec   func(ctx context.Context, body string) error
}

func New(name string, client Client, exec func(context.Context, string) error) *Scheduler { // want New:"no effects" New:`^forwards \[\{2 app-queue  0   0 true \S*ackloopfix/queue/queue.go:41:23 false    false false  0 \}\]$` New:`^stores `
	return &Scheduler{client: client, name: name, exec: exec}
}

func (s *Scheduler) Monitor(ctx context.Context) { // want Monitor:`^effects: dynamic_call/call \(queue.Client\).Receive; dynamic_call/call queue.Scheduler.exec; dynamic_call/call \(queue.Client\).Delete reads=publish/delete$`
	for {
		msg, err := s.client.Receive(s.name)
		if err != nil || msg == nil {
			continue
		}
		go func() {
			if err := s.exec(ctx, msg.Body); err != nil {
				return
			}
			_ = s.client.Delete(s.name, msg.ID)
		}()
	}
}

// Drainer deletes each message before it runs its function (near miss):
// the queue never hands the message out again, whatever the function did.
type Drainer struct {
	client Client
	name   string
	apply  func(ctx context.Context, body string) error
}

func NewDrainer(name string, client Client, apply func(context.Context, string) error) *Drainer { // want NewDrainer:"no effects" NewDrainer:`^stores `
	return &Drainer{client: client, name: name, apply: apply}
}

func (d *Drainer) Run(ctx context.Context) { // want Run:`^effects: dynamic_call/call \(queue.Client\).Receive; dynamic_call/call \(queue.Client\).Delete reads=publish/delete; dynamic_call/call queue.Drainer.apply$`
	for {
		msg, err := d.client.Receive(d.name)
		if err != nil || msg == nil {
			continue
		}
		_ = d.client.Delete(d.name, msg.ID)
		_ = d.apply(ctx, msg.Body)
	}
}

// Peeker runs its function on what it receives and deletes nothing
// (near miss): no consumer this reads.
type Peeker struct {
	client Client
	name   string
	look   func(ctx context.Context, body string) error
}

func NewPeeker(name string, client Client, look func(context.Context, string) error) *Peeker { // want NewPeeker:"no effects" NewPeeker:`^stores `
	return &Peeker{client: client, name: name, look: look}
}

func (p *Peeker) Run(ctx context.Context) { // want Run:`^effects: dynamic_call/call \(queue.Client\).Receive; dynamic_call/call queue.Peeker.look$`
	for {
		msg, err := p.client.Receive(p.name)
		if err != nil || msg == nil {
			continue
		}
		_ = p.look(ctx, msg.Body)
	}
}
