// Stub of github.com/contribsys/faktory_worker_go@v1.7.0 (repository source; module proxy refused the module) for analysistest: declarations mirror the real API (subset); bodies are empty.

package faktory_worker

import (
	"context"
	"fmt"
	"sync"
	"time"

	faktory "github.com/contribsys/faktory/client"
)

// ---- types.go ----

const (
	Version = "1.7.0"
)

type Perform func(ctx context.Context, args ...interface{}) error

type LifecycleEventHandler func(*Manager) error

// ---- middleware.go ----

type Handler func(ctx context.Context, job *faktory.Job) error
type MiddlewareFunc func(ctx context.Context, job *faktory.Job, next func(ctx context.Context) error) error

func (mgr *Manager) Use(middleware ...MiddlewareFunc) {
	mgr.middleware = append(mgr.middleware, middleware...)
}

// ---- manager.go ----

type lifecycleEventType int

const (
	Startup  lifecycleEventType = 1
	Quiet    lifecycleEventType = 2
	Shutdown lifecycleEventType = 3
)

type Manager struct {
	mut sync.Mutex

	Concurrency     int
	Logger          Logger
	ProcessWID      string
	Labels          []string
	Pool            *faktory.Pool
	ShutdownTimeout time.Duration

	queues         []string
	middleware     []MiddlewareFunc
	state          string
	done           chan interface{}
	shutdownWaiter *sync.WaitGroup
	jobHandlers    map[string]Handler
	eventHandlers  map[lifecycleEventType][]LifecycleEventHandler
	cancelFunc     context.CancelFunc
}

func (mgr *Manager) Register(name string, fn Perform) {
	mgr.jobHandlers[name] = func(ctx context.Context, job *faktory.Job) error {
		return fn(ctx, job.Args...)
	}
}

func (mgr *Manager) InlineDispatch(job *faktory.Job) error { return nil }

func (mgr *Manager) On(event lifecycleEventType, fn LifecycleEventHandler) {}

func (mgr *Manager) Quiet() {}

func (mgr *Manager) Terminate(reallydie bool) {}

func NewManager() *Manager {
	return &Manager{
		Concurrency: 20,
		jobHandlers: map[string]Handler{},
		queues:      []string{"default"},
	}
}

func (mgr *Manager) RunWithContext(ctx context.Context) error { return nil }

func (mgr *Manager) Run() error { return nil }

func (mgr *Manager) ProcessStrictPriorityQueues(queues ...string) {}

func (mgr *Manager) ProcessWeightedPriorityQueues(queues map[string]int) {}

// ---- log.go (subset) ----

type Logger interface {
	Debug(v ...interface{})
	Debugf(format string, args ...interface{})
	Info(v ...interface{})
	Infof(format string, args ...interface{})
	Warn(v ...interface{})
	Warnf(format string, args ...interface{})
	Error(v ...interface{})
	Errorf(format string, args ...interface{})
	Fatal(v ...interface{})
	Fatalf(format string, args ...interface{})
}

// ---- context.go ----

type valueKey int

const (
	poolKey valueKey = 2
	jobKey  valueKey = 3
)

var (
	NoAssociatedBatchError = fmt.Errorf("No batch associated with this job")
)

type Helper interface {
	Jid() string
	JobType() string
	Custom(key string) (value interface{}, ok bool)
	Bid() string
	CallbackBid() string
	Batch(func(*faktory.Batch) error) error
	With(func(*faktory.Client) error) error
	TrackProgress(percent int, desc string, reserveUntil *time.Time) error
}

type jobHelper struct {
	job  *faktory.Job
	pool *faktory.Pool
}

var _ Helper = &jobHelper{}

func (h *jobHelper) Jid() string                                    { return h.job.Jid }
func (h *jobHelper) Bid() string                                    { return "" }
func (h *jobHelper) CallbackBid() string                            { return "" }
func (h *jobHelper) JobType() string                                { return h.job.Type }
func (h *jobHelper) Custom(key string) (value interface{}, ok bool) { return nil, false }
func (h *jobHelper) TrackProgress(percent int, desc string, reserveUntil *time.Time) error {
	return nil
}
func (h *jobHelper) Batch(fn func(*faktory.Batch) error) error { return nil }
func (h *jobHelper) With(fn func(*faktory.Client) error) error { return nil }

func HelperFor(ctx context.Context) Helper {
	if j := ctx.Value(jobKey); j != nil {
		return &jobHelper{job: j.(*faktory.Job)}
	}
	return nil
}
