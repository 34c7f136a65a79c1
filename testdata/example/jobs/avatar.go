package jobs

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
)

// AvatarArgs sets a user's avatar URL.
type AvatarArgs struct {
	UserID int64  `json:"user_id"`
	URL    string `json:"url"`
}

// Kind is the River job kind.
func (AvatarArgs) Kind() string { return "avatar:set" }

// AvatarWorker returns the River worker for AvatarArgs. Setting a value is
// naturally idempotent, so it needs no guard.
func AvatarWorker(pool *pgxpool.Pool) river.Worker[AvatarArgs] {
	return river.WorkFunc(func(ctx context.Context, job *river.Job[AvatarArgs]) error {
		_, err := pool.Exec(ctx, "update profiles set avatar_url = $1 where user_id = $2", job.Args.URL, job.Args.UserID)
		return err
	})
}
