package directive

import (
	"go/ast"
	"go/token"
	"sort"
	"strconv"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

const (
	ignorePrefix  = "//jobeffects:ignore"
	handlerPrefix = "//jobeffects:handler"
)

// Ignore is one //jobeffects:ignore directive of the package.
type Ignore struct {
	File   string
	Line   int
	Col    int
	Pos    token.Pos
	Rules  []string
	Reason string
	// Problem says why the directive is malformed ("" when it parses).
	Problem string
}

// Covers reports whether the directive applies to rule at line: its own
// line or the one below it. A directive without a reason covers nothing.
func (d *Ignore) Covers(rule string, line int) bool {
	if d.Problem != "" || d.Reason == "" || (line != d.Line && line != d.Line+1) {
		return false
	}
	for _, r := range d.Rules {
		if r == rule {
			return true
		}
	}
	return false
}

// Where is the directive's "file:line".
func (d *Ignore) Where() string { return d.File + ":" + strconv.Itoa(d.Line) }

// Effect is the directive as facts carry it.
func (d *Ignore) Effect() *effect.Ignore {
	return &effect.Ignore{Pos: d.Where(), Rules: d.Rules, Reason: d.Reason}
}

// ParseIgnore reads "//jobeffects:ignore RULE[,RULE] reason...". ok is
// false when the comment is not an ignore directive at all; problem is set
// when it is one but does not parse.
func ParseIgnore(text string) (rules []string, reason, problem string, ok bool) {
	if !strings.HasPrefix(text, ignorePrefix) {
		return nil, "", "", false
	}
	rest := strings.TrimPrefix(text, ignorePrefix)
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return nil, "", "", false // another verb: misspelt() decides
	}
	if i := strings.Index(rest, "//"); i >= 0 {
		rest = rest[:i] // a further comment on the line is not part of it
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return nil, "", "", true
	}
	rules = strings.Split(fields[0], ",")
	for _, r := range rules {
		if r == "" {
			return rules, "", "an empty rule name in " + fields[0], true
		}
	}
	return rules, strings.Join(fields[1:], " "), "", true
}

// misspelt says why a comment that looks like a jobeffects directive is
// not one ("" when it is not meant as one). A space after the slashes
// makes prose ("// jobeffects: …") unless an ignore or handler verb
// follows; without the space, any jobeffects: comment is meant as a
// directive.
func misspelt(text string) string {
	body, ok := strings.CutPrefix(text, "//")
	if !ok {
		return ""
	}
	trimmed := strings.TrimLeft(body, " \t")
	rest, ok := strings.CutPrefix(trimmed, "jobeffects:")
	if !ok {
		return ""
	}
	verb := ""
	if f := strings.Fields(rest); len(f) > 0 {
		verb = f[0]
	}
	if trimmed != body {
		if verb == "ignore" || verb == "handler" {
			return "a directive has no space after //: write //jobeffects:" + verb
		}
		return ""
	}
	switch {
	case verb == "ignore" || verb == "handler":
		return ""
	case strings.HasPrefix(verb, "ignore"):
		return "unknown directive jobeffects:" + verb + ": put a space after jobeffects:ignore"
	case strings.HasPrefix(verb, "handler"):
		return "unknown directive jobeffects:" + verb + ": put a space after jobeffects:handler"
	}
	return "unknown directive jobeffects:" + verb + " (the directives are jobeffects:ignore and jobeffects:handler)"
}

// Index holds a package's ignore directives by file.
type Index struct {
	byFile map[string][]*Ignore
	all    []*Ignore
}

// Collect reads the ignore directives of files, malformed ones included.
func Collect(fset *token.FileSet, files []*ast.File) *Index {
	ix := &Index{byFile: map[string][]*Ignore{}}
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				rules, reason, problem, ok := ParseIgnore(c.Text)
				if !ok {
					if problem = misspelt(c.Text); problem == "" {
						continue
					}
				}
				p := fset.Position(c.Pos())
				d := &Ignore{File: p.Filename, Line: p.Line, Col: p.Column, Pos: c.Pos(), Rules: rules, Reason: reason, Problem: problem}
				ix.byFile[p.Filename] = append(ix.byFile[p.Filename], d)
				ix.all = append(ix.all, d)
			}
		}
	}
	sort.SliceStable(ix.all, func(i, j int) bool { return ix.all[i].Pos < ix.all[j].Pos })
	return ix
}

// All returns every directive in source order.
func (ix *Index) All() []*Ignore {
	if ix == nil {
		return nil
	}
	return ix.all
}

// At returns the directives that apply to the line of pos ("file:line:col"):
// those on it or on the line above, with a reason.
func (ix *Index) At(pos string) *effect.Ignore {
	if ix == nil || pos == "" {
		return nil
	}
	file, line, _ := effect.SplitPos(pos)
	var out *effect.Ignore
	for _, d := range ix.byFile[file] {
		if d.Problem != "" || d.Reason == "" || (line != d.Line && line != d.Line+1) {
			continue
		}
		if out == nil {
			out = d.Effect()
			continue
		}
		out.Rules = append(append([]string(nil), out.Rules...), d.Rules...)
	}
	return out
}

// Handlers maps the name position of each function whose doc comment holds
// "//jobeffects:handler [task]" to that task.
func Handlers(files []*ast.File) map[token.Pos]string {
	out := map[token.Pos]string{}
	for _, file := range files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Doc == nil {
				continue
			}
			for _, c := range fd.Doc.List {
				if rest, ok := strings.CutPrefix(c.Text, handlerPrefix); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
					out[fd.Name.Pos()] = strings.TrimSpace(rest)
				}
			}
		}
	}
	return out
}
