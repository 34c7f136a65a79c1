package idem

import (
	"context"
	"sync"
)

// Memory is a read-through cache of results by key (jobs.Memo), in a
// package of its own so that only the whole program resolves the
// handlers' calls of Remember: on a miss it runs the callback it is
// given and keeps its result.
type Memory struct {
	mu    sync.Mutex
	items map[string][]byte
}

// NewMemory makes an empty cache.
func NewMemory() *Memory { return &Memory{items: map[string][]byte{}} }

// Remember gives the value kept under key, or runs fn and keeps its.
func (m *Memory) Remember(ctx context.Context, key string, fn func() ([]byte, error)) ([]byte, error) {
	m.mu.Lock()
	b, ok := m.items[key]
	m.mu.Unlock()
	if ok {
		return b, nil
	}
	b, err := fn()
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	m.items[key] = b
	m.mu.Unlock()
	return b, nil
}
