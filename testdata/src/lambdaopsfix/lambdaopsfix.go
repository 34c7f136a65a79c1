// Package lambdaopsfix covers the AWS Lambda client's operations on the
// account's functions (catalog: aws.yaml aws-lambda-invoke): a create of
// a named function or a permission statement fails on the duplicate, a
// layer version is published anew on every call, a version is published
// only when the code changed, updates and configuration puts set what
// they are given, a delete of a named resource fails on its repeat, and a
// delete of a function's configuration stays unknown.
package lambdaopsfix

import (
	"context"
	"log"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

type Deploy struct{ Lambda *lambda.Client }

func (d *Deploy) Create(ctx context.Context, t *asynq.Task) error { // want Create:`^effects: http/post aws lambda$` `duplicate-as-error: a second delivery's http post \(aws lambda\) \(high\) .*fails on the duplicate \(Lambda answers ResourceConflictException for a function name that exists\)`
	_, err := d.Lambda.CreateFunction(ctx, &lambda.CreateFunctionInput{FunctionName: aws.String(string(t.Payload()))})
	return err
}

func (d *Deploy) Grant(ctx context.Context, t *asynq.Task) error { // want Grant:`^effects: http/post aws lambda$` `duplicate-as-error: a second delivery's http post \(aws lambda\) \(high\) .*fails on the duplicate \(Lambda answers ResourceConflictException for a statement id that exists\)`
	_, err := d.Lambda.AddPermission(ctx, &lambda.AddPermissionInput{
		FunctionName: aws.String(string(t.Payload())),
		StatementId:  aws.String("sns-invoke"),
		Action:       aws.String("lambda:InvokeFunction"),
		Principal:    aws.String("sns.amazonaws.com"),
	})
	return err
}

// GrantLogged swallows the conflict (near miss of Grant's finding): no
// duplicate-as-error, and no repeat either: the statement id is the same
// on every delivery, so the redelivery's add is refused and only logged
// (guarded; docs/rules.md, duperrfix's RestoreLogged).
func (d *Deploy) GrantLogged(ctx context.Context, t *asynq.Task) error { // want GrantLogged:`^effects: http/post aws lambda guarded=processed_jobs$`
	_, err := d.Lambda.AddPermission(ctx, &lambda.AddPermissionInput{FunctionName: aws.String(string(t.Payload())), StatementId: aws.String("sns-invoke")})
	if err != nil {
		log.Printf("grant: %v", err)
	}
	return nil
}

// GrantFresh names the statement anew on every delivery: nothing is
// refused, every delivery adds a statement (unguarded, whatever is done
// with the failure).
func (d *Deploy) GrantFresh(ctx context.Context, t *asynq.Task) error { // want GrantFresh:`^effects: http/post aws lambda$` `^unguarded: handler \(\*lambdaopsfix.Deploy\).GrantFresh .*http post \(aws lambda\) \(high\)`
	_, err := d.Lambda.AddPermission(ctx, &lambda.AddPermissionInput{FunctionName: aws.String(string(t.Payload())), StatementId: aws.String(uuid.NewString())})
	if err != nil {
		log.Printf("grant: %v", err)
	}
	return nil
}

// GrantFreshReturned returns the failure, but a fresh statement id is
// never refused: unguarded, not duplicate-as-error.
func (d *Deploy) GrantFreshReturned(ctx context.Context, t *asynq.Task) error { // want GrantFreshReturned:`^effects: http/post aws lambda$` `^unguarded: handler \(\*lambdaopsfix.Deploy\).GrantFreshReturned .*http post \(aws lambda\) \(high\)`
	_, err := d.Lambda.AddPermission(ctx, &lambda.AddPermissionInput{FunctionName: aws.String(string(t.Payload())), StatementId: aws.String("grant-" + time.Now().Format(time.RFC3339Nano))})
	return err
}

func (d *Deploy) Release(ctx context.Context, t *asynq.Task) error { // want Release:`^effects: http/put aws lambda; http/post aws lambda$`
	name := aws.String(string(t.Payload()))
	if _, err := d.Lambda.UpdateFunctionCode(ctx, &lambda.UpdateFunctionCodeInput{FunctionName: name, ZipFile: []byte("zip")}); err != nil {
		return err
	}
	_, err := d.Lambda.PublishVersion(ctx, &lambda.PublishVersionInput{FunctionName: name})
	return err
}

func (d *Deploy) Layer(ctx context.Context, t *asynq.Task) error { // want Layer:`^effects: http/post aws lambda$` `unguarded: handler \(\*lambdaopsfix.Deploy\).Layer .*http post \(aws lambda\)`
	_, err := d.Lambda.PublishLayerVersion(ctx, &lambda.PublishLayerVersionInput{LayerName: aws.String("shared")})
	return err
}

func (d *Deploy) Configure(ctx context.Context, t *asynq.Task) error { // want Configure:`^effects: http/put aws lambda; http/put aws lambda$`
	name := aws.String(string(t.Payload()))
	if _, err := d.Lambda.TagResource(ctx, &lambda.TagResourceInput{Resource: name, Tags: map[string]string{"team": "jobs"}}); err != nil {
		return err
	}
	_, err := d.Lambda.PutFunctionConcurrency(ctx, &lambda.PutFunctionConcurrencyInput{FunctionName: name, ReservedConcurrentExecutions: aws.Int32(5)})
	return err
}

// Retire returns the delete's failure: the function is deleted once, and
// a redelivery's delete answers ResourceNotFoundException, which fails
// the job on every retry (duplicate-as-error, fails_on_repeat).
func (d *Deploy) Retire(ctx context.Context, t *asynq.Task) error { // want Retire:`^effects: http/delete aws lambda$` `^duplicate-as-error: a second delivery's http delete \(aws lambda\) \(safe\) .*fails on the repeat \(Lambda answers ResourceNotFoundException for a function that does not exist\) and handler \(\*lambdaopsfix.Deploy\).Retire returns that error`
	_, err := d.Lambda.DeleteFunction(ctx, &lambda.DeleteFunctionInput{FunctionName: aws.String(string(t.Payload()))})
	return err
}

// RetireLogged, the near miss: the repeat's failure is only logged, and
// the delete does not repeat: no finding.
func (d *Deploy) RetireLogged(ctx context.Context, t *asynq.Task) error { // want RetireLogged:`^effects: http/delete aws lambda$`
	if _, err := d.Lambda.RemovePermission(ctx, &lambda.RemovePermissionInput{FunctionName: aws.String(string(t.Payload())), StatementId: aws.String("sns-invoke")}); err != nil {
		log.Printf("revoke: %v", err)
	}
	return nil
}

// RetireLayer deletes the function, returning the delete's failure, then
// publishes a layer version: a redelivery fails at the delete (the
// function is gone) and never publishes again, so the publish is guarded
// by the delete as it would be by a create that fails on its duplicate.
func (d *Deploy) RetireLayer(ctx context.Context, t *asynq.Task) error { // want RetireLayer:`^effects: http/post aws lambda guarded=processed_jobs; http/delete aws lambda$` `^duplicate-as-error: a second delivery's http delete \(aws lambda\)`
	if _, err := d.Lambda.DeleteFunction(ctx, &lambda.DeleteFunctionInput{FunctionName: aws.String(string(t.Payload()))}); err != nil {
		return err
	}
	_, err := d.Lambda.PublishLayerVersion(ctx, &lambda.PublishLayerVersionInput{LayerName: aws.String("shared")})
	return err
}

// RetireLayerLogged, the near miss: the delete's failure is only logged,
// so a redelivery goes on to publish another layer version: unguarded.
func (d *Deploy) RetireLayerLogged(ctx context.Context, t *asynq.Task) error { // want RetireLayerLogged:`^effects: http/post aws lambda; http/delete aws lambda$` `unguarded: handler \(\*lambdaopsfix.Deploy\).RetireLayerLogged .*http post \(aws lambda\)`
	if _, err := d.Lambda.DeleteFunction(ctx, &lambda.DeleteFunctionInput{FunctionName: aws.String(string(t.Payload()))}); err != nil {
		log.Printf("retire: %v", err)
	}
	_, err := d.Lambda.PublishLayerVersion(ctx, &lambda.PublishLayerVersionInput{LayerName: aws.String("shared")})
	return err
}

// Unalias deletes an alias: a missing alias is no error Lambda answers
// (DeleteAlias lists no not-found), so the repeat succeeds: no finding.
func (d *Deploy) Unalias(ctx context.Context, t *asynq.Task) error { // want Unalias:`^effects: http/delete aws lambda$`
	_, err := d.Lambda.DeleteAlias(ctx, &lambda.DeleteAliasInput{FunctionName: aws.String(string(t.Payload())), Name: aws.String("live")})
	return err
}

// Unthrottle removes the function's concurrency limit: whether a repeat
// fails is not told by the API (its not-found may be the function's
// only), so the call stays unknown.
func (d *Deploy) Unthrottle(ctx context.Context, t *asynq.Task) error { // want Unthrottle:`^effects: dynamic_call/call \(\*lambda.Client\).DeleteFunctionConcurrency$`
	_, err := d.Lambda.DeleteFunctionConcurrency(ctx, &lambda.DeleteFunctionConcurrencyInput{FunctionName: aws.String(string(t.Payload()))})
	return err
}

func Register(mux *asynq.ServeMux, d *Deploy) { // want Register:`^no effects$`
	mux.HandleFunc("create", d.Create)
	mux.HandleFunc("grant", d.Grant)
	mux.HandleFunc("grant-logged", d.GrantLogged)
	mux.HandleFunc("release", d.Release)
	mux.HandleFunc("layer", d.Layer)
	mux.HandleFunc("configure", d.Configure)
	mux.HandleFunc("grant-fresh", d.GrantFresh)
	mux.HandleFunc("grant-fresh-returned", d.GrantFreshReturned)
	mux.HandleFunc("retire", d.Retire)
	mux.HandleFunc("retire-logged", d.RetireLogged)
	mux.HandleFunc("retire-layer", d.RetireLayer)
	mux.HandleFunc("retire-layer-logged", d.RetireLayerLogged)
	mux.HandleFunc("unalias", d.Unalias)
	mux.HandleFunc("unthrottle", d.Unthrottle)
}
