// Package handlers holds the task handlers; each calls the use case or the
// dispatcher it is given.
package handlers

import (
	"context"

	"github.com/hibiken/asynq"

	"wiringcoll/usecase"
)

type Handlers struct {
	usecase usecase.Usecase
}

func NewHandlers(uc usecase.Usecase) *Handlers {
	return &Handlers{usecase: uc}
}

// HandleNotify reaches the push through the use case's dispatcher, which
// keeps its senders in a map.
func (h *Handlers) HandleNotify(ctx context.Context, t *asynq.Task) error {
	return h.usecase.Notify(ctx, string(t.Payload()))
}

// Sender is what the other handlers push through.
type Sender struct {
	Out usecase.Dispatcher
}

func (s *Sender) HandleFanout(ctx context.Context, t *asynq.Task) error {
	return s.Out.Send(ctx, string(t.Payload()))
}

type RegistrySender struct {
	Out usecase.Dispatcher
}

func (s *RegistrySender) HandleRegistry(ctx context.Context, t *asynq.Task) error {
	return s.Out.Send(ctx, string(t.Payload()))
}

type PoolSender struct {
	Out usecase.Dispatcher
}

func (s *PoolSender) HandlePool(ctx context.Context, t *asynq.Task) error {
	return s.Out.Send(ctx, string(t.Payload()))
}
