// Package bus is an application's own messaging layer: handlers reach
// JetStream and asynq through its helpers, passed down as parameters.
package bus

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/nats-io/nats.go"
)

// Subscribe registers h for subj through a worker helper.
func Subscribe(js nats.JetStreamContext, subj string, h nats.MsgHandler) error { // want Subscribe:"no effects" Subscribe:`forwards`
	return runWorker(js, subj, h)
}

func runWorker(js nats.JetStreamContext, subj string, h nats.MsgHandler) error { // want runWorker:"no effects" runWorker:`forwards`
	_, err := js.QueueSubscribe(subj, "workers", h)
	return err
}

// Consume runs a pull loop and hands every batch to f; f's verdict decides
// the ack. The handlers are what callers pass as f, not this loop.
func Consume(ctx context.Context, sub *nats.Subscription, f func(ctx context.Context, msgs []*nats.Msg) bool) { // want Consume:"effects: calls p2" Consume:`forwards`
	go func() {
		for {
			msgs, err := sub.Fetch(1)
			if err != nil {
				continue
			}
			if f(ctx, msgs) {
				for _, m := range msgs {
					m.Ack()
				}
			}
		}
	}()
}

// Mux wraps asynq's ServeMux.
type Mux struct{ mux *asynq.ServeMux }

func (m *Mux) Handle(task string, h func(context.Context, *asynq.Task) error) { // want Handle:"no effects" Handle:`forwards`
	m.mux.HandleFunc(task, h)
}

// HandleLogged registers h behind a logging middleware, by the method value
// of the middleware's result.
func (m *Mux) HandleLogged(task string, h func(context.Context, *asynq.Task) error) { // want HandleLogged:"no effects" HandleLogged:`forwards`
	m.mux.HandleFunc(task, m.logging(asynq.HandlerFunc(h)).ProcessTask)
}

func (m *Mux) logging(h asynq.Handler) asynq.Handler { // want logging:"no effects"
	return asynq.HandlerFunc(func(ctx context.Context, t *asynq.Task) error {
		return h.ProcessTask(ctx, t)
	})
}
