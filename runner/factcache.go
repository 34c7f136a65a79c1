package runner

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
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/internal/atomicfile"
	"github.com/jobeffects/jobeffects/internal/cachetrim"
	"github.com/jobeffects/jobeffects/internal/memo"
)

// FactCache keeps, across runs of the command, what each package's pass
// produced: a package's facts (and result) are a function of the tool, its
// options, the package's source and the facts of its imports. A module
// at a version in the module cache is read-only: it is named by its
// version. A package of the main module is named by the content of its
// files and of the module's inputs (config, migrations, baseline), and
// its result is kept too. A run after a change then analyses only the
// changed packages and those importing them, as go's build cache does.
// Facts are stored with their objects' paths (objectpath), as go vet's
// fact files are.
type FactCache struct {
	// Dir is where entries are kept.
	Dir string
	// Salt identifies everything besides the packages that decides facts:
	// the tool's binary, the Go toolchain and environment, the options.
	Salt string
	// Ident names a package's source ("module@version", "std", a hash of
	// a local package's files and its module's inputs), or "" when it
	// cannot be told: then neither it nor what imports it is cached.
	Ident func(*types.Package) string
	// Local reports whether a package's result is kept with its facts
	// (the main module's packages: they are the roots a run reports).
	Local func(*types.Package) bool

	// Hits counts the packages whose facts came from the cache.
	Hits atomic.Int64
	// notKept holds, per package path, why a package analysed this run
	// wrote no entry (NotKept): a package left out is analysed again on
	// every rerun, which -debug=phases should show rather than hide.
	notKept sync.Map

	keys memo.Map[*types.Package, string] // "" = not cacheable
	// identMeta and localMeta are Ident and Local for a package not yet
	// type-checked (its metadata): what finds a body-less dependency's
	// entry before its types exist (exportdata.go).
	identMeta func(*packages.Package) string
	localMeta func(*packages.Package) bool
}

// key returns pkg's cache key, or "".
func (c *FactCache) key(pkg *types.Package) string {
	return c.keys.Get(pkg, func() string { return c.compute(pkg) })
}

func (c *FactCache) compute(pkg *types.Package) string {
	id := c.Ident(pkg)
	if id == "" {
		return ""
	}
	return c.computeWith(pkg.Path(), id, pkg.Imports())
}

// computeWith is the key of the package at path named id whose files
// import imps (its types' Imports, type-checked).
func (c *FactCache) computeWith(path, id string, imports []*types.Package) string {
	h := sha256.New()
	fmt.Fprintf(h, "jobeffects facts v2\n%s\n%s %s\n", c.Salt, path, id)
	imps := append([]*types.Package(nil), imports...)
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
// whether there was one that fits the package, with its result if it was
// kept.
func (c *FactCache) load(key string, pass *analysis.Pass, store *FactStore) (*result.Result, bool) {
	data, err := os.ReadFile(c.file(key))
	if err != nil {
		return nil, false
	}
	dec := gob.NewDecoder(bytes.NewReader(data))
	var entry []cachedFact
	if err := dec.Decode(&entry); err != nil {
		return nil, false
	}
	byName := factTypes(pass.Analyzer)
	facts := make(map[factKey]analysis.Fact, len(entry))
	// The init and blank functions only when a path names one: a
	// package read from export data has no TypesInfo (and no such fact).
	var unnamed []types.Object
	unnamedOf := func() []types.Object {
		if unnamed == nil {
			unnamed = unnamedFuncs(pass)
		}
		return unnamed
	}
	for _, cf := range entry {
		t, ok := byName[cf.Type]
		if !ok {
			return nil, false
		}
		obj := lookupPath(pass.Pkg, unnamedOf, cf.Path)
		if obj == nil {
			return nil, false
		}
		fact := reflect.New(t.Elem()).Interface().(analysis.Fact)
		if err := dec.Decode(fact); err != nil {
			return nil, false
		}
		facts[factKey{obj, t}] = fact
	}
	var res *result.Result
	if c.Local != nil && c.Local(pass.Pkg) {
		var kept keptResult
		if err := dec.Decode(&kept); err != nil || kept.Result == nil {
			return nil, false
		}
		res = kept.Result
	}
	store.add(pass.Pkg, facts)
	c.hit(key)
	return res, true
}

// hit counts the entry under key as used.
func (c *FactCache) hit(key string) {
	c.Hits.Add(1)
	// In use: kept by the command's daily trim (at most one write an hour).
	cachetrim.Used(c.file(key), time.Now())
}

// keptResult wraps a kept result: gob cannot encode a nil pointer at top
// level, and the wrapper leaves room for what else a result may need.
type keptResult struct {
	Result *result.Result
}

// save writes the facts the pass exported under key, and its result for a
// local package; a fact on an object without a path (none is expected)
// leaves the package uncached.
//
// typesOf, if set, is asked for the package's types as export data when
// the entry holds no fact and no result (a body-less dependency's:
// exportdata.go); nil data writes none.
func (c *FactCache) save(key string, pass *analysis.Pass, store *FactStore, res *result.Result, typesOf func() *keptTypes) {
	if why := c.write(key, pass, store, res, typesOf); why != "" {
		c.NoteNotKept(pass.Pkg.Path(), why)
	}
}

// NoteNotKept records why the package at path wrote no entry.
func (c *FactCache) NoteNotKept(path, why string) { c.notKept.Store(path, why) }

// NotKept lists the packages analysed this run that wrote no entry, each
// with its reason, sorted.
func (c *FactCache) NotKept() []string {
	var out []string
	c.notKept.Range(func(k, v any) bool {
		out = append(out, k.(string)+" ("+v.(string)+")")
		return true
	})
	sort.Strings(out)
	return out
}

// write is save; it returns why nothing was written, or "".
func (c *FactCache) write(key string, pass *analysis.Pass, store *FactStore, res *result.Result, typesOf func() *keptTypes) string {
	var enc objectpath.Encoder
	type item struct {
		cachedFact
		fact analysis.Fact
	}
	var items []item
	var unnamed []types.Object
	for _, k := range store.exported(pass.Pkg) {
		if unnamed == nil {
			unnamed = unnamedFuncs(pass)
		}
		p, ok := pathFor(&enc, pass.Pkg, unnamed, k.obj)
		if !ok {
			return fmt.Sprintf("a %s fact on %s, which has no object path", k.t, k.obj)
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
		return "encoding its facts: " + err.Error()
	}
	for _, it := range items {
		if err := genc.Encode(it.fact); err != nil {
			return fmt.Sprintf("encoding a %s fact: %v", it.Type, err)
		}
	}
	if c.Local != nil && c.Local(pass.Pkg) {
		if res == nil {
			return "no result"
		}
		if err := genc.Encode(keptResult{res}); err != nil {
			return "encoding its result: " + err.Error()
		}
	} else if len(items) == 0 && typesOf != nil {
		if kt := typesOf(); kt != nil {
			if err := genc.Encode(kt); err != nil {
				return "encoding its export data: " + err.Error()
			}
		}
	}
	if err := atomicfile.Write(c.file(key), buf.Bytes(), 0o755); err != nil {
		return err.Error()
	}
	return ""
}

// scopeMark starts the path of a package-level object objectpath does not
// name: an unexported function (its name in the package scope), or an
// init or blank-named function ("#" and its index in source order: no
// scope holds those).
const scopeMark = "\x00"

func pathFor(enc *objectpath.Encoder, pkg *types.Package, unnamed []types.Object, obj types.Object) (objectpath.Path, bool) {
	if p, err := enc.For(obj); err == nil {
		return p, true
	}
	if obj.Parent() == pkg.Scope() && pkg.Scope().Lookup(obj.Name()) == obj {
		return objectpath.Path(scopeMark + obj.Name()), true
	}
	if i := slices.Index(unnamed, obj); i >= 0 {
		return objectpath.Path(scopeMark + "#" + strconv.Itoa(i)), true
	}
	return "", false
}

func lookupPath(pkg *types.Package, unnamedOf func() []types.Object, p objectpath.Path) types.Object {
	if name, ok := strings.CutPrefix(string(p), scopeMark); ok {
		if n, ok := strings.CutPrefix(name, "#"); ok {
			i, err := strconv.Atoi(n)
			if err != nil || i < 0 {
				return nil
			}
			unnamed := unnamedOf()
			if i >= len(unnamed) {
				return nil
			}
			return unnamed[i]
		}
		return pkg.Scope().Lookup(name)
	}
	obj, err := objectpath.Object(pkg, p)
	if err != nil {
		return nil
	}
	return obj
}

// unnamedFuncs are the package's init and blank-named functions in source
// order (the same files give the same order).
func unnamedFuncs(pass *analysis.Pass) []types.Object {
	out := []types.Object{}
	for id, obj := range pass.TypesInfo.Defs {
		if f, ok := obj.(*types.Func); ok && (id.Name == "init" || id.Name == "_") && f.Pkg() == pass.Pkg && f.Signature().Recv() == nil {
			out = append(out, f)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Pos() < out[j].Pos() })
	return out
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
