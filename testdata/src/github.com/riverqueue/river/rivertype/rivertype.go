// Stub of github.com/riverqueue/river/rivertype@v0.51.2 for analysistest: declarations mirror the real API; bodies are empty.

// Package rivertype stores some of the lowest level River primitives so they
// can be shared amongst a number of packages including the top-level river
// package, database drivers, and internal utilities.
package rivertype

import (
	"context"
	"errors"
	"time"
)

const MetadataKeyOutput = "output"

var ErrNotFound = errors.New("not found")

var ErrJobRunning = errors.New("running jobs cannot be deleted")

type JobArgs interface {
	Kind() string
}

type JobInsertResult struct {
	Job *JobRow

	UniqueSkippedAsDuplicate bool
}

// JobRow contains the properties of a job that are persisted to the database.
type JobRow struct {
	ID           int64
	Attempt      int
	AttemptedAt  *time.Time
	AttemptedBy  []string
	CreatedAt    time.Time
	EncodedArgs  []byte
	Errors       []AttemptError
	FinalizedAt  *time.Time
	Kind         string
	MaxAttempts  int
	Metadata     []byte
	Priority     int
	Queue        string
	ScheduledAt  time.Time
	State        JobState
	Tags         []string
	UniqueKey    []byte
	UniqueStates []JobState
}

func (j *JobRow) Output() []byte { return nil }

type JobState string

const (
	JobStateAvailable JobState = "available"
	JobStateCancelled JobState = "cancelled"
	JobStateCompleted JobState = "completed"
	JobStateDiscarded JobState = "discarded"
	JobStatePending   JobState = "pending"
	JobStateRetryable JobState = "retryable"
	JobStateRunning   JobState = "running"
	JobStateScheduled JobState = "scheduled"
)

func JobStates() []JobState { return nil }

type AttemptError struct {
	At      time.Time `json:"at"`
	Attempt int       `json:"attempt"`
	Error   string    `json:"error"`
	Trace   string    `json:"trace"`
}

type JobInsertParams struct {
	ID           *int64
	Args         JobArgs
	CreatedAt    *time.Time
	EncodedArgs  []byte
	Kind         string
	MaxAttempts  int
	Metadata     []byte
	Priority     int
	Queue        string
	ScheduledAt  *time.Time
	State        JobState
	Tags         []string
	UniqueKey    []byte
	UniqueStates byte
}

type Hook interface {
	IsHook() bool
}

type HookInsertBegin interface {
	Hook
	InsertBegin(ctx context.Context, params *JobInsertParams) error
}

type HookWorkBegin interface {
	Hook
	WorkBegin(ctx context.Context, job *JobRow) error
}

type HookWorkEnd interface {
	Hook
	WorkEnd(ctx context.Context, job *JobRow, err error) error
}

type Middleware interface {
	IsMiddleware() bool
}

type Plugin interface {
	IsPlugin() bool
}

type JobInsertMiddleware interface {
	Middleware
	InsertMany(ctx context.Context, manyParams []*JobInsertParams, doInner func(context.Context) ([]*JobInsertResult, error)) ([]*JobInsertResult, error)
}

type WorkerMiddleware interface {
	Middleware
	Work(ctx context.Context, job *JobRow, doInner func(context.Context) error) error
}

type PeriodicJobHandle int

type Queue struct {
	CreatedAt time.Time
	Metadata  []byte
	Name      string
	PausedAt  *time.Time
	UpdatedAt time.Time
}

func UniqueOptsByStateDefault() []JobState { return nil }

// ---- execution_error.go ----

var ErrJobCancelledRemotely = JobCancel(errors.New("job cancelled remotely"))

func JobCancel(err error) error { return &JobCancelError{err: err} }

type JobCancelError struct {
	err error
}

func (e *JobCancelError) Error() string        { return "JobCancelError" }
func (e *JobCancelError) Is(target error) bool { _, ok := target.(*JobCancelError); return ok }
func (e *JobCancelError) Unwrap() error        { return e.err }

type JobSnoozeError struct {
	Duration time.Duration
}

func (e *JobSnoozeError) Error() string        { return "JobSnoozeError" }
func (e *JobSnoozeError) Is(target error) bool { _, ok := target.(*JobSnoozeError); return ok }

type UnknownJobKindError struct {
	Kind string
}

func (e *UnknownJobKindError) Error() string { return "job kind is not registered: " + e.Kind }
func (e *UnknownJobKindError) Is(target error) bool {
	_, ok := target.(*UnknownJobKindError)
	return ok
}

// ---- time_generator.go ----

type TimeGenerator interface {
	Now() time.Time
	NowOrNil() *time.Time
}
