// Package ledger runs gue v6 jobs (database/sql): a WorkMap given to
// NewWorkerPool, of method values and of a closure a function returns
// (the closure is the handler). gue locks the job in a transaction,
// deletes it and commits on success, so writes on j.Tx() commit with the
// deletion; writes on the pool commit alone. One job invokes the
// thumbnail Lambda function (cmd/thumbs) with the SDK's Invoke, and does
// what that function does.
package ledger

import (
	"context"
	"database/sql"

	"github.com/aws/aws-sdk-go-v2/aws"
	lambdasdk "github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/vgarvardt/gue/v6"
)

// Jobs holds what the jobs write with.
type Jobs struct {
	DB     *sql.DB
	Lambda *lambdasdk.Client
}

// Credit books the credit on the job's transaction: it commits with the
// job's deletion, once.
func (j *Jobs) Credit(ctx context.Context, job *gue.Job) error {
	_, err := job.Tx().ExecContext(ctx, "update wallets set balance = balance + 1 where id = $1", job.Args)
	return err
}

// Reserve inserts on the pool: committed before the job is deleted, again
// on a redelivery.
func (j *Jobs) Reserve(ctx context.Context, job *gue.Job) error {
	_, err := j.DB.ExecContext(ctx, "insert into reservations (args) values ($1)", job.Args)
	return err
}

// makeThumbnail builds the thumbnail job over the Lambda client: it runs
// the function cmd/thumbs registers, which inserts a row.
func makeThumbnail(c *lambdasdk.Client) gue.WorkFunc {
	return func(ctx context.Context, job *gue.Job) error {
		_, err := c.Invoke(ctx, &lambdasdk.InvokeInput{FunctionName: aws.String("thumbs"), Payload: job.Args})
		return err
	}
}

// Start runs the pool until ctx ends.
func Start(ctx context.Context, db *sql.DB, j *Jobs) error {
	c, err := gue.NewClient(db)
	if err != nil {
		return err
	}
	wm := gue.WorkMap{
		"ledger.credit":  j.Credit,
		"ledger.reserve": j.Reserve,
		"ledger.thumb":   makeThumbnail(j.Lambda),
	}
	pool, err := gue.NewWorkerPool(c, wm, 2)
	if err != nil {
		return err
	}
	return pool.Run(ctx)
}
