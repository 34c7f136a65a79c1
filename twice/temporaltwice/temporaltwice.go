// Package temporaltwice delivers a Temporal activity for package twice,
// through the SDK's test activity environment (testsuite): each delivery
// is an execution of the activity in a new TestActivityEnvironment, with
// the same arguments, as when Temporal retries an activity whose worker
// died before reporting its completion. activity.GetInfo works; the
// workflow and activity IDs are the same in every delivery, as they are
// across a real activity's attempts, so a key derived from them is
// stable.
//
// The delivery's context is the environment's BackgroundActivityContext,
// so the activity's context carries it: effects made through an
// instrumented client count as effect points and stop at a crash.
//
// It is a module of its own so that only tests using Temporal compile
// the SDK.
package temporaltwice

import (
	"context"

	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/worker"

	"github.com/jobeffects/jobeffects/twice"
)

// Activity returns the Job that executes activity (a function, or a
// method value of a registered struct) with args.
func Activity(activity any, args ...any) twice.Job {
	return ActivityIn(nil, activity, args...)
}

// ActivityIn is Activity with the environments made by newEnv (for a
// suite's logger, interceptors or data converter; nil: a plain
// testsuite.WorkflowTestSuite). newEnv must return a new environment each
// time: one per delivery.
func ActivityIn(newEnv func() *testsuite.TestActivityEnvironment, activity any, args ...any) twice.Job {
	if newEnv == nil {
		newEnv = func() *testsuite.TestActivityEnvironment {
			var s testsuite.WorkflowTestSuite
			return s.NewTestActivityEnvironment()
		}
	}
	return job{newEnv, activity, args}
}

type job struct {
	newEnv   func() *testsuite.TestActivityEnvironment
	activity any
	args     []any
}

func (j job) Deliver(ctx context.Context, d twice.Delivery) error {
	env := j.newEnv()
	env.SetWorkerOptions(worker.Options{BackgroundActivityContext: ctx})
	env.RegisterActivity(j.activity)
	d.Fetched()
	_, err := env.ExecuteActivity(j.activity, j.args...)
	return err
}
