// Package lambdaopsfix covers the AWS Lambda client's operations on the
// account's functions (catalog: aws.yaml aws-lambda-invoke): a create of
// a named function or a permission statement fails on the duplicate, a
// layer version is published anew on every call, a version is published
// only when the code changed, updates and configuration puts set what
// they are given, and a delete stays unknown.
package lambdaopsfix

import (
	"context"
	"log"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/lambda"
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
// duplicate-as-error; the add is then judged as any create whose failure
// is swallowed (docs/rules.md, duperrfix's RestoreLogged).
func (d *Deploy) GrantLogged(ctx context.Context, t *asynq.Task) error { // want GrantLogged:`^effects: http/post aws lambda$` `^unguarded: handler \(\*lambdaopsfix.Deploy\).GrantLogged .*http post \(aws lambda\) \(high\)`
	_, err := d.Lambda.AddPermission(ctx, &lambda.AddPermissionInput{FunctionName: aws.String(string(t.Payload())), StatementId: aws.String("sns-invoke")})
	if err != nil {
		log.Printf("grant: %v", err)
	}
	return nil
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

func (d *Deploy) Retire(ctx context.Context, t *asynq.Task) error { // want Retire:`^effects: dynamic_call/call \(\*lambda.Client\).DeleteFunction$`
	_, err := d.Lambda.DeleteFunction(ctx, &lambda.DeleteFunctionInput{FunctionName: aws.String(string(t.Payload()))})
	return err
}

func Register(mux *asynq.ServeMux, d *Deploy) { // want Register:`^no effects$`
	mux.HandleFunc("create", d.Create)
	mux.HandleFunc("grant", d.Grant)
	mux.HandleFunc("grant-logged", d.GrantLogged)
	mux.HandleFunc("release", d.Release)
	mux.HandleFunc("layer", d.Layer)
	mux.HandleFunc("configure", d.Configure)
	mux.HandleFunc("retire", d.Retire)
}
