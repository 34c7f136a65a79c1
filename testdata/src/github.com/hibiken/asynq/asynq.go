// Stub of github.com/hibiken/asynq@v0.26.0 for analysistest: declarations mirror the real API; bodies are empty.

package asynq

import (
	"context"
	"crypto/tls"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// Task represents a unit of work to be performed.
type Task struct {
	typename string
	payload  []byte
	headers  map[string]string
	opts     []Option
	w        *ResultWriter
}

func (t *Task) Type() string                { return t.typename }
func (t *Task) Payload() []byte             { return t.payload }
func (t *Task) Headers() map[string]string  { return t.headers }
func (t *Task) ResultWriter() *ResultWriter { return t.w }

func NewTask(typename string, payload []byte, opts ...Option) *Task {
	return &Task{typename: typename, payload: payload, opts: opts}
}

func NewTaskWithHeaders(typename string, payload []byte, headers map[string]string, opts ...Option) *Task {
	return &Task{typename: typename, payload: payload, headers: headers, opts: opts}
}

// A TaskInfo describes a task and its metadata.
type TaskInfo struct {
	ID            string
	Queue         string
	Type          string
	Payload       []byte
	Headers       map[string]string
	State         TaskState
	MaxRetry      int
	Retried       int
	LastErr       string
	LastFailedAt  time.Time
	Timeout       time.Duration
	Deadline      time.Time
	Group         string
	NextProcessAt time.Time
	IsOrphaned    bool
	Retention     time.Duration
	CompletedAt   time.Time
	Result        []byte
}

type TaskState int

const (
	TaskStateActive TaskState = iota + 1
	TaskStatePending
	TaskStateScheduled
	TaskStateRetry
	TaskStateArchived
	TaskStateCompleted
	TaskStateAggregating
)

func (s TaskState) String() string { return "" }

type RedisConnOpt interface {
	MakeRedisClient() interface{}
}

type RedisClientOpt struct {
	Network      string
	Addr         string
	Username     string
	Password     string
	DB           int
	DialTimeout  time.Duration
	ReadTimeout  time.Duration
	WriteTimeout time.Duration
	PoolSize     int
	TLSConfig    *tls.Config
}

func (opt RedisClientOpt) MakeRedisClient() interface{} { return nil }

type RedisFailoverClientOpt struct {
	MasterName       string
	SentinelAddrs    []string
	SentinelUsername string
	SentinelPassword string
	Username         string
	Password         string
	DB               int
	DialTimeout      time.Duration
	ReadTimeout      time.Duration
	WriteTimeout     time.Duration
	PoolSize         int
	TLSConfig        *tls.Config
}

func (opt RedisFailoverClientOpt) MakeRedisClient() interface{} { return nil }

type RedisClusterClientOpt struct {
	Addrs        []string
	MaxRedirects int
	Username     string
	Password     string
	DialTimeout  time.Duration
	ReadTimeout  time.Duration
	WriteTimeout time.Duration
	TLSConfig    *tls.Config
}

func (opt RedisClusterClientOpt) MakeRedisClient() interface{} { return nil }

func ParseRedisURI(uri string) (RedisConnOpt, error) { return nil, nil }

// ResultWriter is a client interface to write result data for a task.
type ResultWriter struct {
	id    string
	qname string
	ctx   context.Context
}

func (w *ResultWriter) Write(data []byte) (n int, err error) { return 0, nil }
func (w *ResultWriter) TaskID() string                       { return w.id }

// ---- client.go ----

// A Client is responsible for scheduling tasks.
type Client struct {
	sharedConnection bool
}

func NewClient(r RedisConnOpt) *Client { return &Client{} }

func NewClientFromRedisClient(c redis.UniversalClient) *Client {
	return &Client{sharedConnection: true}
}

type OptionType int

const (
	MaxRetryOpt OptionType = iota
	QueueOpt
	TimeoutOpt
	DeadlineOpt
	UniqueOpt
	ProcessAtOpt
	ProcessInOpt
	TaskIDOpt
	RetentionOpt
	GroupOpt
)

// Option specifies the task processing behavior.
type Option interface {
	String() string
	Type() OptionType
	Value() interface{}
}

type (
	retryOption     int
	queueOption     string
	taskIDOption    string
	timeoutOption   time.Duration
	deadlineOption  time.Time
	uniqueOption    time.Duration
	processAtOption time.Time
	processInOption time.Duration
	retentionOption time.Duration
	groupOption     string
)

func MaxRetry(n int) Option                  { return retryOption(n) }
func (n retryOption) String() string         { return "" }
func (n retryOption) Type() OptionType       { return MaxRetryOpt }
func (n retryOption) Value() interface{}     { return int(n) }
func Queue(name string) Option               { return queueOption(name) }
func (name queueOption) String() string      { return "" }
func (name queueOption) Type() OptionType    { return QueueOpt }
func (name queueOption) Value() interface{}  { return string(name) }
func TaskID(id string) Option                { return taskIDOption(id) }
func (id taskIDOption) String() string       { return "" }
func (id taskIDOption) Type() OptionType     { return TaskIDOpt }
func (id taskIDOption) Value() interface{}   { return string(id) }
func Timeout(d time.Duration) Option         { return timeoutOption(d) }
func (d timeoutOption) String() string       { return "" }
func (d timeoutOption) Type() OptionType     { return TimeoutOpt }
func (d timeoutOption) Value() interface{}   { return time.Duration(d) }
func Deadline(t time.Time) Option            { return deadlineOption(t) }
func (t deadlineOption) String() string      { return "" }
func (t deadlineOption) Type() OptionType    { return DeadlineOpt }
func (t deadlineOption) Value() interface{}  { return time.Time(t) }
func Unique(ttl time.Duration) Option        { return uniqueOption(ttl) }
func (ttl uniqueOption) String() string      { return "" }
func (ttl uniqueOption) Type() OptionType    { return UniqueOpt }
func (ttl uniqueOption) Value() interface{}  { return time.Duration(ttl) }
func ProcessAt(t time.Time) Option           { return processAtOption(t) }
func (t processAtOption) String() string     { return "" }
func (t processAtOption) Type() OptionType   { return ProcessAtOpt }
func (t processAtOption) Value() interface{} { return time.Time(t) }
func ProcessIn(d time.Duration) Option       { return processInOption(d) }
func (d processInOption) String() string     { return "" }
func (d processInOption) Type() OptionType   { return ProcessInOpt }
func (d processInOption) Value() interface{} { return time.Duration(d) }
func Retention(d time.Duration) Option       { return retentionOption(d) }
func (ttl retentionOption) String() string   { return "" }
func (ttl retentionOption) Type() OptionType { return RetentionOpt }
func (ttl retentionOption) Value() interface{} {
	return time.Duration(ttl)
}
func Group(name string) Option              { return groupOption(name) }
func (name groupOption) String() string     { return "" }
func (name groupOption) Type() OptionType   { return GroupOpt }
func (name groupOption) Value() interface{} { return string(name) }

var ErrDuplicateTask = errors.New("task already exists")

var ErrTaskIDConflict = errors.New("task ID conflicts with another task")

func (c *Client) Close() error { return nil }

func (c *Client) Enqueue(task *Task, opts ...Option) (*TaskInfo, error) { return nil, nil }

func (c *Client) EnqueueContext(ctx context.Context, task *Task, opts ...Option) (*TaskInfo, error) {
	return nil, nil
}

func (c *Client) Ping() error { return nil }

// Inspector (inspector.go) administers queues.
type Inspector struct{}

func NewInspector(r RedisConnOpt) *Inspector                          { return &Inspector{} }
func (i *Inspector) DeleteAllArchivedTasks(queue string) (int, error) { return 0, nil }
func (i *Inspector) DeleteTask(queue, id string) error                { return nil }
func (i *Inspector) GetTaskInfo(queue, id string) (*TaskInfo, error)  { return nil, nil }
func (i *Inspector) ArchiveTask(queue, id string) error               { return nil }
