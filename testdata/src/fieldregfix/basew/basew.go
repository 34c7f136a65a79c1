// Package basew is the worker every job of fieldregfix embeds: Run
// registers the method value w.perform under w.Name, and perform calls
// the function the Perform field holds. The task name and the handler's
// work are fields of the receiver, set by each job's composite literal.
package basew

import (
	"context"
	"fmt"

	worker "github.com/contribsys/faktory_worker_go"
)

type Worker struct {
	Name    string
	FK      *worker.Manager
	Perform func(ctx context.Context, id uint) error
}

func (w Worker) Run() { // want Run:"no effects" Run:"field forwards \\[\\{faktory  Name perform\\}\\]"
	w.FK.Register(w.Name, w.perform)
	w.FK.Run()
}

func (w Worker) perform(ctx context.Context, args ...interface{}) error { // wholewant `^unguarded: .*twice: insert into events \(medium\) at` // want perform:`^effects: dynamic_call/call basew.Worker.Perform$` perform:"handler faktory basew.Worker.perform"
	f, ok := args[0].(float64)
	if !ok {
		return fmt.Errorf("invalid id %v", args[0])
	}
	return w.Perform(ctx, uint(f))
}
