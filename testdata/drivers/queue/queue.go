// Package queue is one generic pull loop on the real segmentio/kafka-go,
// built once per processor (base-server's shape): New keeps the processor
// in a field, Run's fetch loop hands each message over a channel to a
// pool of workers that call the processor and commit after it. The loop
// is no handler of its own; each processor a caller builds it with is
// (discovery/pullpool.go).
package queue

import (
	"context"
	"encoding/json"

	"github.com/segmentio/kafka-go"
)

// Event is a message's payload.
type Event struct {
	IDs   []int64 `json:"ids"`
	Actor string  `json:"actor"`
}

// Processor handles one event.
type Processor interface {
	Process(ctx context.Context, e Event) error
}

type work struct {
	event Event
	msg   kafka.Message
}

// Pool reads one topic and hands its messages to its processor.
type Pool struct {
	reader    *kafka.Reader
	processor Processor
	jobs      chan work
	workers   int
}

// New builds the pool of a topic for a processor.
func New(brokers []string, topic string, p Processor) *Pool {
	return &Pool{
		reader:    kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "drivers", Topic: topic}),
		processor: p,
		jobs:      make(chan work, 16),
		workers:   4,
	}
}

// Run starts the workers and fetches until ctx ends.
func (p *Pool) Run(ctx context.Context) error {
	for i := 0; i < p.workers; i++ {
		go p.worker(ctx)
	}
	defer close(p.jobs)
	for {
		m, err := p.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var e Event
		if err := json.Unmarshal(m.Value, &e); err != nil {
			_ = p.reader.CommitMessages(ctx, m) // a poison message is skipped
			continue
		}
		select {
		case p.jobs <- work{event: e, msg: m}:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// worker processes and commits; a failed message is not committed and
// comes back after a restart (at least once).
func (p *Pool) worker(ctx context.Context) {
	for w := range p.jobs {
		if err := p.processor.Process(ctx, w.event); err != nil {
			continue
		}
		_ = p.reader.CommitMessages(ctx, w.msg)
	}
}
