package settings

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"sort"
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
// device or a pipe too: the limit bounds the read, not the stat). The
// buffer is sized from the stat, as os.ReadFile's is: a main-module
// package's settings read every Go file of the module (the schema's
// candidates), and io.ReadAll's buffer, grown from 512 bytes by copies,
// made that read a fifth of a go vet unit's settings on a module with
// large generated files (flexprice; perf, stop 57). The size is a hint:
// what is read is what counts, up to limit+1 bytes.
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err == nil && fi.IsDir() {
		return nil, fmt.Errorf("%s: a directory, not a file", path)
	}
	capacity := int64(512)
	if err == nil && fi.Mode().IsRegular() && fi.Size() < limit {
		capacity = fi.Size() + 1 // one more byte, to see the end without growing
	}
	data, err := readAll(io.LimitReader(f, limit+1), capacity)
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: larger than %s: refused (a file this size is not a hand-written %s)", path, size(limit), kindOf(limit))
	}
	return data, nil
}

// readAll is io.ReadAll into a buffer of the given capacity to start with.
func readAll(r io.Reader, capacity int64) ([]byte, error) {
	data := make([]byte, 0, capacity)
	for {
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // grow
		}
	}
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

// inputs resolves a request again and lists the files it reads, without
// parsing more than the config: go vet's version line hashes them.
func inputs(req Request) []Input {
	s, _ := resolve(nil, normalise(req, moduleRoot), scopeAll)
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
		s, _ := resolve(nil, normalise(r.Request, moduleRoot), sc)
		if s.Digest != r.Digest {
			return false
		}
	}
	return true
}

// normalise replaces the request's directory by its module root, the
// only thing about it the resolution depends on.
func normalise(req Request, root func(string) string) Request {
	if req.Dir != "" {
		req.Dir = root(req.Dir)
	}
	if req.Root == "" {
		req.Root = req.Dir
	}
	return req
}
