// Stub of github.com/acaloiaro/neoq@v0.72.2 for analysistest: declarations mirror the real API (subset); bodies are empty.

package jobs

import (
	"context"
	"errors"
	"github.com/guregu/null"
	"time"
)

var (
	ErrContextHasNoJob       = errors.New("context has no Job")
	ErrJobTimeout            = errors.New("timed out waiting for job(s)")
	ErrNoQueueSpecified      = errors.New("this job does not specify a queue. please specify a queue")
	ErrJobExceededDeadline   = errors.New("the job did not complete before its deadline")
	ErrJobExceededMaxRetries = errors.New("the job has exceeded the maximum number of retries")
)

const (
	DuplicateJobID = "-1"
	UnqueuedJobID  = "-2"
)

type Job struct {
	ID          int64          `db:"id"`
	Fingerprint string         `db:"fingerprint"`
	Status      string         `db:"status"`
	Queue       string         `db:"queue"`
	Payload     map[string]any `db:"payload"`
	Deadline    *time.Time     `db:"deadline"`
	RunAfter    time.Time      `db:"run_after"`
	RanAt       null.Time      `db:"ran_at"`
	Error       null.String    `db:"error"`
	Retries     int            `db:"retries"`
	MaxRetries  *int           `db:"max_retries"`
	CreatedAt   time.Time      `db:"created_at"`
}

func FingerprintJob(j *Job) (err error) {
	return
}

func WithJobContext(ctx context.Context, job *Job) context.Context {
	var r0 context.Context
	return r0
}

func FromContext(ctx context.Context) (j *Job, err error) {
	return
}
