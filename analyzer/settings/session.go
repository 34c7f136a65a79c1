package settings

import (
	"fmt"
	"sort"
	"strconv"
	"sync"

	"github.com/jobeffects/jobeffects/analyzer/baseline"
	"github.com/jobeffects/jobeffects/analyzer/config"
	"github.com/jobeffects/jobeffects/analyzer/discovery"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
	"github.com/jobeffects/jobeffects/internal/memo"
)

// Session is one run's settings: each distinct request resolved once,
// each file's content built once, each directory's module root found
// once, and every resolution recorded (Resolved). What it keeps lives as
// long as the run that holds it: the command makes one per run
// (runner.Config.Settings); go vet, golangci-lint and nogo, where a
// process is a run, use Process.
type Session struct {
	resolutions memo.Map[key, resolution]
	roots       memo.Map[string, string]
	// many requests (a module's packages, the whole-program phase) share
	// a config, a baseline and a set of migrations; keyed by content, an
	// edited file is built again.
	configs    memo.Map[fileKey, built[loadedConfig]]
	baselines  memo.Map[fileKey, built[*baseline.Set]]
	migrations memo.Map[string, *triggers.Set]

	mu   sync.Mutex
	done map[key]Record // the resolutions made, for Resolved
	// built: the configs built without an error (BuiltConfigs);
	// vouched: those another session built (Vouch).
	built, vouched map[fileKey]bool
}

// Process is the session of a process that is one run: a go vet unit,
// golangci-lint, nogo, a test that runs the analyzer itself.
var Process = NewSession()

// NewSession returns an empty session.
func NewSession() *Session {
	return &Session{done: map[key]Record{}, built: map[fileKey]bool{}, vouched: map[fileKey]bool{}}
}

type key struct {
	req Request
	sc  scope
}

type resolution struct {
	s   *Settings
	err error
}

type built[V any] struct {
	v   V
	err error
}

type fileKey struct{ path, sum string }

// Load resolves and reads a package's settings: the config, the baseline
// and the migrations. Each distinct request is resolved once per session
// and recorded (Resolved).
func (s *Session) Load(req Request) (*Settings, error) { return s.load(req, scopeAll) }

// LoadConfig resolves and reads a package's config only (the builtin
// catalog's models and rules when there is none): for packages the
// catalog models, which are not analysed, and the whole-program phase.
func (s *Session) LoadConfig(req Request) (*Settings, error) { return s.load(req, scopeConfig) }

func (s *Session) load(req Request, sc scope) (*Settings, error) {
	k := key{normalise(req, s.moduleRoot), sc}
	r := s.resolutions.Get(k, func() resolution {
		set, err := resolve(s, k.req, sc)
		s.mu.Lock()
		s.done[k] = Record{Request: k.req, All: sc == scopeAll, Digest: set.Digest, Inputs: set.Inputs}
		s.mu.Unlock()
		return resolution{set, err}
	})
	return r.s, r.err
}

// Resolved lists the resolutions the session made so far, sorted: what
// a run read besides code.
func (s *Session) Resolved() []Record {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Record, 0, len(s.done))
	for _, r := range s.done {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Request != b.Request {
			return fmt.Sprint(a.Request) < fmt.Sprint(b.Request)
		}
		return !a.All && b.All
	})
	return out
}

func (s *Session) moduleRoot(dir string) string {
	return s.roots.Get(dir, func() string { return moduleRoot(dir) })
}

// loadedConfig is a config with its model index and the discovery rules
// it extends.
type loadedConfig struct {
	loaded *config.Loaded
	rules  *discovery.Rules
}

func (s *Session) buildConfig(path string, data []byte) (*config.Loaded, *discovery.Rules, error) {
	b := s.configs.Get(fileKey{path, sum(data)}, func() built[loadedConfig] {
		v, err := config.Build(path, data)
		if err != nil {
			return built[loadedConfig]{err: err}
		}
		rules, err := discoveryRules(v.Config)
		if err == nil {
			s.mu.Lock()
			s.built[fileKey{path, sum(data)}] = true
			s.mu.Unlock()
		}
		return built[loadedConfig]{loadedConfig{v, rules}, err}
	})
	return b.v.loaded, b.v.rules, b.err
}

// BuiltConfigs lists the configs the session built without an error, by
// path and the sum of the bytes built, sorted: a run cache entry keeps
// them for its replays' ReportBaseline (Vouch).
func (s *Session) BuiltConfigs() []Input {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Input, 0, len(s.built))
	for k := range s.built {
		out = append(out, Input{k.path, k.sum})
	}
	return sortInputs(out)
}

// Vouch tells the session that these configs (BuiltConfigs of another
// session) build without an error: a resolution that only needs to know
// that (ReportBaseline) parses them instead of building them. A config
// whose bytes differ from the sum vouched for is built.
func (s *Session) Vouch(configs []Input) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range configs {
		s.vouched[fileKey{c.Path, c.Sum}] = true
	}
}

// vouchedFor says whether another session built the config at path with
// these bytes (one this session built is in its memo: built again free).
func (s *Session) vouchedFor(path string, data []byte) bool {
	k := fileKey{path, sum(data)}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.vouched[k]
}

func (s *Session) parseBaseline(path string, data []byte) (*baseline.Set, error) {
	b := s.baselines.Get(fileKey{path, sum(data)}, func() built[*baseline.Set] {
		v, err := baseline.Parse(path, data)
		return built[*baseline.Set]{v, err}
	})
	return b.v, b.err
}

func (s *Session) parseTriggers(files []triggers.File) *triggers.Set {
	in := make([]Input, len(files))
	for i, f := range files {
		in[i] = Input{f.Path, sum(f.Data)}
		if f.Line > 0 {
			in[i].Path += "#" + strconv.Itoa(f.Line) // a text of a Go file
		}
	}
	return s.migrations.Get(Digest(in), func() *triggers.Set { return triggers.Parse(files) })
}
