// Package fwdregfix: a forwarding registration. One closure,
// TaskHandler(task), is registered once in the code, by a method that
// takes the task name and the task from its parameters (TaskRouter.AddTask
// calling AddNoPublisherHandler(name, …, TaskHandler(task))), itself
// called through an interface from a closure that Initialize calls with a
// different name and task each time. Each of Initialize's calls is a
// registration of its own: one handler per task, whose task.Execute is
// that task's. The Execute methods and their payload decoder are not
// handlers of their own. Near miss: AddDynamic's closure, registered by
// RegisterAll under names it does not know, stays one handler.
package fwdregfix

import (
	"context"
	"database/sql"

	"github.com/ThreeDotsLabs/watermill/message"
)

type Task interface {
	Execute(ctx context.Context, msg *message.Message) error
	HandleError(err error)
}

type Router interface {
	AddTask(ctx context.Context, name string, topic string, task Task)
}

type TaskRouter struct {
	*message.Router
	sub message.Subscriber
}

func (tr *TaskRouter) AddTask(_ context.Context, name string, topic string, task Task) { // want AddTask:"no effects"
	tr.AddNoPublisherHandler(name, topic, tr.sub, TaskHandler(task))
}

// TaskHandler makes the handler of one task: the closure captures it.
func TaskHandler(task Task) message.NoPublishHandlerFunc { // want TaskHandler:"returns fwdregfix.TaskHandler.func1" TaskHandler:"no effects"
	return func(msg *message.Message) error {
		err := task.Execute(msg.Context(), msg)
		if err != nil {
			task.HandleError(err)
			return err
		}
		return nil
	}
}

// BaseTask is the no-op every task embeds and overrides.
type BaseTask struct{}

func (b *BaseTask) Execute(_ context.Context, _ *message.Message) error { return nil } // want Execute:"no effects"

func (b *BaseTask) HandleError(err error) {} // want HandleError:"no effects"

type InsertTask struct {
	BaseTask
	DB *sql.DB
}

func NewInsertTask(db *sql.DB) *InsertTask { return &InsertTask{DB: db} } // want NewInsertTask:"no effects"

func (t *InsertTask) Execute(ctx context.Context, msg *message.Message) error { // want Execute:`^effects: db_write/insert events$`
	_, err := t.DB.ExecContext(ctx, "insert into events (id) values ($1)", payloadID(msg))
	return err
}

type UpdateTask struct {
	BaseTask
	DB *sql.DB
}

func NewUpdateTask(db *sql.DB) Task { return &UpdateTask{DB: db} } // want NewUpdateTask:"returns \\*fwdregfix.UpdateTask" NewUpdateTask:"no effects"

func (t *UpdateTask) Execute(ctx context.Context, msg *message.Message) error { // want Execute:`^effects: db_write/update-set counters$`
	_, err := t.DB.ExecContext(ctx, "update counters set seen = true where id = $1", payloadID(msg))
	return err
}

// payloadID decodes the message: a helper of the tasks.
func payloadID(msg *message.Message) string { return string(msg.Payload) } // want payloadID:"no effects"

func Initialize(ctx context.Context, db *sql.DB, router Router) { // want Initialize:`effects: dynamic_call/call \(fwdregfix.Router\).AddTask`
	addTask := func(ctx context.Context, name string, topic string, enabled bool, newTask func() Task) {
		if enabled {
			router.AddTask(ctx, name, topic, newTask())
		}
	}
	addTask(ctx, "insert", "insert", true, func() Task { return NewInsertTask(db) }) // wholewant `^unguarded: .*twice: insert into events \(medium\) at` // want `unresolved: go vet cannot tell what fwdregfix.TaskHandler.func1 does: calls \(fwdregfix.Task\).Execute through an interface`
	addTask(ctx, "update", "update", true, func() Task { return NewUpdateTask(db) }) // want `unresolved: go vet cannot tell what fwdregfix.TaskHandler.func1 does: calls \(fwdregfix.Task\).Execute through an interface`
}

// AddDynamic registers a closure of its own under a name its caller gives.
func (tr *TaskRouter) AddDynamic(name string, task Task) { // want AddDynamic:"no effects"
	tr.AddNoPublisherHandler(name, name, tr.sub, Wrap(task))
}

func Wrap(task Task) message.NoPublishHandlerFunc { // want Wrap:"returns fwdregfix.Wrap.func1" Wrap:"no effects"
	return func(msg *message.Message) error { // wholewant `^unguarded: .*twice: insert into events \(medium\) at` // want `unresolved: go vet cannot tell what fwdregfix.Wrap.func1 does: calls \(fwdregfix.Task\).Execute through an interface`
		return task.Execute(msg.Context(), msg)
	}
}

// RegisterAll gives names it does not know: one handler.
func RegisterAll(tr *TaskRouter, names []string, db *sql.DB) { // want RegisterAll:"no effects"
	for _, n := range names {
		tr.AddDynamic(n, &UpdateTask{DB: db})
	}
	tr.AddDynamic(names[0]+"-extra", NewInsertTask(db))
}
