package settings

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/jobeffects/jobeffects/analyzer/triggers"
	"github.com/jobeffects/jobeffects/internal/atomicfile"
	"github.com/jobeffects/jobeffects/internal/cachetrim"
)

// The Go-schema scan kept on disk between processes. A main-module
// package's settings read every Go file of the module (goSchema): once per
// run in the command, but once per package under go vet, where each
// package is a process of its own (0.1-0.2 CPU s a package on a module
// with large generated files, flexprice's ent code: stop 57's profile).
// The scan's result depends only on those files' contents and on the
// code that reads them, so it is stored under a key made of the module
// root, -safe, the executable's identity (path, size, modification time)
// and each Go file's path, size, mode and modification time: a file added,
// removed, renamed or written changes the key, and the first process to
// see the new key scans again and stores the result. The files a
// //go:embed pattern names are not part of the key: they are read again
// from the stored patterns each time, as the scan reads them. An entry
// that is missing, short, fails its checksum or does not decode is
// scanned as before: it is a cache, never an input.

var schemaCache struct {
	mu  sync.Mutex
	dir string
}

// CacheIn makes the settings keep the Go-schema scans in dir (created
// when first written) and read them from there; "" turns that off (the
// default). It is the driver's choice for the whole process, as
// catalog.CacheIn is.
func CacheIn(dir string) {
	schemaCache.mu.Lock()
	schemaCache.dir = dir
	schemaCache.mu.Unlock()
}

func schemaCacheDir() string {
	schemaCache.mu.Lock()
	defer schemaCache.mu.Unlock()
	return schemaCache.dir
}

// schemaScan is what goSchema's reading of the Go files found: the
// candidates read (recorded as inputs), the schema texts, and the
// //go:embed patterns whose .sql files are read after.
type schemaScan struct {
	Inputs []Input
	Texts  []triggers.File
	Embeds []string
}

// schemaKey names the scan of these files under root; "" when it cannot
// be named (the executable or a file cannot be stat'ed).
func schemaKey(root string, safe bool, files []string) string {
	h := sha256.New()
	fmt.Fprintf(h, "jobeffects go schema v1\nroot %q\nsafe %v\n", root, safe)
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if !statTo(h, exe) {
		return ""
	}
	for _, p := range files {
		if !statTo(h, p) {
			return ""
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// statTo writes a file's identity as the scan sees it (the stat of what
// it opens: symbolic links followed).
func statTo(h interface{ Write([]byte) (int, error) }, p string) bool {
	fi, err := os.Stat(p)
	if err != nil {
		return false
	}
	fmt.Fprintf(h, "%q %d %v %d\n", p, fi.Size(), fi.Mode(), fi.ModTime().UnixNano())
	return true
}

// An entry is the gob of the scan followed by its SHA-256.
func readSchemaScan(dir, key string) (*schemaScan, bool) {
	path := filepath.Join(dir, key+".gob")
	data, err := os.ReadFile(path)
	if err != nil || len(data) < sha256.Size {
		return nil, false
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, false
	}
	var out schemaScan
	if err := gob.NewDecoder(bytes.NewReader(body)).Decode(&out); err != nil {
		return nil, false
	}
	// Used: the command's daily trim keeps what was used in the last five
	// days (at most one write an hour).
	cachetrim.Used(path, time.Now())
	return &out, true
}

func writeSchemaScan(dir, key string, s *schemaScan) {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(s); err != nil {
		return
	}
	sum := sha256.Sum256(buf.Bytes())
	buf.Write(sum[:])
	_ = atomicfile.Write(filepath.Join(dir, key+".gob"), buf.Bytes(), 0o700)
}
