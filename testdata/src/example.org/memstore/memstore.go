// Package memstore is a library of another module (example.org, as GOPATH
// mode tells modules) whose stores keep their rows in the process: a map
// under a mutex. Their methods call function values, so the per-package
// pass cannot follow them and reads them by name; the whole program
// resolves those calls.
package memstore

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
)

// Store is an in-memory session store: Create only writes its own map.
type Store struct {
	mu    sync.Mutex
	rows  map[string]any
	keyer func(string) string
}

// New makes a store whose keys are lower-cased.
func New() *Store {
	return &Store{rows: map[string]any{}, keyer: strings.ToLower}
}

// Create adds a row; a key already present is an error, and so is a value
// that is not a string (reflect.Type's Kind: an interface call the call
// graph leaves to the reflect package's own code).
func (s *Store) Create(ctx context.Context, key string, value any) error {
	if reflect.TypeOf(value).Kind() != reflect.String {
		return errors.New("not a string")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	k := s.keyer(key)
	if _, ok := s.rows[k]; ok {
		return errors.New("exists")
	}
	s.rows[k] = value
	return nil
}

// Mirror looks like Store, but each row it creates is also given to sink,
// which the application sets.
type Mirror struct {
	mu   sync.Mutex
	rows map[string]any
	sink func(ctx context.Context, key string, value any) error
}

// NewMirror makes a mirror that hands each row to sink.
func NewMirror(sink func(ctx context.Context, key string, value any) error) *Mirror {
	return &Mirror{rows: map[string]any{}, sink: sink}
}

// Create adds a row and hands it to the sink.
func (m *Mirror) Create(ctx context.Context, key string, value any) error {
	m.mu.Lock()
	m.rows[key] = value
	m.mu.Unlock()
	return m.sink(ctx, key, value)
}
