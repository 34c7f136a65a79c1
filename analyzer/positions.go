package analyzer

import (
	"go/token"
	"os"
	"path/filepath"
	"sync"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// Positions in facts are strings, but diagnostics (and their Related
// information, which go vet -json prints) need token.Pos. For files of other
// packages the analysis's FileSet has no token.File, so one is added from
// the file's content on disk, once per FileSet and file.
var (
	extraMu    sync.Mutex
	extraFiles = map[*token.FileSet]map[string]*token.File{}
)

// tokenPos converts "file:line:col" to a position in fset, or NoPos.
func tokenPos(fset *token.FileSet, local map[string]*token.File, s string) token.Pos {
	file, line, col := effect.SplitPos(s)
	if line < 1 {
		return token.NoPos
	}
	tf := local[file]
	if tf == nil {
		tf = extraFile(fset, file)
	}
	if tf == nil || line > tf.LineCount() {
		return token.NoPos
	}
	p := tf.LineStart(line)
	if col > 1 {
		off := tf.Offset(p) + col - 1
		if off <= tf.Size() {
			p = tf.Pos(off)
		}
	}
	return p
}

func extraFile(fset *token.FileSet, name string) *token.File {
	extraMu.Lock()
	defer extraMu.Unlock()
	m := extraFiles[fset]
	if m == nil {
		m = map[string]*token.File{}
		extraFiles[fset] = m
	}
	if tf, ok := m[name]; ok {
		return tf
	}
	data, err := os.ReadFile(name)
	if err != nil {
		m[name] = nil
		return nil
	}
	tf := fset.AddFile(name, -1, len(data))
	tf.SetLinesForContent(data)
	m[name] = tf
	return tf
}

// moduleRoot finds the directory of the go.mod above dir.
var (
	rootMu    sync.Mutex
	rootCache = map[string]string{}
)

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
