package ledger

import (
	"context"
	"database/sql"
	"log"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	lambdasdk "github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/vgarvardt/gue/v6"
)

// The deploy jobs change the account's Lambda functions with the SDK's
// client (catalog aws.yaml, read against service/lambda v1.88.5; fixture
// lambdaopsfix): a permission statement added under a fixed statement id
// fails on the duplicate (ResourceConflictException), so a redelivery's
// add fails the job (duplicate-as-error) — or, with the failure only
// logged (near miss), succeeds without adding it again; a layer version is
// published anew on every call (unguarded), a version only when the code
// changed (near miss: nothing repeats); a delete fails on the repeat
// (ResourceNotFoundException, catalog fails_on_repeat): returned, the
// redelivery fails the job (duplicate-as-error); only logged, nothing
// repeats (near miss). A statement id new on every delivery is refused by
// nothing: logged or not, the permission is added again (unguarded).

// Deploy holds the Lambda client.
type Deploy struct{ Lambda *lambdasdk.Client }

// Grant lets SNS invoke the function named by the job.
func (d *Deploy) Grant(ctx context.Context, job *gue.Job) error {
	_, err := d.Lambda.AddPermission(ctx, &lambdasdk.AddPermissionInput{
		FunctionName: aws.String(string(job.Args)),
		StatementId:  aws.String("sns-invoke"),
		Action:       aws.String("lambda:InvokeFunction"),
		Principal:    aws.String("sns.amazonaws.com"),
	})
	return err
}

// GrantLogged adds the same statement and only logs a failure.
func (d *Deploy) GrantLogged(ctx context.Context, job *gue.Job) error {
	_, err := d.Lambda.AddPermission(ctx, &lambdasdk.AddPermissionInput{FunctionName: aws.String(string(job.Args)), StatementId: aws.String("sns-invoke")})
	if err != nil {
		log.Printf("grant: %v", err)
	}
	return nil
}

// Layer publishes a new version of the shared layer.
func (d *Deploy) Layer(ctx context.Context, job *gue.Job) error {
	_, err := d.Lambda.PublishLayerVersion(ctx, &lambdasdk.PublishLayerVersionInput{LayerName: aws.String("shared")})
	return err
}

// Release updates the function's code and publishes a version of it.
func (d *Deploy) Release(ctx context.Context, job *gue.Job) error {
	name := aws.String(string(job.Args))
	if _, err := d.Lambda.UpdateFunctionCode(ctx, &lambdasdk.UpdateFunctionCodeInput{FunctionName: name, ZipFile: []byte("zip")}); err != nil {
		return err
	}
	_, err := d.Lambda.PublishVersion(ctx, &lambdasdk.PublishVersionInput{FunctionName: name})
	return err
}

// Retire deletes the function.
func (d *Deploy) Retire(ctx context.Context, job *gue.Job) error {
	_, err := d.Lambda.DeleteFunction(ctx, &lambdasdk.DeleteFunctionInput{FunctionName: aws.String(string(job.Args))})
	return err
}

// StartDeploy runs the deploy pool until ctx ends.
func StartDeploy(ctx context.Context, db *sql.DB, d *Deploy, h *Hooks) error {
	c, err := gue.NewClient(db)
	if err != nil {
		return err
	}
	wm := gue.WorkMap{
		"deploy.grant":              d.Grant,
		"deploy.grant-logged":       d.GrantLogged,
		"deploy.layer":              d.Layer,
		"deploy.release":            d.Release,
		"deploy.retire":             d.Retire,
		"deploy.grant-fresh":        d.GrantFresh,
		"deploy.retire-quiet":       d.RetireQuiet,
		"deploy.retire-layer":       d.RetireLayer,
		"deploy.retire-layer-quiet": d.RetireLayerQuiet,
		"hooks.notify":              h.Notify,
		"hooks.probe":               h.Probe,
	}
	pool, err := gue.NewWorkerPool(c, wm, 1)
	if err != nil {
		return err
	}
	return pool.Run(ctx)
}

// GrantFresh adds a statement under an id made from the clock and only
// logs a failure: no redelivery's add is refused.
func (d *Deploy) GrantFresh(ctx context.Context, job *gue.Job) error {
	sid := "sns-" + strconv.FormatInt(time.Now().UnixNano(), 10)
	_, err := d.Lambda.AddPermission(ctx, &lambdasdk.AddPermissionInput{FunctionName: aws.String(string(job.Args)), StatementId: aws.String(sid)})
	if err != nil {
		log.Printf("grant: %v", err)
	}
	return nil
}

// RetireQuiet deletes the function and only logs a failure.
func (d *Deploy) RetireQuiet(ctx context.Context, job *gue.Job) error {
	if _, err := d.Lambda.DeleteFunction(ctx, &lambdasdk.DeleteFunctionInput{FunctionName: aws.String(string(job.Args))}); err != nil {
		log.Printf("retire: %v", err)
	}
	return nil
}

// RetireLayer deletes the function, returning a failure, then publishes a
// layer version: a redelivery's delete fails (the function is gone), so
// the publish is not made again (guarded by the delete, as after a create
// that fails on its duplicate); near miss RetireLayerQuiet.
func (d *Deploy) RetireLayer(ctx context.Context, job *gue.Job) error {
	if _, err := d.Lambda.DeleteFunction(ctx, &lambdasdk.DeleteFunctionInput{FunctionName: aws.String(string(job.Args))}); err != nil {
		return err
	}
	_, err := d.Lambda.PublishLayerVersion(ctx, &lambdasdk.PublishLayerVersionInput{LayerName: aws.String("shared")})
	return err
}

// RetireLayerQuiet only logs the delete's failure: a redelivery publishes
// another layer version.
func (d *Deploy) RetireLayerQuiet(ctx context.Context, job *gue.Job) error {
	if _, err := d.Lambda.DeleteFunction(ctx, &lambdasdk.DeleteFunctionInput{FunctionName: aws.String(string(job.Args))}); err != nil {
		log.Printf("retire: %v", err)
	}
	_, err := d.Lambda.PublishLayerVersion(ctx, &lambdasdk.PublishLayerVersionInput{LayerName: aws.String("shared")})
	return err
}
