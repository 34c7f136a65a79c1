// Package session pushes to a user's connections on an in-process pool
// of tasks holding a func value and its arguments.
package session

import (
	"context"
	"encoding/json"

	"github.com/hibiken/asynq"

	"connroute/conn"
	"connroute/routes"
)

type task struct {
	f    func(data []byte, c conn.LongConn)
	data []byte
	c    conn.LongConn
	next *task
}

type Pool struct{ head, tail *task }

func (p *Pool) Go(f func(data []byte, c conn.LongConn), data []byte, c conn.LongConn) {
	t := &task{f: f, data: data, c: c}
	if p.head == nil {
		p.head, p.tail = t, t
	} else {
		p.tail.next, p.tail = t, t
	}
	go func() {
		for t := p.head; t != nil; t = t.next {
			t.f(t.data, t.c)
		}
	}()
}

type Manager struct{ pool *Pool }

func NewManager(urls []string) *Manager {
	m := &Manager{pool: &Pool{}}
	go m.process(conn.Listen(urls))
	return m
}

func (m *Manager) process(ch <-chan conn.LongConn) {
	var uid int64
	for c := range ch {
		uid++
		routes.Get().Register(uid, c)
	}
}

func push(data []byte, c conn.LongConn) { _ = c.WritePacket(data) }

// PushToUser writes the data to every connection the user has open.
func (m *Manager) PushToUser(uid int64, data []byte) {
	conns, ok := routes.Get().Conns(uid)
	if !ok {
		return
	}
	for _, c := range conns {
		m.pool.Go(push, data, c)
	}
}

type Push struct{ M *Manager }

// ProcessTask: the connections come from the router the accept loop
// fills, so the write is the program's one connection type's.
func (p *Push) ProcessTask(ctx context.Context, t *asynq.Task) error { // want `^unguarded: .*twice: http post \(high\) at connroute/conn/conn.go:23 .*session.push \(dynamic call → \(\*conn.httpConn\).WritePacket\)`
	var msg struct {
		UID  int64
		Data []byte
	}
	if err := json.Unmarshal(t.Payload(), &msg); err != nil {
		return err
	}
	p.M.PushToUser(msg.UID, msg.Data)
	return nil
}
