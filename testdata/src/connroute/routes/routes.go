// Package routes holds the open connections by user in a package-level
// router filled by the accept loop.
package routes

import (
	"sync"

	"connroute/conn"
)

type Router struct {
	byUID map[int64][]conn.LongConn
	mu    sync.Mutex
}

var ins Router
var once sync.Once

func Get() *Router {
	once.Do(func() { ins = Router{byUID: map[int64][]conn.LongConn{}} })
	return &ins
}

func (r *Router) Register(uid int64, c conn.LongConn) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.byUID[uid]
	s = append(s, c)
	r.byUID[uid] = s
}

func (r *Router) Conns(uid int64) ([]conn.LongConn, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s, ok := r.byUID[uid]
	return s, ok
}
