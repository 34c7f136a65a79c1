// Package memo is the one memoising helper of the analysis: a map whose
// value for a key is computed once (sync.OnceValue per key), concurrent
// callers of a new key waiting for that one computation. A Map lives as
// long as what holds it — a fact store, a settings session, a cache with a
// bound — so that what it keeps is bounded by a run, not by the process.
package memo

import "sync"

// Map computes a value once per key. The zero Map is empty and ready.
type Map[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]func() V
	// Max, when positive, bounds the entries: a new key beyond it
	// empties the map first (values still in use are computed again once).
	Max int
}

// Get returns the value for k, computing it with f if it has none yet.
func (m *Map[K, V]) Get(k K, f func() V) V {
	m.mu.Lock()
	g := m.m[k]
	if g == nil {
		if m.m == nil || m.Max > 0 && len(m.m) >= m.Max {
			m.m = map[K]func() V{}
		}
		g = sync.OnceValue(f)
		m.m[k] = g
	}
	m.mu.Unlock()
	return g()
}

// Len is the number of keys.
func (m *Map[K, V]) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.m)
}

// Clear forgets every value.
func (m *Map[K, V]) Clear() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.m = nil
}
