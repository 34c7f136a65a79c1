// Package wmtask registers its tasks as zep does (pkg/tasks, issue 28):
// one closure, TaskHandler(task), handed to Watermill's
// AddNoPublisherHandler by TaskRouter.AddTask under the name and with the
// task AddTask is given, AddTask called through the Router interface from
// a closure Initialize calls once per task. Each of Initialize's calls is
// a handler of its own (discovery/closurefwd.go), whose task.Execute is
// that call's task only (wholeprogram/bound.go): ship_task books a
// shipment (unguarded), status_task sets a status (safe). The tasks'
// Execute methods are not handlers of their own.
package wmtask

import (
	"context"

	"github.com/ThreeDotsLabs/watermill/message"

	"example.com/consumers/internal/store"
)

// Task is one kind of background work.
type Task interface {
	Execute(ctx context.Context, msg *message.Message) error
	HandleError(err error)
}

// Router adds tasks.
type Router interface {
	AddTask(ctx context.Context, name string, task Task)
}

// TaskRouter is a Watermill router with one subscriber.
type TaskRouter struct {
	*message.Router
	Sub message.Subscriber
}

// AddTask registers the task's handler under name.
func (tr *TaskRouter) AddTask(_ context.Context, name string, task Task) {
	tr.AddNoPublisherHandler(name, name, tr.Sub, TaskHandler(task))
}

// TaskHandler makes the handler of one task.
func TaskHandler(task Task) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		if err := task.Execute(msg.Context(), msg); err != nil {
			task.HandleError(err)
			return err
		}
		return nil
	}
}

// BaseTask is the no-op every task embeds.
type BaseTask struct{}

func (b *BaseTask) Execute(context.Context, *message.Message) error { return nil }

func (b *BaseTask) HandleError(error) {}

// ShipTask books a shipment for the order.
type ShipTask struct {
	BaseTask
	Store *store.Store
}

func (t *ShipTask) Execute(ctx context.Context, msg *message.Message) error {
	return t.Store.AddShipment(ctx, orderOf(msg))
}

// StatusTask marks the order shipped.
type StatusTask struct {
	BaseTask
	Store *store.Store
}

// NewStatusTask returns the task behind the interface.
func NewStatusTask(st *store.Store) Task { return &StatusTask{Store: st} }

func (t *StatusTask) Execute(ctx context.Context, msg *message.Message) error {
	return t.Store.SetStatus(ctx, orderOf(msg), "shipped")
}

func orderOf(msg *message.Message) string { return string(msg.Payload) }

// Initialize adds the tasks.
func Initialize(ctx context.Context, st *store.Store, router Router) {
	addTask := func(ctx context.Context, name string, newTask func() Task) {
		router.AddTask(ctx, name, newTask())
	}
	addTask(ctx, "ship_task", func() Task { return &ShipTask{Store: st} })
	addTask(ctx, "status_task", func() Task { return NewStatusTask(st) })
}
