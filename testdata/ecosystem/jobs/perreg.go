package jobs

import (
	"context"

	"github.com/hibiken/asynq"
)

// One closure registered per event channel (convoy's
// ProcessEventCreationByChannel, worker/task/process_event_channel.go:52,
// registered for each channel at cmd/worker/worker.go:348,372,383):
// ChannelEvents makes the handler, which calls the channel it captured
// through the EventChannel interface; PayloadEvents and FreshEvents fix the
// channel's type, and cmd/worker registers each under its own task. Each
// registration is a handler of its own: perreg:payload inserts under the
// payload's event id and returns the failure (duplicate-as-error),
// perreg:fresh under a new uuid (unguarded); neither takes the other
// channel's insert.

// ChannelEvents is the handler of one channel.
func ChannelEvents(ch EventChannel) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		_, err := ch.CreateEvent(ctx, t)
		return err
	}
}

// PayloadEvents is the handler of the payload-keyed channel.
func PayloadEvents(ch PayloadChannel) asynq.HandlerFunc { return ChannelEvents(ch) }

// FreshEvents is the handler of the channel keyed by a new uuid.
func FreshEvents(ch FreshChannel) asynq.HandlerFunc { return ChannelEvents(ch) }
