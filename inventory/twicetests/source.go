package twicetests

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"go/types"
)

// pkgSource is the syntax of a package's non-test files.
type pkgSource struct {
	name  string
	files []*ast.File
}

// readPackage parses the non-test Go files of dir.
func readPackage(dir string) (*pkgSource, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	count := map[string]int{}
	p := &pkgSource{}
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		count[f.Name.Name]++
		p.files = append(p.files, f)
	}
	best := 0
	for name, n := range count {
		if n > best || n == best && name < p.name {
			p.name, best = name, n
		}
	}
	return p, nil
}

// funcDecl returns the declaration of function name, or of method name on
// type recv (recv != ""), or nil.
func (p *pkgSource) funcDecl(recv, name string) *ast.FuncDecl {
	for _, f := range p.files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.Name != name {
				continue
			}
			if recv == "" && fd.Recv == nil {
				return fd
			}
			if recv != "" && fd.Recv != nil && len(fd.Recv.List) == 1 && recvName(fd.Recv.List[0].Type) == recv {
				return fd
			}
		}
	}
	return nil
}

func recvName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return recvName(t.X)
	case *ast.IndexExpr:
		return recvName(t.X)
	case *ast.IndexListExpr:
		return recvName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return ""
}

// fileOf returns the file declaring fd.
func (p *pkgSource) fileOf(fd *ast.FuncDecl) *ast.File {
	for _, f := range p.files {
		for _, d := range f.Decls {
			if d == fd {
				return f
			}
		}
	}
	return nil
}

// typeArg returns the type argument of a generic instance Sel[T] (or
// *Sel[T]) whose selector is sel ("Job", "Worker"), as source text, with
// the imports its qualifiers need (from file f).
func typeArg(e ast.Expr, sel string, f *ast.File) (string, map[string]string, bool) {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	ix, ok := e.(*ast.IndexExpr)
	if !ok {
		return "", nil, false
	}
	if s, ok := ix.X.(*ast.SelectorExpr); !ok || s.Sel.Name != sel {
		return "", nil, false
	}
	imports := map[string]string{}
	ok = true
	ast.Inspect(ix.Index, func(n ast.Node) bool {
		if s, isSel := n.(*ast.SelectorExpr); isSel {
			if id, isID := s.X.(*ast.Ident); isID {
				path := importPath(f, id.Name)
				if path == "" {
					ok = false
				}
				imports[path] = id.Name
			}
			return false
		}
		return true
	})
	return types.ExprString(ix.Index), imports, ok
}

// importPath returns the path file f imports as name.
func importPath(f *ast.File, name string) string {
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		local := path[strings.LastIndexByte(path, '/')+1:]
		if im.Name != nil {
			local = im.Name.Name
		}
		if local == name {
			return path
		}
	}
	return ""
}

// riverArgs returns the args type of a River worker's Work method (its
// *river.Job[T] parameter).
func riverArgs(p *pkgSource, fd *ast.FuncDecl) (string, map[string]string, bool) {
	if fd == nil || len(fd.Type.Params.List) == 0 {
		return "", nil, false
	}
	last := fd.Type.Params.List[len(fd.Type.Params.List)-1]
	return typeArg(last.Type, "Job", p.fileOf(fd))
}

// riverWorkerResult returns T of a function returning river.Worker[T].
func riverWorkerResult(p *pkgSource, fd *ast.FuncDecl) (string, map[string]string, bool) {
	if fd == nil || fd.Type.Results == nil || len(fd.Type.Results.List) != 1 {
		return "", nil, false
	}
	return typeArg(fd.Type.Results.List[0].Type, "Worker", p.fileOf(fd))
}

// results counts a function's results.
func results(fd *ast.FuncDecl) int {
	if fd == nil || fd.Type.Results == nil {
		return 0
	}
	n := 0
	for _, r := range fd.Type.Results.List {
		n += max(1, len(r.Names))
	}
	return n
}

// usesPgx reports whether the module at root requires pgx v5.
func usesPgx(root string) bool {
	b, err := os.ReadFile(filepath.Join(root, "go.mod"))
	return err == nil && strings.Contains(string(b), "github.com/jackc/pgx/v5 ")
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
