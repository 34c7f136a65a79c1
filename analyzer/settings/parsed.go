package settings

import (
	"sync"

	"github.com/jobeffects/jobeffects/analyzer/baseline"
	"github.com/jobeffects/jobeffects/analyzer/config"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// memo keeps what was built from the same bytes once per process: many
// requests (a module's packages, the whole-program phase) share a config,
// a baseline and a set of migrations. Keyed by content, an edited file is
// built again.
type memo[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]*memoEntry[V]
}

type memoEntry[V any] struct {
	once sync.Once
	v    V
	err  error
}

func (m *memo[K, V]) get(k K, build func() (V, error)) (V, error) {
	m.mu.Lock()
	if m.m == nil {
		m.m = map[K]*memoEntry[V]{}
	}
	e := m.m[k]
	if e == nil {
		e = &memoEntry[V]{}
		m.m[k] = e
	}
	m.mu.Unlock()
	e.once.Do(func() { e.v, e.err = build() })
	return e.v, e.err
}

type fileKey struct{ path, sum string }

var (
	configs   memo[fileKey, *config.Loaded]
	baselines memo[fileKey, *baseline.Set]
	migration memo[string, *triggers.Set]
)

func buildConfig(path string, data []byte) (*config.Loaded, error) {
	return configs.get(fileKey{path, sum(data)}, func() (*config.Loaded, error) { return config.Build(path, data) })
}

func parseBaseline(path string, data []byte) (*baseline.Set, error) {
	return baselines.get(fileKey{path, sum(data)}, func() (*baseline.Set, error) { return baseline.Parse(path, data) })
}

func parseTriggers(files []triggers.File) *triggers.Set {
	in := make([]Input, len(files))
	for i, f := range files {
		in[i] = Input{f.Path, sum(f.Data)}
	}
	s, _ := migration.get(Digest(in), func() (*triggers.Set, error) { return triggers.Parse(files), nil })
	return s
}
