package main

import (
	"go/ast"
	"go/importer"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// A modelled package's file loses its function bodies, keeps a body that
// type-checks where go/types requires one (init, generic functions,
// methods of generic types), and imports only its bodies used become
// blank: the file still type-checks.
func TestTrimParse(t *testing.T) {
	t.Parallel()
	const src = `package lib

import (
	"io"
	"strings"
	str "strconv"
	"sort"
)

type Box[T any] struct{ v T }

func (b *Box[T]) Get() T { return b.v }

func Map[T any](xs []T) []T { sort.Slice(xs, nil); return xs }

func init() { _ = strings.ToUpper("x") }

func Read(r io.Reader) (int, error) { return str.Atoi(strings.TrimSpace("1")) }
`
	tr := &trimmer{names: map[string]string{"io": "io", "strings": "strings", "strconv": "strconv", "sort": "sort"},
		files: map[string]bool{"lib.go": true}}
	fset := token.NewFileSet()
	f, err := tr.parse(fset, "lib.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	bodies := map[string]bool{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			bodies[fd.Name.Name] = fd.Body != nil
		}
	}
	if want := map[string]bool{"Get": true, "Map": true, "init": true, "Read": false}; !equalMaps(bodies, want) {
		t.Errorf("bodies %v, want %v", bodies, want)
	}
	imports := importList(f)
	if got, want := strings.Join(imports, ", "), `"io", _ "strings", _ "strconv", _ "sort"`; got != want {
		t.Errorf("imports %s, want %s", got, want)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("lib", fset, []*ast.File{f}, nil); err != nil {
		t.Errorf("trimmed file does not type-check: %v", err)
	}
	if tr.parsed.Load() != 1 {
		t.Errorf("parsed %d files without bodies, want 1", tr.parsed.Load())
	}
	// A file with a dot import is parsed whole: which names it supplies
	// is not known.
	dot, err := tr.parse(fset, "lib.go", []byte("package lib\n\nimport . \"strings\"\n\nfunc F() string { return ToUpper(\"x\") }\n"))
	if err != nil {
		t.Fatal(err)
	}
	if dot.Decls[1].(*ast.FuncDecl).Body == nil {
		t.Error("a file with a dot import lost its bodies")
	}
	// Other files are parsed whole.
	g, err := tr.parse(fset, "main.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range g.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body == nil {
			t.Errorf("%s lost its body in a file that is not trimmed", fd.Name.Name)
		}
	}
}

func equalMaps(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if bv, ok := b[k]; !ok || bv != v {
			return false
		}
	}
	return true
}

// A dependency's constant tables (composite literals of at least
// tableLeaves numbers and nothing else) lose their elements and keep their
// types; smaller literals, literals holding anything but numbers, and the
// main module's files are kept whole.
func TestDropTables(t *testing.T) {
	t.Parallel()
	nums := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			if i%3 == 0 {
				b.WriteString("-")
			}
			b.WriteString("0x1f, ")
		}
		return b.String()
	}
	pairs := strings.Repeat("{1, 'a'}, ", tableLeaves/2)
	// Typed elements, as go-textseg's unicode.Range16{Lo: 0xd, …}.
	typed := strings.Repeat("Range{Lo: 1, Hi: 0x2}, ", tableLeaves/2)
	src := `package lib

import "time"

type Range struct{ Lo, Hi uint16 }

type Table struct {
	R  []Range
	Ls int
}

var Arr = [...]uint8{` + nums(tableLeaves) + `}
var Sl = []int{` + nums(tableLeaves) + `}
var Tab = &Table{R: []Range{` + pairs + `}, Ls: 1}
var Typed = []Range{` + typed + `}
var TabTyped = &Table{R: []Range{` + typed + `}, Ls: 1}
var Boxed = []any{` + typed + `}
var Small = []int{` + nums(tableLeaves-1) + `}
var Delays = []time.Duration{time.Second, ` + nums(tableLeaves) + `}
var Keyed = [...]int{3: 1, ` + nums(tableLeaves) + `}
var Names = []string{"a", "b"}
`
	tr := &trimmer{names: map[string]string{"time": "time"}, files: map[string]bool{},
		deps: map[string]string{"dep.go": "example.com/dep"}}
	fset := token.NewFileSet()
	f, err := tr.parse(fset, "dep.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	elts := map[string]int{}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
			vs := g.Specs[0].(*ast.ValueSpec)
			v := vs.Values[0]
			if u, ok := v.(*ast.UnaryExpr); ok {
				// The struct around the table keeps its fields (Ls):
				// whether one is an interface is not known.
				elts[vs.Names[0].Name+".fields"] = len(u.X.(*ast.CompositeLit).Elts)
				v = u.X.(*ast.CompositeLit).Elts[0].(*ast.KeyValueExpr).Value // Tab's R
			}
			elts[vs.Names[0].Name] = len(v.(*ast.CompositeLit).Elts)
		}
	}
	// Boxed's elements are converted to an interface (their type's
	// methods are runtime types): kept.
	want := map[string]int{"Arr": 0, "Sl": 0, "Tab": 0, "Tab.fields": 2, "Typed": 0, "TabTyped": 0, "TabTyped.fields": 2,
		"Boxed": tableLeaves / 2, "Small": tableLeaves - 1, "Delays": tableLeaves + 1, "Keyed": tableLeaves + 1, "Names": 2}
	for name, n := range want {
		if elts[name] != n {
			t.Errorf("%s has %d elements, want %d", name, elts[name], n)
		}
	}
	if got := tr.dropped.Load(); got != 5 {
		t.Errorf("dropped %d tables, want 5", got)
	}
	if _, ok := tr.tables.Load("example.com/dep"); !ok {
		t.Error("the package's dropped tables are not recorded (failed would not redo the load)")
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("lib", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatalf("file without its tables does not type-check: %v", err)
	}
	if got := pkg.Scope().Lookup("Arr").Type().String(); got != "[256]uint8" {
		t.Errorf("Arr is a %s, want [256]uint8", got)
	}
	// The main module's files keep their tables.
	g, err := tr.parse(fset, "main.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(g.Decls[3].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Values[0].(*ast.CompositeLit).Elts); n != tableLeaves {
		t.Errorf("a main-module table has %d elements, want %d", n, tableLeaves)
	}
}

// A function literal left in a trimmed file (a variable's initialiser)
// whose parameter is spelled like an import does not keep that import when
// its only uses were in the bodies removed: the file still type-checks. The
// near miss: a literal that does use the import keeps it.
func TestTrimLocalShadowsImport(t *testing.T) {
	t.Parallel()
	const src = `package lib

import (
	"io/fs"
	"strings"
)

type dir struct{ name string }

var name = func(fs *dir) string { return fs.name }

var upper = func(s string) string { return strings.ToUpper(s) }

func Valid(p string) bool { return fs.ValidPath(p) }
`
	tr := &trimmer{names: map[string]string{"io/fs": "fs", "strings": "strings"},
		files: map[string]bool{"lib.go": true}}
	fset := token.NewFileSet()
	f, err := tr.parse(fset, "lib.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	imports := importList(f)
	if got, want := strings.Join(imports, ", "), `_ "io/fs", "strings"`; got != want {
		t.Errorf("imports %s, want %s", got, want)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("lib", fset, []*ast.File{f}, nil); err != nil {
		t.Errorf("trimmed file does not type-check: %v", err)
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			t.Errorf("%s kept its body", fd.Name.Name)
		}
	}
}

// importList is a file's imports as written, each with its name if it has
// one ("_ \"io/fs\"").
func importList(f *ast.File) []string {
	var imports []string
	for _, s := range f.Imports {
		name := ""
		if s.Name != nil {
			name = s.Name.Name + " "
		}
		imports = append(imports, name+s.Path.Value)
	}
	return imports
}

// The constant tables go in every package outside the main modules — the
// standard library's and other modules' (go-textseg's Unicode tables on
// flexprice) — and stay in a main module's package and in one without
// module information: newTrimmer lists only the former's files as deps.
func TestTrimmerDepsByModule(t *testing.T) {
	t.Parallel()
	main := &packages.Module{Path: "example.com/app", Main: true}
	dep := &packages.Module{Path: "example.com/lib", Version: "v1.0.0"}
	pkgs := []*packages.Package{
		{PkgPath: "example.com/app", GoFiles: []string{"app.go"}, Module: main, Imports: map[string]*packages.Package{
			"example.com/lib":     {PkgPath: "example.com/lib", GoFiles: []string{"lib.go"}, Module: dep},
			"strconv":             {PkgPath: "strconv", GoFiles: []string{"atoi.go"}},
			"example.com/nomod":   {PkgPath: "example.com/nomod", GoFiles: []string{"nomod.go"}},
			"example.com/app/sub": {PkgPath: "example.com/app/sub", GoFiles: []string{"sub.go"}, Module: main},
		}},
	}
	tr := newTrimmer(pkgs)
	if tr == nil {
		t.Fatal("no trimmer")
	}
	want := map[string]string{"lib.go": "example.com/lib", "atoi.go": "strconv"}
	if len(tr.deps) != len(want) {
		t.Errorf("deps %v, want %v", tr.deps, want)
	}
	for f, p := range want {
		if tr.deps[f] != p {
			t.Errorf("deps[%s] = %q, want %q", f, tr.deps[f], p)
		}
	}
}
