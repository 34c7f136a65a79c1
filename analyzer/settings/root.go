package settings

import (
	"os"
	"path/filepath"

	"github.com/jobeffects/jobeffects/analyzer/config"
)

// moduleRoot is the directory of the go.mod above dir (dir included), or
// "" outside a module.
func moduleRoot(dir string) string {
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
