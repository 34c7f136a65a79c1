package catalog

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	"github.com/jobeffects/jobeffects/internal/atomicfile"
	"github.com/jobeffects/jobeffects/internal/cachetrim"
)

// The parsed catalog kept on disk between processes. Under go vet every
// package is a process of its own, and each one that is not standard
// parsed the catalog's YAML (about 1 MB: 0.1-0.2 CPU s, most of a small
// unit's work; a module importing 500 such packages spent a minute of CPU
// on it). The trees Nodes returns are stored gob-encoded, keyed by the
// embedded files' content and the YAML library's version (the trees'
// type), by the first process that parses them; the others decode them,
// about five times faster than parsing. An entry that is missing, short,
// fails its checksum or does not decode is parsed as before and written
// again: it is a cache, never an input.

var nodeCache struct {
	mu  sync.Mutex
	dir string
}

// CacheIn makes Nodes keep the parsed trees in dir (created when first
// written) and read them from there; "" turns that off (the default).
// It is the driver's choice for the whole process (its cache directory,
// or none when the user turned caching off), as the catalog itself is:
// embedded data, parsed once per process.
func CacheIn(dir string) {
	nodeCache.mu.Lock()
	nodeCache.dir = dir
	nodeCache.mu.Unlock()
}

func nodeCacheDir() string {
	nodeCache.mu.Lock()
	defer nodeCache.mu.Unlock()
	return nodeCache.dir
}

// nodesKey names the entry of these files' trees.
func nodesKey(files []File) string {
	h := sha256.New()
	fmt.Fprintf(h, "jobeffects catalog nodes v1\nyaml %s\n", yamlVersion())
	for _, f := range files {
		fmt.Fprintf(h, "%q %d\n", f.Name, len(f.Data))
		h.Write(f.Data)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// yamlVersion is the version of the YAML library built in: its Node type
// is what the entry holds.
var yamlVersion = sync.OnceValue(func() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	for _, d := range bi.Deps {
		if d.Path == "go.yaml.in/yaml/v3" {
			if d.Replace != nil {
				d = d.Replace
			}
			return d.Path + "@" + d.Version + " " + d.Sum
		}
	}
	return "unknown"
})

// An entry is the gob of the trees followed by their SHA-256.
func readNodes(dir, key string) ([]Node, bool) {
	path := filepath.Join(dir, key+".gob")
	data, err := os.ReadFile(path)
	if err != nil || len(data) < sha256.Size {
		return nil, false
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, false
	}
	var out []Node
	if err := gob.NewDecoder(bytes.NewReader(body)).Decode(&out); err != nil {
		return nil, false
	}
	// Used: the command's daily trim keeps what was used in the last five
	// days (at most one write an hour).
	cachetrim.Used(path, time.Now())
	return out, true
}

func writeNodes(dir, key string, nodes []Node) {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(nodes); err != nil {
		return
	}
	sum := sha256.Sum256(buf.Bytes())
	buf.Write(sum[:])
	_ = atomicfile.Write(filepath.Join(dir, key+".gob"), buf.Bytes(), 0o700)
}
