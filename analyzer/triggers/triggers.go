package triggers

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/pganalyze/pg_query_go/v6/parser"
)

// DefaultGlobs are where migrations are looked for, relative to the module root.
var DefaultGlobs = []string{"**/migrations/*.sql", "**/migrations/**/*.sql", "**/*.up.sql"}

// Trigger is one CREATE TRIGGER with the statements its function runs.
type Trigger struct {
	Name     string
	Table    string
	Function string
	Events   []string // insert, update, delete, truncate
	Pos      string   // "file:line" of CREATE TRIGGER
	// Found: the migrations declare the function, so Body is all it runs
	// (empty for a function that runs no SQL, such as one that only sets
	// NEW's columns); false when its body is not known.
	Found bool
	Body  []Statement
}

// Statement is one SQL statement of a trigger function's body.
type Statement struct {
	SQL     string // "" for a dynamic EXECUTE
	Pos     string // "file:line"
	Dynamic bool
}

// Set is what one module's migrations declare: its triggers by table, its
// functions by name and its columns' types.
type Set struct {
	byTable map[string][]*Trigger
	// live are the triggers the migrations read so far leave, in the
	// order they were created (Parse files them by table at the end).
	live    []*Trigger
	funcs   map[string]*Function
	columns map[string]Column   // "table.column"
	tables  map[string]bool     // created by the migrations
	uniques map[string][]Unique // by table
	// Errors are the migrations' statements that did not parse or files
	// that could not be read, as "file:line: message": their triggers are
	// missing from the set.
	Errors []string
}

// On returns the triggers that fire for event on table.
func (s *Set) On(table, event string) []*Trigger {
	if s == nil {
		return nil
	}
	var out []*Trigger
	for _, t := range s.byTable[strings.ToLower(table)] {
		for _, e := range t.Events {
			if e == event {
				out = append(out, t)
				break
			}
		}
	}
	return out
}

// Len is the number of triggers.
func (s *Set) Len() int {
	n := 0
	if s != nil {
		for _, ts := range s.byTable {
			n += len(ts)
		}
	}
	return n
}

// Files lists the migration files under root matching globs (DefaultGlobs
// when nil), sorted; vendor, testdata, hidden directories and nested
// modules are skipped.
func Files(root string, globs []string) []string {
	if len(globs) == 0 {
		globs = DefaultGlobs
	}
	files := walkModule(root, func(rel string) bool {
		for _, g := range globs {
			if match(g, rel) {
				return true
			}
		}
		return false
	})
	sortMigrations(files)
	return files
}

// sortMigrations puts migration files in the order the migration tools
// apply them, which the live model (live.go) follows: by directory, then
// by name with runs of digits compared as numbers. Flyway's V2__a.sql
// runs before V10__b.sql, which a plain sort puts first; zero-padded
// versions and timestamps (goose, golang-migrate, dbmate) sort the same
// either way.
func sortMigrations(files []string) {
	sort.SliceStable(files, func(i, j int) bool { return MigrationLess(files[i], files[j]) })
}

// MigrationLess orders two migration paths as sortMigrations does.
func MigrationLess(a, b string) bool {
	if da, db := filepath.Dir(a), filepath.Dir(b); da != db {
		return da < db
	}
	return naturalLess(filepath.Base(a), filepath.Base(b))
}

// naturalLess compares a and b with each run of digits read as a number
// (equal numbers: the shorter run, then the bytes decide, so the order
// is total).
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			if da != db {
				return da < db
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// GoFiles lists the Go files under root that a build may compile, sorted:
// not _test.go files, nor those the go command ignores (_ or . first);
// the directories Files skips are skipped.
func GoFiles(root string) []string {
	return walkModule(root, func(rel string) bool {
		base := path.Base(rel)
		return strings.HasSuffix(base, ".go") && !strings.HasSuffix(base, "_test.go") &&
			!strings.HasPrefix(base, "_") && !strings.HasPrefix(base, ".")
	})
}

// walkModule lists the files under root whose slash path relative to
// root keep accepts, sorted, skipping vendor, testdata, node_modules,
// hidden directories and nested modules.
func walkModule(root string, keep func(rel string) bool) []string {
	var files []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			name := d.Name()
			if p != root && (name == "vendor" || name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			if p != root {
				if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
					return filepath.SkipDir // another module
				}
			}
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return nil
		}
		if keep(filepath.ToSlash(rel)) {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	return files
}

// File is a migration file's name and content, or a text of schema kept
// in a Go file (GoSchema): its path and the line of it the text starts on.
// Line is 0 for a migration file; for a text from Go (and a file a Go
// file embeds, Line 1) what does not parse is not reported.
type File struct {
	Path string
	Data []byte
	Line int
	// Model is the table whose keys a model's struct tags declare
	// (ModelSchema): read after every other file, and only when none of
	// them creates the table.
	Model string
}

// Parse returns the triggers, functions and columns of the migration
// files (the settings package lists and reads them, and keeps what it
// read for the caches' keys).
func Parse(files []File) *Set {
	s := &Set{byTable: map[string][]*Trigger{}, funcs: map[string]*Function{}, columns: map[string]Column{},
		tables: map[string]bool{}, uniques: map[string][]Unique{}}
	var models []File
	for _, f := range files {
		if f.Model != "" {
			models = append(models, f)
			continue
		}
		text := string(f.Data)
		if !declares(text) {
			continue
		}
		if f.Line > 0 {
			// A text from a Go file: its lines are the file's, past the
			// lines before it (blank lines are SQL whitespace). What does
			// not parse is not reported (a Go string need not be SQL).
			parseFile(f.Path, strings.Repeat("\n", f.Line-1)+text, s)
			continue
		}
		_, errs := parseFile(f.Path, text, s)
		s.Errors = append(s.Errors, errs...)
	}
	for _, f := range models {
		if s.tables[fold(f.Model)] {
			continue // the DDL's keys stand
		}
		parseFile(f.Path, strings.Repeat("\n", f.Line-1)+string(f.Data), s)
	}
	// A trigger runs the function its name has once every migration
	// ran (a later CREATE OR REPLACE FUNCTION replaces the body).
	for _, t := range s.live {
		if f := s.funcs[t.Function]; f != nil {
			t.Body, t.Found = f.Body, true
		}
		s.byTable[t.Table] = append(s.byTable[t.Table], t)
	}
	return s
}

// declares reports whether a migration may declare something the set
// keeps (a cheap test before parsing).
func declares(text string) bool {
	l := strings.ToLower(text)
	return strings.Contains(l, "trigger") || strings.Contains(l, "function") || strings.Contains(l, "table") || strings.Contains(l, "index")
}

// match reports whether a slash path matches a glob where "**" spans
// any number of directories.
func match(glob, p string) bool {
	gs, ps := strings.Split(glob, "/"), strings.Split(p, "/")
	var rec func(i, j int) bool
	rec = func(i, j int) bool {
		if i == len(gs) {
			return j == len(ps)
		}
		if gs[i] == "**" {
			for k := j; k <= len(ps); k++ {
				if rec(i+1, k) {
					return true
				}
			}
			return false
		}
		if j == len(ps) {
			return false
		}
		ok, _ := path.Match(gs[i], ps[j])
		return ok && rec(i+1, j+1)
	}
	return rec(0, 0)
}

// parseFile returns the triggers of one file, adding its functions and
// columns to s, and its errors as "file:line: message". A file that does
// not parse as a whole is parsed statement by statement (Split), so that
// one bad statement costs only itself.
func parseFile(file, text string, s *Set) (trigs []*Trigger, errs []string) {
	tree, err := parse(text)
	if err == nil {
		trigs = collect(file, text, 0, len(text), tree, s)
		return trigs, nil
	}
	for _, sp := range Split(text) {
		tree, err := parse(text[sp.Start:sp.End])
		if err != nil {
			errs = append(errs, errorAt(file, text, sp.Start, err))
			continue
		}
		trigs = append(trigs, collect(file, text, sp.Start, sp.End, tree, s)...)
	}
	return trigs, errs
}

// parse runs the PostgreSQL parser, turning a panic into an error.
func parse(sql string) (tree *pg_query.ParseResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errorString("parser panic")
		}
	}()
	return pg_query.Parse(sql)
}

// errorAt renders a parse error of the statement at start as
// "file:line: message", the line where the parser stopped.
func errorAt(file, text string, start int, err error) string {
	at := start + leadingSpace(text[start:])
	var pe *parser.Error
	if errors.As(err, &pe) && pe.Cursorpos > 0 && start+pe.Cursorpos-1 < len(text) {
		at = start + pe.Cursorpos - 1
	}
	return fmt.Sprintf("%s:%d: %v", file, lineAt(text, at), err)
}

// collect returns the triggers of a parsed piece of text that spans
// [base, limit), and adds its functions and columns to s.
func collect(file, text string, base, limit int, tree *pg_query.ParseResult, s *Set) []*Trigger {
	var trigs []*Trigger
	for _, raw := range tree.Stmts {
		start := base + int(raw.StmtLocation)
		end := start + int(raw.StmtLen)
		if raw.StmtLen == 0 || end > limit {
			end = limit // the last statement: to the end of the piece
		}
		stmtText := text[start:end]
		// The schema is what the up migrations leave: a statement of a
		// down migration is not applied (its comments, a down marker
		// among them, belong to it).
		first := start + leadingComments(stmtText)
		if inDown(file, text, first) {
			continue
		}
		if ct := raw.Stmt.GetCreateTrigStmt(); ct != nil && ct.Relation != nil {
			t := &Trigger{
				Name:     ct.Trigname,
				Table:    strings.ToLower(ct.Relation.Relname),
				Function: lastName(ct.Funcname),
				Pos:      file + ":" + strconv.Itoa(lineAt(text, start+leadingSpace(stmtText))),
			}
			for bit, name := range map[int32]string{1 << 2: "insert", 1 << 3: "delete", 1 << 4: "update", 1 << 5: "truncate"} {
				if ct.Events&bit != 0 {
					t.Events = append(t.Events, name)
				}
			}
			sort.Strings(t.Events)
			s.addTrigger(t)
			trigs = append(trigs, t)
		}
		pos := file + ":" + strconv.Itoa(lineAt(text, start+leadingSpace(stmtText)))
		if cf := raw.Stmt.GetCreateFunctionStmt(); cf != nil {
			if f := function(cf, file, stmtText, lineAt(text, start), tree.Version); f != nil {
				f.Pos = pos
				s.funcs[f.Name] = f
			}
		}
		s.addColumns(raw.Stmt, pos)
		s.undoTriggers(raw.Stmt)
		// A unique key's position is its statement's first line, past
		// the comments before it.
		s.addUniques(raw.Stmt, file+":"+strconv.Itoa(lineAt(text, first)))
	}
	return trigs
}

type errorString string

func (e errorString) Error() string { return string(e) }

func lastName(nodes []*pg_query.Node) string {
	if len(nodes) == 0 {
		return ""
	}
	return strings.ToLower(nodes[len(nodes)-1].GetString_().GetSval())
}

func functionBody(cf *pg_query.CreateFunctionStmt) string {
	for _, o := range cf.Options {
		if d := o.GetDefElem(); d != nil && d.Defname == "as" {
			if l := d.Arg.GetList(); l != nil && len(l.Items) > 0 {
				return l.Items[0].GetString_().GetSval()
			}
		}
	}
	return ""
}

func leadingSpace(s string) int { return len(s) - len(strings.TrimLeft(s, " \t\r\n")) }

func lineAt(text string, off int) int {
	if off < 0 {
		off = 0
	}
	if off > len(text) {
		off = len(text)
	}
	return strings.Count(text[:off], "\n") + 1
}

// bodyStatements parses a CREATE FUNCTION statement's PL/pgSQL body and
// returns its SQL statements with absolute lines: the statements it runs
// (SQL, PERFORM, RETURN QUERY, the query of a FOR loop or a cursor) and,
// as "select <expression>", every other expression it evaluates (the
// right side of an assignment, an IF or loop condition, a RETURN value, a
// RAISE argument), since an expression can call a function that writes.
// What is built at run time (EXECUTE, FOR … IN EXECUTE, RETURN QUERY
// EXECUTE, OPEN … FOR EXECUTE) is a Dynamic statement, and so is a body
// that does not parse. A body that runs no SQL and calls no function
// yields statements that classify as reads, or none.
func bodyStatements(file, createStmt string, bodyLine int) []Statement {
	unknown := []Statement{{Pos: file + ":" + strconv.Itoa(bodyLine), Dynamic: true}}
	js, err := pg_query.ParsePlPgSqlToJSON(createStmt)
	if err != nil {
		return unknown
	}
	var tree any
	if err := json.Unmarshal([]byte(js), &tree); err != nil {
		return unknown
	}
	type stmt struct {
		Statement
		line int
	}
	var out []stmt
	add := func(st Statement, line int) {
		st.Pos = file + ":" + strconv.Itoa(bodyLine+line-1)
		out = append(out, stmt{st, line})
	}
	var walk func(v any, line int)
	walk = func(v any, line int) {
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				walk(e, line)
			}
		case map[string]any:
			if n, ok := x["lineno"].(float64); ok {
				line = int(n)
			}
			for k, e := range x {
				switch k {
				case "PLpgSQL_stmt_dynexecute", "PLpgSQL_stmt_dynfors":
					add(Statement{Dynamic: true}, stmtLine(e, line))
					continue
				case "PLpgSQL_stmt_return_query", "PLpgSQL_stmt_open":
					if m, ok := e.(map[string]any); ok && m["dynquery"] != nil {
						add(Statement{Dynamic: true}, stmtLine(e, line))
						continue
					}
				case "PLpgSQL_expr":
					m, _ := e.(map[string]any)
					q, _ := m["query"].(string)
					if q == "" {
						continue
					}
					mode, _ := m["parseMode"].(float64)
					switch mode {
					case 0: // RAW_PARSE_DEFAULT: a whole statement
						add(Statement{SQL: q}, line)
					case 2: // RAW_PARSE_PLPGSQL_EXPR
						add(Statement{SQL: "select " + q}, line)
					case 3, 4, 5: // RAW_PARSE_PLPGSQL_ASSIGN1-3: "target := expr"
						if rhs, ok := assignedExpr(q); ok {
							add(Statement{SQL: "select " + rhs}, line)
						} else {
							add(Statement{Dynamic: true}, line)
						}
					default:
						add(Statement{Dynamic: true}, line)
					}
					continue
				}
				walk(e, line)
			}
		}
	}
	walk(tree, 1)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].line != out[j].line {
			return out[i].line < out[j].line
		}
		return out[i].SQL < out[j].SQL
	})
	res := make([]Statement, len(out))
	for i, st := range out {
		res[i] = st.Statement
	}
	return res
}

// stmtLine is the line of a PL/pgSQL statement node, or line.
func stmtLine(v any, line int) int {
	if m, ok := v.(map[string]any); ok {
		if n, ok := m["lineno"].(float64); ok {
			return int(n)
		}
	}
	return line
}

// assignedExpr returns the expression of a PL/pgSQL assignment's text
// ("new.updated_at := now()", "v = f(x)", "a[i] := g()"): what follows
// the first ":=" or "=" outside brackets, parentheses and quotes.
func assignedExpr(q string) (string, bool) {
	depth := 0
	inQuote := byte(0)
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case inQuote != 0:
			if c == inQuote {
				inQuote = 0
			}
		case c == '\'' || c == '"':
			inQuote = c
		case c == '[' || c == '(':
			depth++
		case c == ']' || c == ')':
			depth--
		case depth == 0 && c == ':' && i+1 < len(q) && q[i+1] == '=':
			return strings.TrimSpace(q[i+2:]), strings.TrimSpace(q[i+2:]) != ""
		case depth == 0 && c == '=':
			return strings.TrimSpace(q[i+1:]), strings.TrimSpace(q[i+1:]) != ""
		}
	}
	return "", false
}
