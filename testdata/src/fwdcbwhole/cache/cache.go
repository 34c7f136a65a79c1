// Package cache: a read-through cache behind an interface, in a package of
// its own (the whole-program phase resolves a call of Remember): the
// implementation runs the callback it is given on a miss.
package cache

import (
	"context"
	"sync"
)

type Cache interface {
	Remember(ctx context.Context, key string, fn func() ([]byte, error)) ([]byte, error)
}

// Memory keeps the values in a map under a mutex.
type Memory struct {
	mu    sync.Mutex
	items map[string][]byte
}

func NewMemory() *Memory { return &Memory{items: map[string][]byte{}} }

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
