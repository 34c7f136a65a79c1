package main

import (
	"go/ast"
	"go/importer"
	"go/token"
	"go/types"
	"strings"
	"testing"
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
	var imports []string
	for _, s := range f.Imports {
		name := ""
		if s.Name != nil {
			name = s.Name.Name + " "
		}
		imports = append(imports, name+s.Path.Value)
	}
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
