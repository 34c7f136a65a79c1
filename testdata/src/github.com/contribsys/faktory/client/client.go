// Stub of github.com/contribsys/faktory/client (repository source; module proxy refused the module) for analysistest: declarations mirror the real API (subset); bodies are empty.

package client

import "time"

var (
	RandomProcessWid = ""
	Labels           = []string{"golang"}
)

// ---- job.go ----

type UniqueUntil string

var (
	RetryPolicyDefault        = 25
	RetryPolicyEmphemeral     = 0
	RetryPolicyDirectToMorgue = -1
)

const (
	UntilSuccess UniqueUntil = "success"
	UntilStart   UniqueUntil = "start"
)

type Failure struct {
	RetryCount     int      `json:"retry_count"`
	RetryRemaining int      `json:"remaining"`
	FailedAt       string   `json:"failed_at"`
	NextAt         string   `json:"next_at,omitempty"`
	ErrorMessage   string   `json:"message,omitempty"`
	ErrorType      string   `json:"errtype,omitempty"`
	Backtrace      []string `json:"backtrace,omitempty"`
}

type Job struct {
	Jid   string        `json:"jid"`
	Queue string        `json:"queue"`
	Type  string        `json:"jobtype"`
	Args  []interface{} `json:"args"`

	CreatedAt  string                 `json:"created_at,omitempty"`
	EnqueuedAt string                 `json:"enqueued_at,omitempty"`
	At         string                 `json:"at,omitempty"`
	ReserveFor int                    `json:"reserve_for,omitempty"`
	Retry      *int                   `json:"retry"`
	Backtrace  int                    `json:"backtrace,omitempty"`
	Failure    *Failure               `json:"failure,omitempty"`
	Custom     map[string]interface{} `json:"custom,omitempty"`
}

func NewJob(jobtype string, args ...interface{}) *Job {
	return &Job{Type: jobtype, Queue: "default", Args: args, Retry: &RetryPolicyDefault}
}

func RandomJid() string { return "" }

func (j *Job) GetCustom(name string) (interface{}, bool) { return nil, false }

func (j *Job) SetCustom(name string, value interface{}) *Job { return j }

func (j *Job) SetUniqueFor(secs uint) *Job { return j }

func (j *Job) SetUniqueness(until UniqueUntil) *Job { return j }

func (j *Job) SetExpiresAt(expiresAt time.Time) *Job { return j }

func (j *Job) SetExpiresIn(expiresIn time.Duration) *Job { return j }

// ---- client.go (subset) ----

type Client struct {
	Location string
	Options  *ClientData
}

type ClientData struct {
	Hostname string   `json:"hostname"`
	Wid      string   `json:"wid"`
	Pid      int      `json:"pid"`
	Labels   []string `json:"labels"`
}

func Open() (*Client, error) { return nil, nil }

func (c *Client) Push(job *Job) error { return nil }

func (c *Client) Close() error { return nil }

// ---- batch.go (subset) ----

type Batch struct {
	Bid         string `json:"bid,omitempty"`
	Description string `json:"description,omitempty"`
	Success     *Job   `json:"success,omitempty"`
}

func (b *Batch) Push(job *Job) error { return nil }

func NewBatch(cl *Client) *Batch { return &Batch{} }

// Jobs opens the batch on the server, runs fn and commits it.
func (b *Batch) Jobs(fn func() error) error { return fn() }

// ---- pool.go ----

type Pool struct {
	size int
}

func NewPool(capacity int) (*Pool, error) { return &Pool{size: capacity}, nil }

func (p *Pool) With(fn func(conn *Client) error) error { return nil }

func (p *Pool) Close() {}
