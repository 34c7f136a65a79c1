// Package memfix: handlers whose writes land in memory that outlives the
// delivery (package-level variables, the server struct a pointer receiver
// holds, state a closure captured at registration) have memory_write
// effects, classified like SQL: += and ++ increment, append inserts, a
// plain assignment sets. Writes to values made for the delivery (locals,
// the task, a struct built in the handler) are not effects, nor are
// mutexes, loggers and metrics.
package memfix

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/gocraft/work"
	"github.com/hibiken/asynq"
	"github.com/riverqueue/river"
)

var (
	tally     = map[string]int{}
	processed int64
	lastSeen  = map[string]string{}
	mu        sync.Mutex
)

type payment struct {
	Customer string
	Amount   int
}

// Tally adds to a package-level map: a second delivery doubles the tally.
func Tally(ctx context.Context, t *asynq.Task) error { // want Tally:`^effects: memory_write/increment memfix.tally$` `unguarded: handler memfix.Tally \(asynq task "tally"\) repeats .*memory_write increment \(memfix.tally\)`
	var p payment
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return err
	}
	mu.Lock()
	defer mu.Unlock()
	tally[p.Customer] += p.Amount
	return nil
}

// Remember sets a cache entry: idempotent.
func Remember(ctx context.Context, t *asynq.Task) error { // want Remember:`^effects: memory_write/set memfix.lastSeen$`
	lastSeen[t.Type()] = string(t.Payload())
	return nil
}

// Count increments a package-level counter atomically.
func Count(ctx context.Context, t *asynq.Task) error { // want Count:`^effects: memory_write/increment memfix.processed$` `unguarded: handler memfix.Count \(asynq task "count"\) repeats`
	atomic.AddInt64(&processed, 1)
	return nil
}

// Server is long-lived: its handlers' writes through the receiver last.
type Server struct {
	mu     sync.Mutex
	items  []string
	counts map[string]int
	total  int
	last   string
}

func (s *Server) Append(ctx context.Context, t *asynq.Task) error { // want Append:`^effects: memory_write/insert memfix.Server.items holder=p0$` `unguarded: handler \(\*memfix.Server\).Append \(asynq task "append"\) repeats .*memory_write insert \(memfix.Server.items\)`
	s.mu.Lock()
	defer s.mu.Unlock()
	s.items = append(s.items, string(t.Payload()))
	return nil
}

func (s *Server) Bump(ctx context.Context, t *asynq.Task) error { // want Bump:`^effects: memory_write/increment memfix.Server.counts holder=p0; memory_write/increment memfix.Server.total holder=p0$` `unguarded: handler \(\*memfix.Server\).Bump \(asynq task "bump"\) repeats`
	s.counts[t.Type()]++
	s.add(1)
	return nil
}

// add increments a field of its receiver: its callers decide whether that
// receiver lasts.
func (s *Server) add(n int) { // want add:`^effects: memory_write/increment memfix.Server.total holder=p0$`
	s.total += n
}

// Mark sets a field: idempotent.
func (s *Server) Mark(ctx context.Context, t *asynq.Task) error { // want Mark:`^effects: memory_write/set memfix.Server.last holder=p0$`
	s.last = t.Type()
	return nil
}

// Local writes only what it allocates: no effect.
func (s *Server) Local(ctx context.Context, t *asynq.Task) error { // want Local:"no effects"
	tmp := &Server{counts: map[string]int{}}
	tmp.counts["x"]++
	tmp.add(2)
	var list []string
	list = append(list, t.Type())
	n := 0
	n++
	_ = n
	return nil
}

func Register(mux *asynq.ServeMux, s *Server) { // want Register:"no effects"
	mux.HandleFunc("tally", Tally)
	mux.HandleFunc("remember", Remember)
	mux.HandleFunc("count", Count)
	mux.HandleFunc("append", s.Append)
	mux.HandleFunc("bump", s.Bump)
	mux.HandleFunc("mark", s.Mark)
	mux.HandleFunc("local", s.Local)
	// A closure's captured counter was made at registration: it lasts.
	seen := 0
	mux.HandleFunc("captured", func(ctx context.Context, t *asynq.Task) error { // want `unguarded: handler memfix.Register.func1 \(asynq task "captured"\) repeats .*memory_write increment`
		seen++
		return nil
	})
}

type RetryArgs struct{ Attempts int }

func (RetryArgs) Kind() string { return "retry:note" } // want Kind:"no effects" Kind:`const "retry:note"`

// RetryWorker writes only the job it is handed, made for the delivery:
// its summary keeps the write for callers to decide (holder=p2: the job), and the
// handler has no effect.
type RetryWorker struct {
	river.WorkerDefaults[RetryArgs]
}

func (w *RetryWorker) Work(ctx context.Context, job *river.Job[RetryArgs]) error { // want Work:`^effects: memory_write/increment memfix.RetryArgs.Attempts holder=p2$`
	job.Args.Attempts++
	return nil
}

func Workers() *river.Workers { // want Workers:"no effects"
	ws := river.NewWorkers()
	river.AddWorker(ws, &RetryWorker{})
	return ws
}

// Ctx is gocraft's per-job context: the pool makes one for each job, so
// what a handler registered as a method expression writes into it does not
// outlive the delivery.
type Ctx struct {
	steps []string
	n     int
}

func (c *Ctx) Step(job *work.Job) error { // want Step:`^effects: memory_write/insert memfix.Ctx.steps holder=p0; memory_write/increment memfix.Ctx.n holder=p0$`
	c.steps = append(c.steps, job.Name)
	c.n++
	return nil
}

func Pool(pool *work.WorkerPool) { // want Pool:"no effects"
	pool.Job("step", (*Ctx).Step)
}

// Gate is a rate limiter: its in-flight count goes back down when the
// work ends (a gauge), and each admission takes the next ID (a
// sequence). Neither adds up over deliveries.
type Gate struct {
	inFlight int
	nextID   uint64
	seq      atomic.Uint64
	admitted map[uint64]bool
	reserved int64
}

// reserve adds to the reservations; release takes back by a negated
// delta: a gauge.
func (g *Gate) reserve(delta int64) { // want reserve:`^effects: memory_write/increment memfix.Gate.reserved holder=p0$`
	g.reserved += delta
}

func (g *Gate) admit() uint64 { // want admit:`^effects: memory_write/increment memfix.Gate.reserved holder=p0; memory_write/increment memfix.Gate.inFlight holder=p0; memory_write/nextval memfix.Gate.nextID holder=p0; memory_write/set memfix.Gate.admitted holder=p0$`
	g.inFlight++
	g.nextID++
	id := g.nextID
	g.admitted[id] = true
	g.reserve(5)
	return id
}

func (g *Gate) release(id uint64) { // want release:`^effects: memory_write/increment memfix.Gate.reserved holder=p0; memory_write/increment memfix.Gate.inFlight holder=p0; memory_write/delete memfix.Gate.admitted holder=p0$`
	g.inFlight--
	delete(g.admitted, id)
	g.reserve(-5)
}

func (g *Gate) token() uint64 { // want token:`^effects: memory_write/nextval memfix.Gate.seq holder=p0$`
	return g.seq.Add(1)
}

func (g *Gate) Work(ctx context.Context, t *asynq.Task) error { // want Work:`^effects: memory_write/increment memfix.Gate.reserved holder=p0; memory_write/increment memfix.Gate.inFlight holder=p0; memory_write/nextval memfix.Gate.nextID holder=p0; memory_write/set memfix.Gate.admitted holder=p0; memory_write/increment memfix.Gate.inFlight holder=p0; memory_write/delete memfix.Gate.admitted holder=p0; memory_write/nextval memfix.Gate.seq holder=p0$`
	id := g.admit()
	defer g.release(id)
	_ = g.token()
	return nil
}

func Limits(mux *asynq.ServeMux, g *Gate) { // want Limits:"no effects"
	mux.HandleFunc("limited", g.Work)
}

// Sender keeps retry bookkeeping: its backoff exponent is raised only
// where a send fails (pause returns the error it is given, and each call
// gives it one; the size check returns its own) and reset to 0 once a
// send went through, so what it holds after a success does not depend on
// how often the job came: safe, with the reason. The near misses
// accumulate: sent is reset too but raised on the success path (a tally),
// failures is never reset, strikes is reset where the function may still
// fail, calm's helper is also called with nil, and tries is raised where
// a deferred closure may still turn the failure into a success.
type Sender struct {
	backoff  int
	sent     int
	failures int
	strikes  int
	calm     int
	tries    int
	lapses   int
}

// lastErr is no sentinel: it is set as the work goes, and may be nil.
var lastErr error

// Lapse raises lapses before returning lastErr, which may be nil: no
// failure path.
func (s *Sender) Lapse(ctx context.Context, t *asynq.Task) error { // want Lapse:`^effects: memory_write/increment memfix.Sender.lapses holder=p0; memory_write/set memfix.lastErr; memory_write/set memfix.Sender.lapses holder=p0$` `unguarded: handler \(\*memfix.Sender\).Lapse \(asynq task "lapse"\) repeats .*memory_write increment \(memfix.Sender.lapses\)`
	lastErr = deliver(t.Payload())
	if len(t.Payload()) > 8 {
		s.lapses++
		return lastErr
	}
	s.lapses = 0
	return nil
}

func deliver(b []byte) error { // want deliver:"no effects"
	if len(b) == 0 {
		return errEmpty
	}
	return nil
}

func (s *Sender) pause(err error) error { // want pause:`^effects: memory_write/increment memfix.Sender.backoff holder=p0$`
	if s.backoff < 6 {
		s.backoff++
	}
	return err
}

func (s *Sender) Send(ctx context.Context, t *asynq.Task) error { // want Send:`^effects: memory_write/increment memfix.Sender.backoff holder=p0; memory_write/increment memfix.Sender.backoff holder=p0; memory_write/set memfix.Sender.backoff holder=p0$`
	mu.Lock()
	defer mu.Unlock() // the results go through a slot the deferred call leaves alone
	if len(t.Payload()) > 1<<20 {
		s.backoff++
		return fmt.Errorf("payload of %d bytes", len(t.Payload()))
	}
	if err := deliver(t.Payload()); err != nil {
		return s.pause(err)
	}
	if t.Type() == "" {
		return s.pause(fmt.Errorf("no type"))
	}
	s.backoff = 0
	return nil
}

func (s *Sender) Sent(ctx context.Context, t *asynq.Task) error { // want Sent:`^effects: memory_write/increment memfix.Sender.sent holder=p0$` `unguarded: handler \(\*memfix.Sender\).Sent \(asynq task "sent"\) repeats .*memory_write increment \(memfix.Sender.sent\)`
	if err := deliver(t.Payload()); err != nil {
		return err
	}
	s.sent++
	return nil
}

func (s *Sender) Flush() error { // want Flush:`^effects: memory_write/set memfix.Sender.sent holder=p0$`
	s.sent = 0
	return nil
}

func (s *Sender) Fail(ctx context.Context, t *asynq.Task) error { // want Fail:`^effects: memory_write/increment memfix.Sender.failures holder=p0$` `unguarded: handler \(\*memfix.Sender\).Fail \(asynq task "fail"\) repeats .*memory_write increment \(memfix.Sender.failures\)`
	if err := deliver(t.Payload()); err != nil {
		s.failures++
		return err
	}
	return nil
}

func (s *Sender) Strike(ctx context.Context, t *asynq.Task) error { // want Strike:`^effects: memory_write/increment memfix.Sender.strikes holder=p0; memory_write/set memfix.Sender.strikes holder=p0$` `unguarded: handler \(\*memfix.Sender\).Strike \(asynq task "strike"\) repeats .*memory_write increment \(memfix.Sender.strikes\)`
	if err := deliver(t.Payload()); err != nil {
		s.strikes++
		return err
	}
	s.strikes = 0
	return deliver([]byte(t.Type()))
}

func (s *Sender) settle(err error) error { // want settle:`^effects: memory_write/increment memfix.Sender.calm holder=p0$`
	s.calm++
	return err
}

func (s *Sender) Calm(ctx context.Context, t *asynq.Task) error { // want Calm:`^effects: memory_write/increment memfix.Sender.calm holder=p0; memory_write/set memfix.Sender.calm holder=p0$` `unguarded: handler \(\*memfix.Sender\).Calm \(asynq task "calm"\) repeats .*memory_write increment \(memfix.Sender.calm\)`
	if err := deliver(t.Payload()); err != nil {
		return s.settle(err)
	}
	if t.Type() == "" {
		return s.settle(nil)
	}
	s.calm = 0
	return nil
}

func (s *Sender) Swallow(ctx context.Context, t *asynq.Task) (err error) { // want Swallow:`^effects: memory_write/increment memfix.Sender.tries holder=p0; memory_write/set memfix.Sender.tries holder=p0$` `unguarded: handler \(\*memfix.Sender\).Swallow \(asynq task "swallow"\) repeats .*memory_write increment \(memfix.Sender.tries\)`
	defer func() {
		if errors.Is(err, errEmpty) {
			err = nil
		}
	}()
	if err := deliver(t.Payload()); err != nil {
		s.tries++
		return err
	}
	s.tries = 0
	return nil
}

var errEmpty = errors.New("empty")

func Senders(mux *asynq.ServeMux, s *Sender) { // want Senders:"no effects"
	mux.HandleFunc("swallow", s.Swallow)
	mux.HandleFunc("lapse", s.Lapse)
	mux.HandleFunc("send", s.Send)
	mux.HandleFunc("sent", s.Sent)
	mux.HandleFunc("fail", s.Fail)
	mux.HandleFunc("strike", s.Strike)
	mux.HandleFunc("calm", s.Calm)
}
