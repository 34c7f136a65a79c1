// Package watermilltwice delivers a Watermill message to a handler for
// package twice. Each delivery gets a copy of the message (same UUID,
// metadata and payload, as a redelivered message has) whose context is
// the delivery's.
//
// The router publishes the messages a handler returns after it returns
// and before it acks the message it received: the Job records them, and
// Published observes them (payload and metadata; a new UUID per copy is
// what producers do, so it is not compared). Publishing is an effect
// point: a crash just before the ack still publishes them.
//
// It is a module of its own so that only tests using Watermill compile
// Watermill.
package watermilltwice

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/jobeffects/jobeffects/twice"
)

// Job delivers one message to a handler.
type Job struct {
	h   message.HandlerFunc
	msg *message.Message

	mu        sync.Mutex
	published []string
}

// Handler returns the Job that delivers msg to h.
func Handler(h message.HandlerFunc, msg *message.Message) *Job {
	return &Job{h: h, msg: msg.Copy()}
}

// NoPublishHandler returns the Job that delivers msg to h.
func NoPublishHandler(h message.NoPublishHandlerFunc, msg *message.Message) *Job {
	return Handler(func(m *message.Message) ([]*message.Message, error) { return nil, h(m) }, msg)
}

// Deliver hands a copy of the message to the handler and publishes what
// it returns.
func (j *Job) Deliver(ctx context.Context, d twice.Delivery) error {
	m := j.msg.Copy()
	m.SetContext(ctx)
	d.Fetched()
	out, err := j.h(m)
	if err != nil {
		return err
	}
	if len(out) == 0 {
		return nil
	}
	if err := twice.Crashed(ctx); err != nil {
		return err
	}
	j.mu.Lock()
	for _, p := range out {
		j.published = append(j.published, describe(p))
	}
	j.mu.Unlock()
	return twice.Effect(ctx, fmt.Sprintf("publish %d %s", len(out), plural(len(out))))
}

// Published observes the messages the handler returned for the router to
// publish, as set "published".
func (j *Job) Published() twice.Observer { return published{j} }

type published struct{ j *Job }

func (p published) String() string { return "watermill published messages" }

func (p published) Observe(context.Context) (twice.State, error) {
	p.j.mu.Lock()
	defer p.j.mu.Unlock()
	return twice.State{"published": slices.Clone(p.j.published)}, nil
}

func (p published) Reset(context.Context) error {
	p.j.mu.Lock()
	defer p.j.mu.Unlock()
	p.j.published = nil
	return nil
}

func (p published) Describe(c twice.Change) string {
	switch {
	case c.Mode == twice.Crash && c.Lost():
		return fmt.Sprintf("%s, %d messages were published where one delivery publishes %d: an effect was lost", c.Subject, c.After, c.Before)
	case c.Mode == twice.Crash:
		return fmt.Sprintf("%s, %d messages were published where one delivery publishes %d: %s", c.Subject, c.After, c.Before, first(c))
	case c.Mode == twice.Concurrent:
		return fmt.Sprintf("%s published %d messages where one delivery publishes %d: %s", c.Subject, c.After, c.Before, first(c))
	}
	return fmt.Sprintf("%s published again (%d → %d): %s", c.Subject, c.Before, c.After, first(c))
}

func first(c twice.Change) string {
	if len(c.Added) > 0 {
		return c.Added[0]
	}
	if len(c.Removed) > 0 {
		return "missing " + c.Removed[0]
	}
	return ""
}

// describe is a message as compared: payload, then metadata sorted.
func describe(m *message.Message) string {
	keys := make([]string, 0, len(m.Metadata))
	for k := range m.Metadata {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	fmt.Fprintf(&b, "%q", string(m.Payload))
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%q", k, m.Metadata[k])
	}
	return b.String()
}

func plural(n int) string {
	if n == 1 {
		return "message"
	}
	return "messages"
}
