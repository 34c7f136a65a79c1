// Stub of github.com/acaloiaro/neoq@v0.72.2 for analysistest: declarations mirror the real API (subset); bodies are empty.

package handler

import (
	"context"
	"errors"
	"time"
)

const (
	DefaultHandlerTimeout = 30 * time.Second
	DefaultConcurrency    = 50
)

var (
	ErrContextHasNoJob     = errors.New("context has no Job")
	ErrNoHandlerForQueue   = errors.New("no handler for queue")
	ErrNoProcessorForQueue = errors.New("no processor configured for queue")
)

type Func func(ctx context.Context) error

type RecoveryCallback func(ctx context.Context, err error) (erro error)

func DefaultRecoveryCallback(_ context.Context, _ error) (err error) {
	return
}

type Handler struct {
	Handle          Func
	Concurrency     int
	JobTimeout      time.Duration
	QueueCapacity   int64
	Queue           string
	RecoverCallback RecoveryCallback
}

type Option func(w *Handler)

func (h *Handler) WithOptions(opts ...Option) {
}

func JobTimeout(d time.Duration) Option {
	var r0 Option
	return r0
}

func Concurrency(c int) Option {
	var r0 Option
	return r0
}

func MaxQueueCapacity(capacity int64) Option {
	var r0 Option
	return r0
}

func Queue(queue string) Option {
	var r0 Option
	return r0
}

func RecoverCallback(f RecoveryCallback) Option {
	var r0 Option
	return r0
}

func New(queue string, f Func, opts ...Option) (h Handler) {
	h = Handler{Handle: f, Queue: queue}
	h.WithOptions(opts...)
	return
}

func NewPeriodic(f Func, opts ...Option) (h Handler) {
	h = Handler{Handle: f}
	h.WithOptions(opts...)
	return
}

func Exec(ctx context.Context, handler Handler) (err error) {
	return
}
