package triggers

import (
	"bytes"
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Schema kept in Go (issue 28): an application that runs its migrations
// at startup from Go string constants ("CREATE TABLE IF NOT EXISTS …"
// passed to Exec, a list of migration strings) or from .sql files it
// embeds (//go:embed) declares its tables there, not in a migration file.
// The settings package lists the module's non-test Go files whose text
// may hold such schema (GoCandidate) and hands each package's candidates
// to GoSchema, which returns the DDL texts as Files (parsed by Parse after
// the migration files) and the embed patterns (whose .sql files the
// settings package reads as migration files).
//
// What counts: every constant string expression (a literal, a
// concatenation of literals and of constants declared in the package's
// candidate files) whose text has a CREATE/ALTER TABLE, CREATE [UNIQUE]
// INDEX, CREATE TRIGGER or CREATE FUNCTION and parses as SQL (a text that
// does not parse as a whole is cut into statements and the ones that
// parse are kept; what does not parse is not an error: a Go string need
// not be SQL). Left out: _test.go files and files importing "testing"
// (test helpers, fixtures), testdata and vendor (the settings package's
// walk), and strings under a down or rollback name (a const, var, func,
// struct field or assignment named Down…, …Rollback, revert, undo): a
// down migration is not applied. Each distinct text is kept once (the
// first, in file and offset order).

// ddlRest is what follows CREATE or ALTER in a statement GoSchema keeps.
const ddlRest = `\s+((or\s+replace|unique|temp|temporary|unlogged|constraint|global|local)\s+)*(table|index|trigger|function)\b`

// ddl matches the statements whose text GoSchema keeps; ddlAt is the same
// anchored at the start of its text, without the word boundary before.
var (
	ddl   = regexp.MustCompile(`(?i)\b(create|alter)` + ddlRest)
	ddlAt = regexp.MustCompile(`(?i)^(create|alter)` + ddlRest)
)

// GoCandidate reports whether a Go file's source may hold schema: a DDL
// keyword sequence or a //go:embed directive (a cheap test before
// parsing it as Go).
func GoCandidate(src []byte) bool {
	return hasDDL(src) || bytes.Contains(src, []byte("//go:embed"))
}

// hasDDL is ddl.Match(src), without running the unanchored expression over
// the whole file: go vet settles the settings in a process per package,
// and every one of them reads each Go file of the module (a third of a
// CPU second per package on a module of 300 files, most of go vet mode's
// cost over plain go vet). A match starts where "create" or "alter" does,
// in any case of ASCII letters (no other character folds to one of
// theirs), after a byte that is not a word character (\b is ASCII); what
// ddlAt can match from there is letters and white space, so it is given
// the text up to the first other ASCII byte, which it reads for the \b at
// the end.
func hasDDL(src []byte) bool {
	for i := 0; i < len(src); i++ {
		c := src[i] | 0x20
		if c != 'c' && c != 'a' {
			continue
		}
		if i > 0 && isWordByte(src[i-1]) {
			continue
		}
		if !hasPrefixFold(src[i:], "create") && !hasPrefixFold(src[i:], "alter") {
			continue
		}
		end := i
		for end < len(src) && (src[end] >= 0x80 || src[end] == ' ' || src[end] == '\t' || src[end] == '\n' || src[end] == '\f' || src[end] == '\r' || src[end] == '\v' || isLetterByte(src[end])) {
			end++
		}
		if end < len(src) {
			end++ // the byte after: \b reads it
		}
		if ddlAt.Match(src[i:end]) {
			return true
		}
	}
	return false
}

// hasPrefixFold reports whether b starts with the lower-case ASCII word w
// in any case.
func hasPrefixFold(b []byte, w string) bool {
	if len(b) < len(w) {
		return false
	}
	for j := 0; j < len(w); j++ {
		if b[j]|0x20 != w[j] {
			return false
		}
	}
	return true
}

func isLetterByte(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isWordByte(c byte) bool {
	return isLetterByte(c) || c >= '0' && c <= '9' || c == '_'
}

// GoSchema returns the DDL texts of one package's candidate Go files
// (each File its path, source and no Line) in file and offset order, each
// with the line of the file it starts on, and the //go:embed patterns of
// those files joined to the files' directory (with the "all:" prefix
// kept in front).
func GoSchema(files []File) (texts []File, embeds []string) {
	fset := gotoken.NewFileSet()
	type parsed struct {
		path string
		f    *ast.File
	}
	var ps []parsed
	consts := map[string]ast.Expr{}
	for _, f := range files {
		af, err := parser.ParseFile(fset, f.Path, f.Data, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil || importsTesting(af) {
			continue
		}
		ps = append(ps, parsed{f.Path, af})
		for _, d := range af.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == gotoken.CONST {
				for _, sp := range gd.Specs {
					vs := sp.(*ast.ValueSpec)
					for i, n := range vs.Names {
						if i < len(vs.Values) {
							consts[n.Name] = vs.Values[i]
						}
					}
				}
			}
		}
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].path < ps[j].path })
	seen := map[string]bool{}
	for _, p := range ps {
		for _, cg := range p.f.Comments {
			for _, c := range cg.List {
				if rest, ok := strings.CutPrefix(c.Text, "//go:embed "); ok {
					for _, pat := range embedPatterns(rest) {
						all := strings.HasPrefix(pat, "all:")
						pat = strings.TrimPrefix(pat, "all:")
						full := filepath.Join(filepath.Dir(p.path), filepath.FromSlash(pat))
						if all {
							full = "all:" + full
						}
						embeds = append(embeds, full)
					}
				}
			}
		}
		w := walker{fset: fset, consts: consts}
		w.walk(p.f)
		for _, t := range w.found {
			if seen[t.text] {
				continue
			}
			seen[t.text] = true
			texts = append(texts, File{Path: p.path, Data: []byte(t.text), Line: t.line})
		}
	}
	return texts, embeds
}

func importsTesting(f *ast.File) bool {
	for _, im := range f.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p == "testing" {
			return true
		}
	}
	return false
}

// embedPatterns splits a //go:embed directive's arguments (space
// separated, Go-quoted when they hold spaces).
func embedPatterns(s string) []string {
	var out []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '"' || s[0] == '`' {
			q, err := strconv.QuotedPrefix(s)
			if err != nil {
				return out
			}
			if u, err := strconv.Unquote(q); err == nil {
				out = append(out, u)
			}
			s = s[len(q):]
			continue
		}
		i := strings.IndexFunc(s, unicode.IsSpace)
		if i < 0 {
			i = len(s)
		}
		out = append(out, s[:i])
		s = s[i:]
	}
	return out
}

type found struct {
	text string
	line int
}

type walker struct {
	fset   *gotoken.FileSet
	consts map[string]ast.Expr
	found  []found
}

// walk visits n: nothing under a down name is schema.
func (w *walker) walk(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncDecl:
			return !downName(x.Name.Name)
		case *ast.ValueSpec:
			for _, id := range x.Names {
				if downName(id.Name) {
					return false
				}
			}
		case *ast.KeyValueExpr:
			return !downName(exprName(x.Key))
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if downName(exprName(l)) {
					return false
				}
			}
		case *ast.BasicLit, *ast.BinaryExpr, *ast.ParenExpr:
			e := x.(ast.Expr)
			text, ok := w.fold(e, 0)
			if !ok {
				// A concatenation with a variable part: its text is not
				// known, and its literal parts are pieces of it.
				b, isBin := x.(*ast.BinaryExpr)
				return !isBin || b.Op != gotoken.ADD
			}
			if ddl.MatchString(text) {
				w.found = append(w.found, found{text, w.line(e)})
			}
			return false
		}
		return true
	})
}

// line is the line the string's text starts on: a raw string's first
// character is on its opening line.
func (w *walker) line(e ast.Expr) int {
	for {
		switch x := e.(type) {
		case *ast.BinaryExpr:
			e = x.X
			continue
		case *ast.ParenExpr:
			e = x.X
			continue
		}
		return w.fset.Position(e.Pos()).Line
	}
}

// fold returns the value of a constant string expression: literals,
// "+", parentheses and the package's constants.
func (w *walker) fold(e ast.Expr, depth int) (string, bool) {
	if depth > 50 {
		return "", false
	}
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != gotoken.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil
	case *ast.ParenExpr:
		return w.fold(x.X, depth+1)
	case *ast.BinaryExpr:
		if x.Op != gotoken.ADD {
			return "", false
		}
		a, ok := w.fold(x.X, depth+1)
		if !ok {
			return "", false
		}
		b, ok := w.fold(x.Y, depth+1)
		return a + b, ok
	case *ast.Ident:
		if v, ok := w.consts[x.Name]; ok {
			return w.fold(v, depth+1)
		}
	}
	return "", false
}

func exprName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.BasicLit:
		s, _ := strconv.Unquote(x.Value)
		return s
	}
	return ""
}

// downName reports whether an identifier names a down migration: one of
// its words (camelCase or snake_case) is down, rollback, revert or undo.
func downName(name string) bool {
	for _, w := range words(name) {
		switch w {
		case "down", "rollback", "revert", "undo":
			return true
		}
	}
	return false
}

func words(name string) []string {
	var out []string
	cur := []rune{}
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == ' ' || unicode.IsDigit(r):
			flush()
			continue
		case unicode.IsUpper(r) && len(cur) > 0 && (unicode.IsLower(cur[len(cur)-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])):
			flush()
		}
		cur = append(cur, r)
	}
	flush()
	return out
}
