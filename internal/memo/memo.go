// Package memo is the one memoising helper of the analysis: a map whose
// value for a key is computed once (sync.OnceValue per key), concurrent
// callers of a new key waiting for that one computation. A Map lives as
// long as what holds it — a fact store, a settings session, a cache with a
// bound — so that what it keeps is bounded by a run, not by the process.
package memo

import (
	"sync"
	"sync/atomic"
)

// Map computes a value once per key. The zero Map is empty and ready.
// Reads of a key already there take no lock (the fact store asks for the
// same few keys for every fact a pass imports).
type Map[K comparable, V any] struct {
	m sync.Map // K → func() V
	n atomic.Int64
	// Max, when positive, bounds the entries: a new key beyond it
	// empties the map first (values still in use are computed again once).
	Max int
}

// Get returns the value for k, computing it with f if it has none yet.
func (m *Map[K, V]) Get(k K, f func() V) V {
	if g, ok := m.m.Load(k); ok {
		return g.(func() V)()
	}
	if m.Max > 0 && m.n.Load() >= int64(m.Max) {
		m.Clear()
	}
	g, loaded := m.m.LoadOrStore(k, sync.OnceValue(f))
	if !loaded {
		m.n.Add(1)
	}
	return g.(func() V)()
}

// Len is the number of keys.
func (m *Map[K, V]) Len() int { return int(m.n.Load()) }

// Clear forgets every value.
func (m *Map[K, V]) Clear() {
	m.m.Clear()
	m.n.Store(0)
}
