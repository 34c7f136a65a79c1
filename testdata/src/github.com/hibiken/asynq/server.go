// Stub of github.com/hibiken/asynq@v0.26.0 for analysistest: declarations mirror the real API; bodies are empty.

package asynq

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// ---- server.go ----

// Server is responsible for task processing and task lifecycle management.
type Server struct {
	sharedConnection bool
	wg               sync.WaitGroup
}

// Config specifies the server's background-task processing behavior.
type Config struct {
	Concurrency              int
	BaseContext              func() context.Context
	TaskCheckInterval        time.Duration
	RetryDelayFunc           RetryDelayFunc
	IsFailure                func(error) bool
	Queues                   map[string]int
	StrictPriority           bool
	ErrorHandler             ErrorHandler
	Logger                   Logger
	LogLevel                 LogLevel
	ShutdownTimeout          time.Duration
	HealthCheckFunc          func(error)
	HealthCheckInterval      time.Duration
	DelayedTaskCheckInterval time.Duration
	GroupGracePeriod         time.Duration
	GroupMaxDelay            time.Duration
	GroupMaxSize             int
	GroupAggregator          GroupAggregator
	JanitorInterval          time.Duration
	JanitorBatchSize         int
}

type GroupAggregator interface {
	Aggregate(group string, tasks []*Task) *Task
}

type GroupAggregatorFunc func(group string, tasks []*Task) *Task

func (fn GroupAggregatorFunc) Aggregate(group string, tasks []*Task) *Task { return fn(group, tasks) }

type ErrorHandler interface {
	HandleError(ctx context.Context, task *Task, err error)
}

type ErrorHandlerFunc func(ctx context.Context, task *Task, err error)

func (fn ErrorHandlerFunc) HandleError(ctx context.Context, task *Task, err error) {
	fn(ctx, task, err)
}

type RetryDelayFunc func(n int, e error, t *Task) time.Duration

type Logger interface {
	Debug(args ...interface{})
	Info(args ...interface{})
	Warn(args ...interface{})
	Error(args ...interface{})
	Fatal(args ...interface{})
}

type LogLevel int32

const (
	level_unspecified LogLevel = iota
	DebugLevel
	InfoLevel
	WarnLevel
	ErrorLevel
	FatalLevel
)

func (l *LogLevel) String() string       { return "" }
func (l *LogLevel) Set(val string) error { return nil }

func DefaultRetryDelayFunc(n int, e error, t *Task) time.Duration { return 0 }

func NewServer(r RedisConnOpt, cfg Config) *Server { return &Server{} }

func NewServerFromRedisClient(c redis.UniversalClient, cfg Config) *Server {
	return &Server{sharedConnection: true}
}

// A Handler processes tasks.
type Handler interface {
	ProcessTask(context.Context, *Task) error
}

type HandlerFunc func(context.Context, *Task) error

// ProcessTask calls fn(ctx, task)
func (fn HandlerFunc) ProcessTask(ctx context.Context, task *Task) error {
	return fn(ctx, task)
}

var ErrServerClosed = errors.New("asynq: Server closed")

func (srv *Server) Run(handler Handler) error   { return nil }
func (srv *Server) Start(handler Handler) error { return nil }
func (srv *Server) Shutdown()                   {}
func (srv *Server) Stop()                       {}
func (srv *Server) Ping() error                 { return nil }

// ---- servemux.go ----

var ErrHandlerNotFound = errors.New("handler not found for task")

type ServeMux struct {
	mu  sync.RWMutex
	m   map[string]muxEntry
	es  []muxEntry
	mws []MiddlewareFunc
}

type muxEntry struct {
	h       Handler
	pattern string
}

type MiddlewareFunc func(Handler) Handler

func NewServeMux() *ServeMux { return new(ServeMux) }

func (mux *ServeMux) ProcessTask(ctx context.Context, task *Task) error { return nil }

func (mux *ServeMux) Handler(t *Task) (h Handler, pattern string) { return nil, "" }

func (mux *ServeMux) Handle(pattern string, handler Handler) {}

func (mux *ServeMux) HandleFunc(pattern string, handler func(context.Context, *Task) error) {}

func (mux *ServeMux) Use(mws ...MiddlewareFunc) {}

func NotFound(ctx context.Context, task *Task) error { return nil }

func NotFoundHandler() Handler { return HandlerFunc(NotFound) }

// ---- processor.go ----

var SkipRetry = errors.New("skip retry for the task")

var RevokeTask = errors.New("revoke task")

// ---- context.go ----

func GetTaskID(ctx context.Context) (id string, ok bool)       { return "", false }
func GetRetryCount(ctx context.Context) (n int, ok bool)       { return 0, false }
func GetMaxRetry(ctx context.Context) (n int, ok bool)         { return 0, false }
func GetQueueName(ctx context.Context) (queue string, ok bool) { return "", false }
