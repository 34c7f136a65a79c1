package analyzer

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// FactCache keeps, across runs of the command, the facts of the packages
// of dependency modules: a module at a version is read-only, so a
// package's facts are a function of the tool, its options, the package's
// module version and the facts of its imports. A run whose dependencies
// did not change then analyses only the main module's packages (go vet
// gets the same from the build cache). Facts are stored with their
// objects' paths (objectpath), as go vet's fact files are.
type FactCache struct {
	// Dir is where entries are kept.
	Dir string
	// Salt identifies everything besides the packages that decides facts:
	// the tool's binary, the Go toolchain and environment, the options.
	Salt string
	// Ident names a package's immutable source ("module@version", "std"),
	// or "" when it may change (the main module, a replaced module):
	// then neither it nor what imports it is cached.
	Ident func(path string) string

	// Hits counts the packages whose facts came from the cache.
	Hits atomic.Int64

	keys sync.Map // *types.Package → string ("" = not cacheable)
}

// key returns pkg's cache key, or "".
func (c *FactCache) key(pkg *types.Package) string {
	if k, ok := c.keys.Load(pkg); ok {
		return k.(string)
	}
	k := c.compute(pkg)
	c.keys.Store(pkg, k)
	return k
}

func (c *FactCache) compute(pkg *types.Package) string {
	id := c.Ident(pkg.Path())
	if id == "" {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "jobeffects facts v1\n%s\n%s %s\n", c.Salt, pkg.Path(), id)
	imps := append([]*types.Package(nil), pkg.Imports()...)
	sort.Slice(imps, func(i, j int) bool { return imps[i].Path() < imps[j].Path() })
	for _, imp := range imps {
		k := c.key(imp)
		if k == "" {
			return ""
		}
		fmt.Fprintf(h, "import %s %s\n", imp.Path(), k)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func (c *FactCache) file(key string) string { return filepath.Join(c.Dir, key[:2], key) }

// cachedFact names one fact of a package's entry; the facts follow the
// list in the same gob stream (one decoder compiles each type once).
type cachedFact struct {
	Path objectpath.Path
	Type string
}

// load puts the facts of the entry under key into the store, and reports
// whether there was one that fits the package.
func (c *FactCache) load(key string, pass *analysis.Pass, store *FactStore) bool {
	data, err := os.ReadFile(c.file(key))
	if err != nil {
		return false
	}
	dec := gob.NewDecoder(bytes.NewReader(data))
	var entry []cachedFact
	if err := dec.Decode(&entry); err != nil {
		return false
	}
	types := factTypes(pass.Analyzer)
	facts := make(map[factKey]analysis.Fact, len(entry))
	for _, cf := range entry {
		t, ok := types[cf.Type]
		if !ok {
			return false
		}
		obj := lookupPath(pass.Pkg, cf.Path)
		if obj == nil {
			return false
		}
		fact := reflect.New(t.Elem()).Interface().(analysis.Fact)
		if err := dec.Decode(fact); err != nil {
			return false
		}
		facts[factKey{obj, t}] = fact
	}
	store.add(pass.Pkg, facts)
	c.Hits.Add(1)
	now := time.Now()
	os.Chtimes(c.file(key), now, now) // in use: not trimmed as old
	return true
}

// save writes the facts the pass exported under key; a fact on an object
// without a path (none is expected) leaves the package uncached.
func (c *FactCache) save(key string, pass *analysis.Pass, store *FactStore) {
	var enc objectpath.Encoder
	type item struct {
		cachedFact
		fact analysis.Fact
	}
	var items []item
	for _, k := range store.exported(pass.Pkg) {
		p, ok := pathFor(&enc, pass.Pkg, k.obj)
		if !ok {
			return
		}
		items = append(items, item{cachedFact{Path: p, Type: k.t.String()}, store.fact(k)})
	}
	sort.Slice(items, func(i, j int) bool {
		if items[i].Path != items[j].Path {
			return items[i].Path < items[j].Path
		}
		return items[i].Type < items[j].Type
	})
	entry := make([]cachedFact, len(items))
	for i, it := range items {
		entry[i] = it.cachedFact
	}
	var buf bytes.Buffer
	genc := gob.NewEncoder(&buf)
	if err := genc.Encode(entry); err != nil {
		return
	}
	for _, it := range items {
		if err := genc.Encode(it.fact); err != nil {
			return
		}
	}
	file := c.file(key)
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), "tmp-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(buf.Bytes())
	if cerr := tmp.Close(); werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return
	}
	if err := os.Rename(tmp.Name(), file); err != nil {
		os.Remove(tmp.Name())
	}
}

// scopeMark starts the path of a package-level object objectpath does not
// name (an unexported function): its name in the package scope.
const scopeMark = "\x00"

func pathFor(enc *objectpath.Encoder, pkg *types.Package, obj types.Object) (objectpath.Path, bool) {
	if p, err := enc.For(obj); err == nil {
		return p, true
	}
	if obj.Parent() == pkg.Scope() && pkg.Scope().Lookup(obj.Name()) == obj {
		return objectpath.Path(scopeMark + obj.Name()), true
	}
	return "", false
}

func lookupPath(pkg *types.Package, p objectpath.Path) types.Object {
	if name, ok := strings.CutPrefix(string(p), scopeMark); ok {
		return pkg.Scope().Lookup(name)
	}
	obj, err := objectpath.Object(pkg, p)
	if err != nil {
		return nil
	}
	return obj
}

// factTypes maps the fact types' names to their types.
func factTypes(a *analysis.Analyzer) map[string]reflect.Type {
	m := map[string]reflect.Type{}
	for _, f := range a.FactTypes {
		t := reflect.TypeOf(f)
		m[t.String()] = t
	}
	return m
}
