package settings

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"sort"
	"sync"
)

// Input is a file the settings read: its absolute path and the SHA-256 of
// the bytes read ("absent" when it did not exist, "unreadable" when it
// could not be read).
type Input struct {
	Path string
	Sum  string
}

// Digest hashes a list of inputs: equal digests, same files, same bytes.
func Digest(in []Input) string {
	h := sha256.New()
	fmt.Fprintf(h, "jobeffects settings v1\n")
	for _, x := range in {
		fmt.Fprintf(h, "%s\x00%s\n", x.Path, x.Sum)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func sum(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

func sortInputs(in []Input) []Input {
	sort.Slice(in, func(i, j int) bool {
		if in[i].Path != in[j].Path {
			return in[i].Path < in[j].Path
		}
		return in[i].Sum < in[j].Sum
	})
	return in
}

// readLimited reads a file, refusing one longer than limit bytes (a
// device or a pipe too: the limit bounds the read, not the stat).
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("%s: a directory, not a file", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: larger than %s: refused (a file this size is not a hand-written %s)", path, size(limit), kindOf(limit))
	}
	return data, nil
}

func size(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

func kindOf(limit int64) string {
	if limit == MaxConfigSize {
		return "config"
	}
	return "baseline or migration"
}

// Record is one resolution a run made: the request (Dir its module root),
// whether it covered the baseline and migrations or the config only, and
// the digest of what it read. Resolving it again and comparing digests
// tells whether a run's settings are unchanged (Verify).
type Record struct {
	Request Request
	All     bool `json:",omitempty"`
	Digest  string
	Inputs  []Input
}

type key struct {
	req Request
	sc  scope
}

type entry struct {
	once sync.Once
	s    *Settings
	err  error
	done bool // guarded by mu: s and err are set
}

var (
	mu      sync.Mutex
	entries = map[key]*entry{}
)

// Load resolves and reads a package's settings: the config, the baseline
// and the migrations. Each distinct request is resolved once per process
// and recorded (Resolved).
func Load(req Request) (*Settings, error) { return load(req, scopeAll) }

// LoadConfig resolves and reads a package's config only (the builtin
// catalog's models and rules when there is none): for packages the
// catalog models, which are not analysed, and the whole-program phase.
func LoadConfig(req Request) (*Settings, error) { return load(req, scopeConfig) }

func load(req Request, sc scope) (*Settings, error) {
	k := key{normalise(req), sc}
	mu.Lock()
	e := entries[k]
	if e == nil {
		e = &entry{}
		entries[k] = e
	}
	mu.Unlock()
	e.once.Do(func() {
		s, err := resolve(k.req, sc, true)
		mu.Lock()
		e.s, e.err, e.done = s, err, true
		mu.Unlock()
	})
	return e.s, e.err
}

// Resolved lists the resolutions made so far by Load and LoadConfig,
// sorted: what a run read besides code.
func Resolved() []Record {
	mu.Lock()
	defer mu.Unlock()
	var out []Record
	for k, e := range entries {
		if !e.done { // still resolving
			continue
		}
		out = append(out, Record{Request: k.req, All: k.sc == scopeAll, Digest: e.s.Digest, Inputs: e.s.Inputs})
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

// inputs resolves a request again and lists the files it reads, without
// parsing more than the config: go vet's version line hashes them.
func inputs(req Request) []Input {
	s, _ := resolve(normalise(req), scopeAll, false)
	return s.Inputs
}

// Verify reports whether each record resolves to the same files with the
// same contents as when it was recorded (a file added to a migrations
// glob, a baseline edited, a config created: not the same).
func Verify(records []Record) bool {
	for _, r := range records {
		sc := scopeConfig
		if r.All {
			sc = scopeAll
		}
		s, _ := resolve(normalise(r.Request), sc, false)
		if s.Digest != r.Digest {
			return false
		}
	}
	return true
}

// normalise replaces the request's directory by its module root, the
// only thing about it the resolution depends on.
func normalise(req Request) Request {
	if req.Dir != "" {
		req.Dir = moduleRoot(req.Dir)
	}
	if req.Root == "" {
		req.Root = req.Dir
	}
	return req
}
