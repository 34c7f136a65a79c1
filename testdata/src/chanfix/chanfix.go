// Package chanfix: handlers that hand their message to worker goroutines
// over a channel have the workers' effects, with a (channel → worker) hop
// in the path: a channel in a field of the handler's struct (range loop,
// select), a package-level channel, and a channel of another package's
// struct whose workers that package declares.
package chanfix

import (
	"context"
	"database/sql"
	"net/http"
	"strings"

	"github.com/hibiken/asynq"

	"chanfix/pool"
)

type msg struct {
	ID   string
	Body []byte
}

// Server hands deliveries to its workers.
type Server struct {
	db   *sql.DB
	work chan msg // want work:`received by \[\(\*chanfix.Server\).worker\]`
	done chan struct{}
	pool *pool.Pool
}

func (s *Server) Handle(ctx context.Context, t *asynq.Task) error { // want Handle:`^effects: db_write/insert orders$` `unguarded: handler \(\*chanfix.Server\).Handle \(asynq task "orders"\) repeats .*insert into orders .*\(channel work → \(\*chanfix.Server\).worker\)`
	s.work <- msg{ID: t.Type(), Body: t.Payload()}
	return nil
}

// worker is started once and processes what the handlers send.
func (s *Server) worker(ctx context.Context) { // want worker:`^effects: db_write/insert orders$`
	for {
		select {
		case m := <-s.work:
			s.process(ctx, m)
		case <-s.done:
			return
		}
	}
}

func (s *Server) process(ctx context.Context, m msg) { // want process:`^effects: db_write/insert orders$`
	s.db.ExecContext(ctx, "insert into orders(id, body) values ($1, $2)", m.ID, m.Body)
}

// Stop signals a done channel: no work is handed.
func (s *Server) Stop(ctx context.Context, t *asynq.Task) error { // want Stop:"no effects"
	s.done <- struct{}{}
	return nil
}

// Import hands the payload to another package's pool.
func (s *Server) Import(ctx context.Context, t *asynq.Task) error { // want Import:`^effects: db_write/insert imports$` `unguarded: handler \(\*chanfix.Server\).Import \(asynq task "import"\) repeats .*insert into imports`
	s.pool.Jobs <- t.Payload()
	return nil
}

var hooks = make(chan string, 16) // want hooks:`received by \[chanfix.Start.func1\]`

// Notify hands the payload to a package-level queue a closure drains.
func Notify(ctx context.Context, t *asynq.Task) error { // want Notify:`^effects: http/post hooks.example.com/notify$` `unguarded: handler chanfix.Notify \(asynq task "notify"\) repeats .*\(channel chanfix.hooks → chanfix.Start.func1\)`
	select {
	case hooks <- string(t.Payload()):
	default:
	}
	return nil
}

func Start(ctx context.Context, mux *asynq.ServeMux, s *Server) { // want Start:"effects: http/post hooks.example.com/notify; db_write/insert orders"
	go s.worker(ctx)
	go func() {
		for body := range hooks {
			http.Post("https://hooks.example.com/notify", "application/json", strings.NewReader(body))
		}
	}()
	mux.HandleFunc("orders", s.Handle)
	mux.HandleFunc("stop", s.Stop)
	mux.HandleFunc("import", s.Import)
	mux.HandleFunc("notify", Notify)
}

// Subscribe hands each delivery to workers over a local channel that the
// callback captures and the workers are given.
func Subscribe(mux *asynq.ServeMux, db *sql.DB) { // want Subscribe:"effects: db_write/insert events"
	ch := make(chan []byte, 64)
	for i := 0; i < 4; i++ {
		go consume(db, ch)
	}
	mux.HandleFunc("events", func(ctx context.Context, t *asynq.Task) error { // want `unguarded: handler chanfix.Subscribe.func1 \(asynq task "events"\) repeats .*insert into events .*\(channel ch → chanfix.consume\)`
		ch <- t.Payload()
		return nil
	})
}

func consume(db *sql.DB, ch <-chan []byte) { // want consume:"effects: db_write/insert events"
	for b := range ch {
		db.Exec("insert into events(body) values ($1)", b)
	}
}

// FanIn starts goroutines that send their results back on a channel it
// made and reads them itself: the handler is not its goroutines' worker,
// and its own insert is counted once, at its own line.
func FanIn(ctx context.Context, t *asynq.Task) error { // want FanIn:"^effects: db_write/insert results$" `unguarded: handler chanfix.FanIn repeats .*insert into results .*; path: chanfix/chanfix.go:121 chanfix.FanIn$`
	results := make(chan []byte)
	for i := 0; i < 2; i++ {
		go func() {
			results <- t.Payload()
		}()
	}
	var db *sql.DB
	for i := 0; i < 2; i++ {
		r := <-results
		db.ExecContext(ctx, "insert into results(body) values ($1)", r)
	}
	return nil
}
