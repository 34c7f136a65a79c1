// Package dynamofix covers DynamoDB's PutItem: it replaces the item its
// primary key names, so a second delivery writing the same key sets it
// again (a set), but an item whose key attribute (PK, SK, id) is built
// from the clock or a UUID is a new item on every delivery (an insert,
// medium) — by a static call, through the application's client interface
// and through a clock wrapper. A clock in an attribute that is no key (a
// ttl, an updatedAt) changes nothing. Every call's target is the table
// its input names. A GetItem whose missing item lets the work run and a
// later plain PutItem into the same table are check-then-act (Marker);
// into another table, no pair (MarkerElsewhere).
package dynamofix

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/eventbridge"
	"github.com/aws/aws-sdk-go-v2/service/sfn"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// API is the subset of the DynamoDB client the store calls.
type API interface {
	PutItem(ctx context.Context, params *dynamodb.PutItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
}

type Deps struct {
	DB      *dynamodb.Client
	Client  API
	SFN     *sfn.Client
	Bus     *eventbridge.Client
	NowFunc func() time.Time
}

// Now is the application's clock, replaceable in tests.
func (d *Deps) Now() time.Time { // want Now:`^effects: dynamic_call/call dynamofix.Deps.NowFunc reads=dynamic_call/read; result derives from time.Now$`
	if d.NowFunc != nil {
		return d.NowFunc()
	}
	return time.Now()
}

// Audit stores the event under a sort key from the clock: a second
// delivery stores a second item.
func (d *Deps) Audit(ctx context.Context, t *asynq.Task) error { // want Audit:`^effects: db_write/insert events$` `unguarded: handler \(\*dynamofix.Deps\).Audit .*repeats .*insert into events \(medium\) at dynamofix/dynamofix.go:\d+ is not guarded`
	sk := fmt.Sprintf("%d#%s", time.Now().UnixMilli(), t.Type())
	_, err := d.DB.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String("events"),
		Item: map[string]ddbtypes.AttributeValue{
			"PK":      &ddbtypes.AttributeValueMemberS{Value: "PIPELINE#" + string(t.Payload())},
			"SK":      &ddbtypes.AttributeValueMemberS{Value: sk},
			"message": &ddbtypes.AttributeValueMemberS{Value: string(t.Payload())},
		},
	})
	return err
}

// Record stores the job's row under its own key (near miss): the clock
// is only in the ttl, no key attribute; a second delivery replaces the
// item.
func (d *Deps) Record(ctx context.Context, t *asynq.Task) error { // want Record:`^effects: db_write/set jobs$`
	item := map[string]ddbtypes.AttributeValue{
		"PK":  &ddbtypes.AttributeValueMemberS{Value: "JOB#" + string(t.Payload())},
		"SK":  &ddbtypes.AttributeValueMemberS{Value: "STATUS"},
		"ttl": &ddbtypes.AttributeValueMemberN{Value: fmt.Sprintf("%d", time.Now().Add(24*time.Hour).Unix())},
	}
	_, err := d.DB.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("jobs"), Item: item})
	return err
}

// acquireLock claims the job's lock item through the client interface: a
// conditional put (attribute_not_exists) fails with
// ConditionalCheckFailedException when the item exists, which the helper
// answers "already held" (false, nil) — a claim whose outcome it hands
// to its callers.
func (d *Deps) acquireLock(ctx context.Context, id string) (bool, error) { // want acquireLock:`^effects: db_write/claim control @p0; returns claim result 0 \(first\)$`
	_, err := d.Client.PutItem(ctx, &dynamodb.PutItemInput{ // want `guard-separate-tx: the claim on control commits separately from the insert into ledger at dynamofix/dynamofix.go:\d+`
		TableName: aws.String("control"),
		Item: map[string]ddbtypes.AttributeValue{
			"PK": &ddbtypes.AttributeValueMemberS{Value: "LOCK#" + id},
			"SK": &ddbtypes.AttributeValueMemberS{Value: "LOCK"},
		},
		ConditionExpression: aws.String("attribute_not_exists(PK)"),
	})
	if err != nil {
		var ccfe *ddbtypes.ConditionalCheckFailedException
		if errors.As(err, &ccfe) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

// Locked writes a new ledger item only when it acquired the lock: a
// duplicate leaves at the lock, but the lock and the item are two writes
// that commit apart (guard-separate-tx, as a claim on the pool).
func (d *Deps) Locked(ctx context.Context, t *asynq.Task) error { // want Locked:`^effects: db_write/insert ledger issue=guard-separate-tx; db_write/claim control @p0$`
	ok, err := d.acquireLock(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	_, err = d.DB.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("ledger"), Item: map[string]ddbtypes.AttributeValue{
		"id": &ddbtypes.AttributeValueMemberS{Value: uuid.NewString()},
	}})
	return err
}

// Claimed makes the conditional put itself on the client and takes the
// exception as success (a duplicate): the workflow after it starts once,
// although its execution name comes from the clock (no random-key under
// a claim).
func (d *Deps) Claimed(ctx context.Context, t *asynq.Task) error { // want Claimed:`^effects: publish/start-workflow step functions guarded=processed_jobs; db_write/claim control$`
	_, err := d.DB.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:           aws.String("control"),
		Item:                map[string]ddbtypes.AttributeValue{"PK": &ddbtypes.AttributeValueMemberS{Value: "DONE#" + string(t.Payload())}},
		ConditionExpression: aws.String("attribute_not_exists(PK)"),
	})
	if err != nil {
		var ccfe *ddbtypes.ConditionalCheckFailedException
		if errors.As(err, &ccfe) {
			return nil
		}
		return err
	}
	name := fmt.Sprintf("run-%s-%d", t.Payload(), time.Now().Unix())
	_, err = d.SFN.StartExecution(ctx, &sfn.StartExecutionInput{StateMachineArn: aws.String("arn"), Name: &name})
	return err
}

// Touched conditions its put on the item existing (near miss): that
// succeeds on every delivery once the item is there and claims nothing,
// so the workflow after it starts again under a new name.
func (d *Deps) Touched(ctx context.Context, t *asynq.Task) error { // want Touched:`^effects: publish/start-workflow step functions issue=random-key; db_write/set control$`
	_, err := d.DB.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:           aws.String("control"),
		Item:                map[string]ddbtypes.AttributeValue{"PK": &ddbtypes.AttributeValueMemberS{Value: "DONE#" + string(t.Payload())}},
		ConditionExpression: aws.String("attribute_exists(PK)"),
	})
	if err != nil {
		var ccfe *ddbtypes.ConditionalCheckFailedException
		if errors.As(err, &ccfe) {
			return nil
		}
		return err
	}
	name := fmt.Sprintf("run-%s-%d", t.Payload(), time.Now().Unix())
	_, err = d.SFN.StartExecution(ctx, &sfn.StartExecutionInput{StateMachineArn: aws.String("arn"), Name: &name}) // want `random-key: idempotency key name derives from time.Now`
	return err
}

// Ledger keys a new item by a fresh UUID through the client interface.
func (d *Deps) Ledger(ctx context.Context, t *asynq.Task) error { // want Ledger:`^effects: dynamic_call/call \(dynamofix.API\).PutItem reads=http/put$` `unguarded: handler \(\*dynamofix.Deps\).Ledger .*repeats .*insert into ledger \(medium\) .*\(dynamic call → \(\*dynamodb.Client\).PutItem\)`
	_, err := d.Client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String("ledger"),
		Item: map[string]ddbtypes.AttributeValue{
			"id":     &ddbtypes.AttributeValueMemberS{Value: uuid.NewString()},
			"amount": &ddbtypes.AttributeValueMemberN{Value: string(t.Payload())},
		},
	})
	return err
}

// Sink takes the event's time when it has one and the application's clock
// otherwise, through the client interface: the clock's branch stores a
// new item per delivery.
func (d *Deps) Sink(ctx context.Context, t *asynq.Task) error { // want Sink:`handler asynq \(\*dynamofix.Deps\).Sink` Sink:`^effects: dynamic_call/call dynamofix.Deps.NowFunc reads=dynamic_call/read; dynamic_call/call \(dynamofix.API\).PutItem reads=http/put$` `unguarded: handler \(\*dynamofix.Deps\).Sink .*repeats .*insert into events \(medium\) .*\(dynamic call → \(\*dynamodb.Client\).PutItem\)`
	var ts int64
	if len(t.Payload()) > 8 {
		ts = int64(t.Payload()[0])
	} else {
		ts = d.Now().UnixMilli()
	}
	sk := fmt.Sprintf("%d#%s", ts, t.Type())
	item := map[string]ddbtypes.AttributeValue{
		"PK": &ddbtypes.AttributeValueMemberS{Value: "PIPELINE#" + string(t.Payload())},
		"SK": &ddbtypes.AttributeValueMemberS{Value: sk},
	}
	_, err := d.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("events"), Item: item})
	return err
}

// Thread stores a thread id by the job's key through the interface (near
// miss): a set, whatever the clock fills elsewhere.
func (d *Deps) Thread(ctx context.Context, t *asynq.Task) error { // want Thread:`^effects: dynamic_call/call \(dynamofix.API\).PutItem reads=http/put$`
	_, err := d.Client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String("threads"),
		Item: map[string]ddbtypes.AttributeValue{
			"PK":        &ddbtypes.AttributeValueMemberS{Value: "THREAD#" + string(t.Payload())},
			"SK":        &ddbtypes.AttributeValueMemberS{Value: "THREAD"},
			"updatedAt": &ddbtypes.AttributeValueMemberS{Value: time.Now().Format(time.RFC3339)},
		},
	})
	return err
}

// putEvent stores an event under the sort key its caller gives: a set by
// that key, or a new item when the caller's key is the clock.
func (d *Deps) putEvent(ctx context.Context, pk, sk string) error { // want putEvent:`^effects: db_write/set events$`
	_, err := d.DB.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("events"), Item: map[string]ddbtypes.AttributeValue{
		"PK": &ddbtypes.AttributeValueMemberS{Value: "PIPELINE#" + pk},
		"SK": &ddbtypes.AttributeValueMemberS{Value: "EVENT#" + sk},
	}})
	return err
}

// Stamp hands the helper the clock as the sort key (the partition key is
// the job's): one more item per delivery.
func (d *Deps) Stamp(ctx context.Context, t *asynq.Task) error { // want Stamp:`^effects: db_write/insert events$` `unguarded: handler \(\*dynamofix.Deps\).Stamp .*repeats .*insert into events \(medium\)`
	return d.putEvent(ctx, string(t.Payload()), time.Now().Format(time.RFC3339Nano))
}

// Keyed hands the helper the job's own keys (near miss): a set.
func (d *Deps) Keyed(ctx context.Context, t *asynq.Task) error { // want Keyed:`^effects: db_write/set events$`
	return d.putEvent(ctx, string(t.Payload()), t.Type())
}

// Marker publishes once per marker item: GetItem of the marker, return
// when it is there, the publish, then a plain PutItem of the marker into
// the same table. Two deliveries at once both find no item and both
// publish, and a crash before the put publishes again: check-then-act at
// the GetItem, the read and the write paired by the table their inputs
// name, as an SQL select and insert of one table are.
func (d *Deps) Marker(ctx context.Context, t *asynq.Task) error { // want Marker:`^effects: publish/publish eventbridge issue=check-then-act; db_read/read control; db_write/set control$`
	key := map[string]ddbtypes.AttributeValue{"PK": &ddbtypes.AttributeValueMemberS{Value: "ALERT#" + string(t.Payload())}}
	out, err := d.DB.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("control"), Key: key}) // want `^check-then-act: this read of an item of control and its plain write at dynamofix/dynamofix.go:\d+ sit on either side of the publish \(eventbridge\) at dynamofix/dynamofix.go:\d+: .*attribute_not_exists`
	if err != nil {
		return err
	}
	if out.Item != nil {
		return nil
	}
	if _, err := d.Bus.PutEvents(ctx, &eventbridge.PutEventsInput{}); err != nil {
		return err
	}
	_, err = d.DB.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("control"), Item: key})
	return err
}

// MarkerElsewhere reads the marker from one table and writes it into
// another (near miss): no pair, the publish is plainly unguarded.
func (d *Deps) MarkerElsewhere(ctx context.Context, t *asynq.Task) error { // want MarkerElsewhere:`^effects: publish/publish eventbridge; db_read/read seen; db_write/set control$` `unguarded: handler \(\*dynamofix.Deps\).MarkerElsewhere .*publish`
	key := map[string]ddbtypes.AttributeValue{"PK": &ddbtypes.AttributeValueMemberS{Value: "ALERT#" + string(t.Payload())}}
	out, err := d.DB.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("seen"), Key: key})
	if err != nil {
		return err
	}
	if out.Item != nil {
		return nil
	}
	if _, err := d.Bus.PutEvents(ctx, &eventbridge.PutEventsInput{}); err != nil {
		return err
	}
	_, err = d.DB.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("control"), Item: key})
	return err
}

// NewDeps wires the real client behind the interface.
func NewDeps() *Deps { // want NewDeps:`^no effects$`
	c := &dynamodb.Client{}
	return &Deps{DB: c, Client: c, SFN: &sfn.Client{}, Bus: &eventbridge.Client{}}
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:`^no effects$`
	mux.HandleFunc("audit", d.Audit)
	mux.HandleFunc("record", d.Record)
	mux.HandleFunc("ledger", d.Ledger)
	mux.HandleFunc("sink", d.Sink)
	mux.HandleFunc("thread", d.Thread)
	mux.HandleFunc("stamp", d.Stamp)
	mux.HandleFunc("keyed", d.Keyed)
	mux.HandleFunc("locked", d.Locked)
	mux.HandleFunc("claimed", d.Claimed)
	mux.HandleFunc("touched", d.Touched)
	mux.HandleFunc("marker", d.Marker)
	mux.HandleFunc("marker-elsewhere", d.MarkerElsewhere)
}
