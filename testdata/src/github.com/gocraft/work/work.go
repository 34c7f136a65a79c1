// Stub of github.com/gocraft/work (repository source, v0.5.x tree; module proxy refused the module) for analysistest: declarations mirror the real API (subset); bodies are empty.

package work

import (
	"reflect"
	"sync"

	"github.com/gomodule/redigo/redis"
)

// ---- worker_pool.go ----

type WorkerPool struct {
	workerPoolID  string
	concurrency   uint
	namespace     string
	pool          *redis.Pool
	sleepBackoffs []int64

	contextType reflect.Type
	jobTypes    map[string]*jobType
	middleware  []*middlewareHandler
	started     bool
}

type jobType struct {
	Name string
	JobOptions

	IsGeneric      bool
	GenericHandler GenericHandler
	DynamicHandler reflect.Value
}

type BackoffCalculator func(job *Job) int64

type JobOptions struct {
	Priority       uint
	MaxFails       uint
	SkipDead       bool
	MaxConcurrency uint
	Backoff        BackoffCalculator
}

type WorkerPoolOptions struct {
	SleepBackoffs []int64
}

type GenericHandler func(*Job) error

type GenericMiddlewareHandler func(*Job, NextMiddlewareFunc) error

type NextMiddlewareFunc func() error

type middlewareHandler struct {
	IsGeneric                bool
	DynamicMiddleware        reflect.Value
	GenericMiddlewareHandler GenericMiddlewareHandler
}

func NewWorkerPool(ctx interface{}, concurrency uint, namespace string, pool *redis.Pool) *WorkerPool {
	return NewWorkerPoolWithOptions(ctx, concurrency, namespace, pool, WorkerPoolOptions{})
}

func NewWorkerPoolWithOptions(ctx interface{}, concurrency uint, namespace string, pool *redis.Pool, workerPoolOpts WorkerPoolOptions) *WorkerPool {
	return &WorkerPool{concurrency: concurrency, namespace: namespace, pool: pool, contextType: reflect.TypeOf(ctx)}
}

func (wp *WorkerPool) Middleware(fn interface{}) *WorkerPool { return wp }

func (wp *WorkerPool) Job(name string, fn interface{}) *WorkerPool { return wp }

func (wp *WorkerPool) JobWithOptions(name string, jobOpts JobOptions, fn interface{}) *WorkerPool {
	return wp
}

func (wp *WorkerPool) PeriodicallyEnqueue(spec string, jobName string) *WorkerPool { return wp }

func (wp *WorkerPool) Start() {}

func (wp *WorkerPool) Stop() {}

func (wp *WorkerPool) Drain() {}

// ---- job.go ----

type Job struct {
	Name       string                 `json:"name,omitempty"`
	ID         string                 `json:"id"`
	EnqueuedAt int64                  `json:"t"`
	Args       map[string]interface{} `json:"args"`
	Unique     bool                   `json:"unique,omitempty"`
	UniqueKey  string                 `json:"unique_key,omitempty"`

	Fails    int64  `json:"fails,omitempty"`
	LastErr  string `json:"err,omitempty"`
	FailedAt int64  `json:"failed_at,omitempty"`

	rawJSON      []byte
	dequeuedFrom []byte
	inProgQueue  []byte
	argError     error
}

type Q map[string]interface{}

func (j *Job) Checkin(msg string) {}

func (j *Job) ArgString(key string) string { return "" }

func (j *Job) ArgInt64(key string) int64 { return 0 }

func (j *Job) ArgFloat64(key string) float64 { return 0 }

func (j *Job) ArgBool(key string) bool { return false }

func (j *Job) ArgError() error { return j.argError }

// ---- enqueue.go ----

type Enqueuer struct {
	Namespace string
	Pool      *redis.Pool

	queuePrefix           string
	knownJobs             map[string]int64
	enqueueUniqueScript   *redis.Script
	enqueueUniqueInScript *redis.Script
	mtx                   sync.RWMutex
}

func NewEnqueuer(namespace string, pool *redis.Pool) *Enqueuer {
	return &Enqueuer{Namespace: namespace, Pool: pool}
}

func (e *Enqueuer) Enqueue(jobName string, args map[string]interface{}) (*Job, error) {
	return nil, nil
}

func (e *Enqueuer) EnqueueIn(jobName string, secondsFromNow int64, args map[string]interface{}) (*ScheduledJob, error) {
	return nil, nil
}

func (e *Enqueuer) EnqueueUnique(jobName string, args map[string]interface{}) (*Job, error) {
	return nil, nil
}

func (e *Enqueuer) EnqueueUniqueIn(jobName string, secondsFromNow int64, args map[string]interface{}) (*ScheduledJob, error) {
	return nil, nil
}

func (e *Enqueuer) EnqueueUniqueByKey(jobName string, args map[string]interface{}, keyMap map[string]interface{}) (*Job, error) {
	return nil, nil
}

func (e *Enqueuer) EnqueueUniqueInByKey(jobName string, secondsFromNow int64, args map[string]interface{}, keyMap map[string]interface{}) (*ScheduledJob, error) {
	return nil, nil
}

// ---- client.go ----

type ScheduledJob struct {
	RunAt int64 `json:"run_at"`
	*Job
}
