// Command thumbs is the Lambda function ledger's thumbnail job invokes: it
// records each thumbnail it renders.
package main

import (
	"context"
	"database/sql"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	_ "github.com/lib/pq"
)

// Request is the job's payload.
type Request struct{ ImageID string }

type renderer struct{ db *sql.DB }

// render inserts a thumbnail row on every run.
func (r *renderer) render(ctx context.Context, req Request) error {
	_, err := r.db.ExecContext(ctx, "insert into thumbnails (image_id) values ($1)", req.ImageID)
	return err
}

func main() {
	db, err := sql.Open("postgres", os.Getenv("DATABASE_URL"))
	if err != nil {
		panic(err)
	}
	lambda.Start((&renderer{db: db}).render)
}
