// Package awsflowfix covers EventBridge and Step Functions calls the name
// inference used to classify: PutEvents sends the entries to the bus's
// rules again on every call (a publish, though Put is in its name);
// StartExecution starts a workflow and dedupes by its Name while that
// execution runs — a name from the job guards it, one from the clock is
// new on every delivery, none at all guards nothing. A Scheduler
// CreateSchedule is keyed by its name the same way: a second create of a
// name fails and the first schedule stays. A clock's wrapper (Now()
// returning an injected func's value in tests, time.Now() otherwise) is a
// clock too.
package awsflowfix

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/eventbridge"
	"github.com/aws/aws-sdk-go-v2/service/scheduler"
	"github.com/aws/aws-sdk-go-v2/service/sfn"
	"github.com/hibiken/asynq"
)

type Deps struct {
	Bus     *eventbridge.Client
	SFN     *sfn.Client
	Sch     *scheduler.Client
	Flows   SFNAPI
	NowFunc func() time.Time
}

// SFNAPI is the subset of the Step Functions client the application
// calls; NewDeps wires the real client behind it.
type SFNAPI interface {
	StartExecution(ctx context.Context, params *sfn.StartExecutionInput, optFns ...func(*sfn.Options)) (*sfn.StartExecutionOutput, error)
}

// NewDeps wires the clients.
func NewDeps() *Deps { // want NewDeps:`^no effects$`
	c := &sfn.Client{}
	return &Deps{SFN: c, Flows: c}
}

// startWithName starts the workflow through the interface under the name
// its caller gives.
func (d *Deps) startWithName(ctx context.Context, name string) error { // want startWithName:`^effects: dynamic_call/call \(awsflowfix.SFNAPI\).StartExecution$`
	_, err := d.Flows.StartExecution(ctx, &sfn.StartExecutionInput{StateMachineArn: aws.String("arn"), Name: &name})
	return err
}

// Now is the application's clock, replaceable in tests.
func (d *Deps) Now() time.Time { // want Now:`^effects: dynamic_call/call awsflowfix.Deps.NowFunc reads=dynamic_call/read; result derives from time.Now$`
	if d.NowFunc != nil {
		return d.NowFunc()
	}
	return time.Now()
}

// Announce publishes an event: every delivery publishes it again.
func (d *Deps) Announce(ctx context.Context, t *asynq.Task) error { // want Announce:`^effects: publish/publish eventbridge$` `unguarded: handler \(\*awsflowfix.Deps\).Announce .*repeats .*publish \(eventbridge\) \(medium\) at .* is not guarded`
	_, err := d.Bus.PutEvents(ctx, &eventbridge.PutEventsInput{Entries: []eventbridge.PutEventsRequestEntry{{
		Source: aws.String("app"), DetailType: aws.String("done"), Detail: aws.String(string(t.Payload())),
	}}})
	return err
}

// StartNamed starts the workflow under a name from the job (near miss):
// a second delivery finds the running execution.
func (d *Deps) StartNamed(ctx context.Context, t *asynq.Task) error { // want StartNamed:`^effects: publish/start-workflow step functions guarded=idempotency_key$`
	_, err := d.SFN.StartExecution(ctx, &sfn.StartExecutionInput{StateMachineArn: aws.String("arn"), Name: aws.String("run-" + string(t.Payload()))})
	return err
}

// StartStamped names the execution after the clock: a new execution per
// delivery.
func (d *Deps) StartStamped(ctx context.Context, t *asynq.Task) error { // want StartStamped:`^effects: publish/start-workflow step functions issue=random-key$`
	name := fmt.Sprintf("run-%s-%d", t.Payload(), time.Now().Unix())
	_, err := d.SFN.StartExecution(ctx, &sfn.StartExecutionInput{StateMachineArn: aws.String("arn"), Name: &name}) // want `random-key: idempotency key .*derives from time.Now`
	return err
}

// StartClocked names the execution after the application's clock, a
// wrapper of time.Now: new on every delivery as well.
func (d *Deps) StartClocked(ctx context.Context, t *asynq.Task) error { // want StartClocked:`handler asynq \(\*awsflowfix.Deps\).StartClocked` StartClocked:`^effects: publish/start-workflow step functions issue=random-key; dynamic_call/call awsflowfix.Deps.NowFunc reads=dynamic_call/read$`
	name := fmt.Sprintf("run-%s-%d", t.Payload(), d.Now().Unix())
	_, err := d.SFN.StartExecution(ctx, &sfn.StartExecutionInput{StateMachineArn: aws.String("arn"), Name: &name}) // want `random-key: idempotency key .*derives from time.Now`
	return err
}

// RerunClocked names the execution after the application's clock and
// starts it through the interface the program resolves to the client: a
// new execution per delivery.
func (d *Deps) RerunClocked(ctx context.Context, t *asynq.Task) error { // want RerunClocked:`handler asynq \(\*awsflowfix.Deps\).RerunClocked` RerunClocked:`^effects: dynamic_call/call \(awsflowfix.SFNAPI\).StartExecution; dynamic_call/call awsflowfix.Deps.NowFunc reads=dynamic_call/read$`
	name := fmt.Sprintf("run-%s-rerun-%d", t.Payload(), d.Now().Unix()) // want `random-key: idempotency key .*derives from time.Now`
	return d.startWithName(ctx, name)
}

// StartAnonymous gives no name: Step Functions makes one up each time.
func (d *Deps) StartAnonymous(ctx context.Context, t *asynq.Task) error { // want StartAnonymous:`^effects: publish/start-workflow step functions$` `unguarded: handler \(\*awsflowfix.Deps\).StartAnonymous .*repeats .*publish start-workflow \(step functions\) \(medium\)`
	_, err := d.SFN.StartExecution(ctx, &sfn.StartExecutionInput{StateMachineArn: aws.String("arn")})
	return err
}

// RemindNamed schedules a reminder named after the job (near miss): a
// second delivery's create fails on the name.
func (d *Deps) RemindNamed(ctx context.Context, t *asynq.Task) error { // want RemindNamed:`^effects: publish/enqueue eventbridge scheduler guarded=idempotency_key$`
	_, err := d.Sch.CreateSchedule(ctx, &scheduler.CreateScheduleInput{Name: aws.String("remind-" + string(t.Payload())), ScheduleExpression: aws.String("at(2030-01-01T00:00:00)")})
	return err
}

// RemindStamped names the schedule after the clock: one more schedule per
// delivery.
func (d *Deps) RemindStamped(ctx context.Context, t *asynq.Task) error { // want RemindStamped:`^effects: publish/enqueue eventbridge scheduler issue=random-key$`
	name := fmt.Sprintf("remind-%d", time.Now().UnixNano())
	_, err := d.Sch.CreateSchedule(ctx, &scheduler.CreateScheduleInput{Name: &name, ScheduleExpression: aws.String("rate(1 day)")}) // want `random-key: idempotency key .*derives from time.Now`
	return err
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:`^no effects$`
	mux.HandleFunc("announce", d.Announce)
	mux.HandleFunc("start:named", d.StartNamed)
	mux.HandleFunc("start:stamped", d.StartStamped)
	mux.HandleFunc("start:anonymous", d.StartAnonymous)
	mux.HandleFunc("start:clocked", d.StartClocked)
	mux.HandleFunc("rerun:clocked", d.RerunClocked)
	mux.HandleFunc("remind:named", d.RemindNamed)
	mux.HandleFunc("remind:stamped", d.RemindStamped)
}
