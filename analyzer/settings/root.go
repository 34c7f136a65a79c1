package settings

import (
	"os"
	"path/filepath"
	"sync"

	"github.com/jobeffects/jobeffects/analyzer/config"
)

var (
	rootMu    sync.Mutex
	rootCache = map[string]string{}
)

// moduleRoot is the directory of the go.mod above dir (dir included), or
// "" outside a module.
func moduleRoot(dir string) string {
	rootMu.Lock()
	defer rootMu.Unlock()
	if r, ok := rootCache[dir]; ok {
		return r
	}
	root := ""
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			root = d
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	rootCache[dir] = root
	return root
}

// findConfig is the config of the module whose root is root: its
// .jobeffects.yaml, or "".
func findConfig(root string) string {
	if root == "" {
		return ""
	}
	p := filepath.Join(root, config.FileName)
	if _, err := os.Stat(p); err == nil {
		return p
	}
	return ""
}
