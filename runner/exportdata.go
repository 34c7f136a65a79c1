package runner

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"go/types"
	"os"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// Body-less dependencies from export data. The standard library and the
// modelled libraries get no SSA bodies in any run (wholeprogram's
// Creator.Create: their effects come from models), and their passes
// export no fact: once their fact-cache entries are known to hold none, a
// rerun needs their types only, to type-check their importers and to
// create their SSA packages without bodies. A first run writes each such
// package's types with gcexportdata into its entry, after its (empty)
// facts, under the same key; a rerun reads them in the package's slot
// (execute) instead of parsing and type-checking its files. This is what
// go vet and gopls do with the go command's export data, which would have
// to be compiled first (go list -export: minutes on a cold build cache);
// the loader's own is written in a fraction of the type-check it saves.
//
// Such a package has no syntax and no TypesInfo: its pass does not run
// (its entry replays its empty facts), its SSA package is created without
// bodies either way, and Release, pruneGenericInfo and afterPass find
// nothing to free. Its types hold the exported declarations and what they
// reach (the indexed format's), which is all its importers and the
// models see; positions keep file and line (not column).

// keptTypes is a body-less package's types in its fact-cache entry.
type keptTypes struct {
	// Imports are the paths of the package's Imports (its files'
	// imports, as the type-checker listed them): its key and the fact
	// store's direct-import rule read them.
	Imports []string
	// Sum is Data's SHA-256: a damaged entry is read from source, never
	// half-imported into the shared packages.
	Sum  [sha256.Size]byte
	Data []byte
}

// maxExportLines is the longest file whose positions the export data
// keeps (x/tools' importer reserves 64 Ki lines a file and puts a later
// line at line 1): a package with a longer file is not written.
const maxExportLines = 64 * 1024

// bodiless reports whether p's types may come from export data: a
// dependency (not a root, not the main module's) that loaded without
// errors and that the whole-program phase creates without bodies (a
// modelled package, the standard library among them), with a fact cache
// that is read.
func (r *Runner) bodiless(p *packages.Package) bool {
	c := r.cache
	if c == nil || r.whole == nil || r.whole.cfg == nil || r.cfg.PerPackage != nil || r.roots[p] {
		return false
	}
	return len(p.Errors) == 0 && p.PkgPath != "unsafe" && !c.localMeta(p) && c.identMeta(p) != "" &&
		r.whole.cfg.Index.ModeledPath(p.PkgPath)
}

// metaKey is p's fact-cache key from its metadata, its imports
// type-checked: the key its types will have (FactCache.key) when its
// files import what go list says. "" when p is not cached.
func (c *FactCache) metaKey(p *packages.Package) string {
	id := c.identMeta(p)
	if id == "" {
		return ""
	}
	imps := make([]*types.Package, 0, len(p.Imports))
	for path, q := range p.Imports {
		if path == "C" {
			continue
		}
		if q.Types == nil {
			return ""
		}
		imps = append(imps, q.Types)
	}
	return c.computeWith(p.PkgPath, id, imps)
}

// exportTypes returns, for a body-less package just type-checked from
// source whose entry is about to be saved under key, what writes its
// types into the entry; nil when they are not to be written.
func (r *Runner) exportTypes(pkg *types.Package, key string) func() *keptTypes {
	p := r.loader.Package(pkg)
	if p == nil || p.Types != pkg || !r.bodiless(p) || p.IllTyped || len(p.Errors) > 0 || r.cache.metaKey(p) != key {
		return nil
	}
	fset := r.loader.fset
	return func() *keptTypes {
		for _, f := range p.Syntax {
			if tf := fset.File(f.FileStart); tf == nil || tf.LineCount() >= maxExportLines {
				return nil
			}
		}
		var buf bytes.Buffer
		if err := gcexportdata.Write(&buf, fset, pkg); err != nil {
			return nil
		}
		kt := &keptTypes{Sum: sha256.Sum256(buf.Bytes()), Data: buf.Bytes()}
		for _, imp := range pkg.Imports() {
			kt.Imports = append(kt.Imports, imp.Path())
		}
		return kt
	}
}

// loadTypes returns the types kept in the entry under key if the entry
// holds no fact (and no result: a dependency's), else nil.
func (c *FactCache) loadTypes(key string) *keptTypes {
	data, err := os.ReadFile(c.file(key))
	if err != nil {
		return nil
	}
	dec := gob.NewDecoder(bytes.NewReader(data))
	var entry []cachedFact
	if err := dec.Decode(&entry); err != nil || len(entry) > 0 {
		return nil
	}
	var kt keptTypes
	if err := dec.Decode(&kt); err != nil || sha256.Sum256(kt.Data) != kt.Sum {
		return nil
	}
	return &kt
}

// readExport gives p, a body-less package whose imports are loaded, its
// types from its fact-cache entry, and reports whether it did; if not,
// p is type-checked from source (Loader.Check) as without export data.
func (r *Runner) readExport(p *packages.Package) bool {
	c := r.cache
	key := c.metaKey(p)
	if key == "" {
		return false
	}
	kt := c.loadTypes(key)
	if kt == nil {
		return false
	}
	// The packages the export data may name: p's dependencies, loaded
	// before it and complete, by path (a dependency's closure holds no
	// test variant: one package a path).
	imports := map[string]*types.Package{}
	byPath := map[string]*types.Package{}
	ok := true
	var visit func(q *packages.Package)
	visit = func(q *packages.Package) {
		for _, d := range q.Imports {
			if !ok || d.PkgPath == "C" {
				continue
			}
			if d.Types == nil || !d.Types.Complete() {
				ok = false
				return
			}
			if prev, seen := imports[d.PkgPath]; seen {
				if prev != d.Types {
					ok = false
				}
				continue
			}
			imports[d.PkgPath] = d.Types
			visit(d)
		}
	}
	visit(p)
	for _, d := range p.Imports {
		if d.IllTyped {
			return false // as its first run did: from source
		}
		byPath[d.PkgPath] = d.Types
	}
	if _, self := imports[p.PkgPath]; !ok || self {
		return false
	}
	n := len(imports)
	pkg, err := gcexportdata.Read(bytes.NewReader(kt.Data), r.loader.fset, imports, p.PkgPath)
	// Every package it names must have been one of p's dependencies: a
	// package the reader made up would not be the one importers see.
	if err != nil || pkg == nil || len(imports) != n+1 || imports[p.PkgPath] != pkg || pkg.Name() != p.Name {
		return false
	}
	direct := make([]*types.Package, 0, len(kt.Imports))
	for _, path := range kt.Imports {
		d := byPath[path]
		if path == "unsafe" {
			d = types.Unsafe
		}
		if d == nil {
			return false
		}
		direct = append(direct, d)
	}
	// Its key as its types will give it (FactCache.key): the entry's.
	if c.computeWith(p.PkgPath, c.identMeta(p), direct) != key {
		return false
	}
	pkg.SetImports(direct)
	r.loader.adopt(p, pkg)
	r.fromExport.Store(pkg, true)
	r.exportReads.Add(1)
	return true
}
