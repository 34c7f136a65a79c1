// Stub of github.com/acaloiaro/neoq@v0.72.2 for analysistest: declarations mirror the real API (subset); bodies are empty.

package neoq

import (
	"context"
	"errors"
	"github.com/acaloiaro/neoq/handler"
	"github.com/acaloiaro/neoq/jobs"
	"github.com/acaloiaro/neoq/logging"
	"time"
)

const (
	DefaultIdleTxTimeout           = 30000
	DefaultPendingJobFetchInterval = 60 * time.Second
	DefaultFutureJobWindow         = 30 * time.Second
	DefaultJobCheckInterval        = 1 * time.Second
)

var ErrBackendNotSpecified = errors.New("a backend must be specified")

type Config struct {
	BackendInitializer      BackendInitializer
	BackendAuthPassword     string
	BackendConcurrency      int
	ConnectionString        string
	JobCheckInterval        time.Duration
	PendingJobCheckInterval time.Duration
	FutureJobWindow         time.Duration
	IdleTransactionTimeout  int
	ShutdownTimeout         time.Duration
	SynchronousCommit       bool
	LogLevel                logging.LogLevel
	PGConnectionTimeout     time.Duration
	RecoveryCallback        handler.RecoveryCallback
}

type ConfigOption func(c *Config)

func NewConfig() *Config {
	return nil
}

type BackendInitializer func(ctx context.Context, opts ...ConfigOption) (backend Neoq, err error)

type Neoq interface {
	Enqueue(ctx context.Context, job *jobs.Job) (jobID string, err error)
	Start(ctx context.Context, h handler.Handler) (err error)
	StartCron(ctx context.Context, cron string, h handler.Handler) (err error)
	SetLogger(logger logging.Logger)
	Shutdown(ctx context.Context)
}

func New(ctx context.Context, opts ...ConfigOption) (b Neoq, err error) {
	return
}

func WithBackend(initializer BackendInitializer) ConfigOption {
	var r0 ConfigOption
	return r0
}

func WithRecoveryCallback(cb handler.RecoveryCallback) ConfigOption {
	var r0 ConfigOption
	return r0
}

func WithJobCheckInterval(interval time.Duration) ConfigOption {
	var r0 ConfigOption
	return r0
}

func WithPendingJobCheckInterval(interval time.Duration) ConfigOption {
	var r0 ConfigOption
	return r0
}

func WithLogLevel(level logging.LogLevel) ConfigOption {
	var r0 ConfigOption
	return r0
}
