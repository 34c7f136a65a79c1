package report

import (
	"go/token"
	"runtime"
	"sync"
	"weak"

	"golang.org/x/tools/go/analysis"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// Emit reports d through the pass. local are the package's own files, whose
// positions are real; positions in other files (an evidence path crossing
// packages) get a token.File made from the "file:line:col" alone, without
// reading the file: under go vet, Bazel or any sandbox the other packages'
// sources may not be there, and the position is all a diagnostic needs.
func Emit(pass *analysis.Pass, local map[string]*token.File, d *result.Diagnostic) {
	ad := analysis.Diagnostic{Pos: TokenPos(pass.Fset, local, d.Pos), Category: d.Rule, Message: d.Message, URL: d.URL}
	for _, r := range d.Related {
		if p := TokenPos(pass.Fset, local, r.Pos); p.IsValid() {
			ad.Related = append(ad.Related, analysis.RelatedInformation{Pos: p, Message: r.Message})
		}
	}
	pass.Report(ad)
}

// LocalFiles maps the names of the pass's files to their token.Files.
func LocalFiles(pass *analysis.Pass) map[string]*token.File {
	out := make(map[string]*token.File, len(pass.Files))
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.Pos()); tf != nil {
			out[tf.Name()] = tf
		}
	}
	return out
}

// TokenPos converts "file:line:col" to a position in fset, or NoPos.
func TokenPos(fset *token.FileSet, local map[string]*token.File, s string) token.Pos {
	file, line, col := effect.SplitPos(s)
	if line < 1 {
		return token.NoPos
	}
	if tf := local[file]; tf != nil {
		if line > tf.LineCount() {
			return token.NoPos
		}
		p := tf.LineStart(line)
		if off := tf.Offset(p) + col - 1; col > 1 && off <= tf.Size() {
			p = tf.Pos(off)
		}
		return p
	}
	return synthetic(fset, file, line).Pos((line-1)*lineWidth + min(max(col, 1), lineWidth) - 1)
}

// lineWidth is the width of every line of a synthetic file: columns up to
// it keep their value.
const lineWidth = 1 << 12

// synthFiles are the synthetic files made in each file set, held weakly:
// a file set is a run's (the command's load, go vet's process), and its
// entry goes when the run's file set is collected (a cleanup), so a
// process that runs many analyses (tests, a golangci-lint daemon) does not
// keep every run's files.
var (
	synthMu    sync.Mutex
	synthFiles = map[weak.Pointer[token.FileSet]]map[string]*token.File{}
)

// synthetic returns a token.File named file in fset whose lines all have
// lineWidth bytes, so that a (line, column) maps to one offset, with at
// least line lines. A file that is too short is replaced by a longer one.
func synthetic(fset *token.FileSet, file string, line int) *token.File {
	k := weak.Make(fset)
	synthMu.Lock()
	defer synthMu.Unlock()
	m := synthFiles[k]
	if m == nil {
		m = map[string]*token.File{}
		synthFiles[k] = m
		runtime.AddCleanup(fset, forgetSynthetic, k)
	}
	if tf := m[file]; tf != nil && tf.LineCount() >= line {
		return tf
	}
	n := 1024
	for n < line {
		n *= 2
	}
	lines := make([]int, n)
	for i := range lines {
		lines[i] = i * lineWidth
	}
	tf := fset.AddFile(file, -1, n*lineWidth)
	tf.SetLines(lines)
	m[file] = tf
	return tf
}

// forgetSynthetic drops the synthetic files of a file set that was
// collected.
func forgetSynthetic(k weak.Pointer[token.FileSet]) {
	synthMu.Lock()
	defer synthMu.Unlock()
	delete(synthFiles, k)
}
