package natsc

import (
	"context"

	"github.com/nats-io/nats.go"

	"example.com/consumers/internal/store"
)

// natsConn is the application's own view of the connection (so that tests
// can substitute it); its values are made from a *nats.Conn (connect), so
// a subscription through it is a NATS subscription.
type natsConn interface {
	Publish(subj string, data []byte) error
	QueueSubscribe(subj, queue string, cb nats.MsgHandler) (*nats.Subscription, error)
}

func connect(url string) (natsConn, error) {
	nc, err := nats.Connect(url)
	if err != nil {
		return nil, err
	}
	return nc, nil
}

// StartFilter subscribes through natsConn and hands each message to a
// worker over a channel; the worker inserts it. Core NATS delivers at most
// once: the insert cannot run twice for one message.
func StartFilter(url string, st *store.Store) error {
	nc, err := connect(url)
	if err != nil {
		return err
	}
	lines := make(chan []byte, 16)
	go filterWorker(st, lines)
	_, err = nc.QueueSubscribe("lines", "filter", func(m *nats.Msg) {
		lines <- m.Data
	})
	return err
}

func filterWorker(st *store.Store, lines <-chan []byte) {
	for b := range lines {
		_ = st.AddLine(context.Background(), string(b))
	}
}
