// Package genericcfg keeps a consumer's functions in a generic config
// struct: the pull loop calls the function values its config holds, set
// where the config is built.
package genericcfg

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/segmentio/kafka-go"
)

// ConsumerConfig is what a typed consumer runs with.
type ConsumerConfig[T any] struct {
	Topic  string
	GetKey func(T) string
	Handle func(ctx context.Context, key string, v T) error
}

// Consume is the pull loop: it decodes each message and calls the config's
// functions.
func Consume[T any](ctx context.Context, r *kafka.Reader, cfg ConsumerConfig[T]) error { // want `^unguarded: .*twice: insert into orders \(medium\) at`
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var v T
		if err := json.Unmarshal(m.Value, &v); err != nil {
			continue
		}
		if err := cfg.Handle(ctx, cfg.GetKey(v), v); err != nil {
			continue
		}
		_ = r.CommitMessages(ctx, m)
	}
}

type Order struct{ ID, Item string }

type Service struct{ DB *sql.DB }

func (s *Service) Save(ctx context.Context, key string, o Order) error {
	_, err := s.DB.ExecContext(ctx, "insert into orders(id, item) values ($1, $2)", key, o.Item)
	return err
}

func Run(ctx context.Context, r *kafka.Reader, s *Service) error {
	return Consume(ctx, r, ConsumerConfig[Order]{
		Topic:  "orders",
		GetKey: func(o Order) string { return o.ID },
		Handle: s.Save,
	})
}
