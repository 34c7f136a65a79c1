package runner

import (
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/jobeffects/jobeffects/analyzer/summary"
	"github.com/jobeffects/jobeffects/internal/memo"
)

// FactStore keeps the facts of one in-process run (the command) in a
// single map. The checker gives every action a copy of the facts of all
// its dependencies, re-keyed per action: on a 1,000-package program those
// copies grow with packages × facts and were a sixth of the live heap.
// With a store, passes export into it and import from it; what a pass may
// see is what the checker would have given it (visible), so results do not
// change. go vet runs each package in its own process and uses real facts.
type FactStore struct {
	mu    sync.RWMutex
	facts map[factKey]analysis.Fact
	byPkg map[*types.Package][]factKey // what each package exported
	// deps caches each package's transitive imports.
	deps memo.Map[*types.Package, map[*types.Package]bool]
}

type factKey struct {
	obj types.Object
	t   reflect.Type
}

// NewFactStore returns an empty store.
func NewFactStore() *FactStore {
	return &FactStore{facts: map[factKey]analysis.Fact{}, byPkg: map[*types.Package][]factKey{}}
}

// add puts facts of pkg's objects into the store (a cache entry).
func (s *FactStore) add(pkg *types.Package, facts map[factKey]analysis.Fact) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, f := range facts {
		if _, seen := s.facts[k]; !seen {
			s.byPkg[pkg] = append(s.byPkg[pkg], k)
		}
		s.facts[k] = f
	}
}

// exported lists the keys of the facts pkg exported.
func (s *FactStore) exported(pkg *types.Package) []factKey {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return append([]factKey(nil), s.byPkg[pkg]...)
}

// fact returns the fact under k.
func (s *FactStore) fact(k factKey) analysis.Fact {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.facts[k]
}

// install makes the pass export into and import from the store.
func (s *FactStore) install(pass *analysis.Pass) {
	pkg := pass.Pkg
	pass.ExportObjectFact = func(obj types.Object, fact analysis.Fact) {
		if obj.Pkg() != pkg {
			panic("jobeffects: fact on an object of another package: " + obj.String())
		}
		k := factKey{obj, reflect.TypeOf(fact)}
		s.mu.Lock()
		if _, seen := s.facts[k]; !seen {
			s.byPkg[pkg] = append(s.byPkg[pkg], k)
		}
		s.facts[k] = fact
		s.mu.Unlock()
	}
	pass.ImportObjectFact = func(obj types.Object, ptr analysis.Fact) bool {
		if obj == nil || !s.visible(pkg, obj) {
			return false
		}
		s.mu.RLock()
		f, ok := s.facts[factKey{obj, reflect.TypeOf(ptr)}]
		s.mu.RUnlock()
		if ok {
			reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(f).Elem())
		}
		return ok
	}
	pass.AllObjectFacts = func() []analysis.ObjectFact {
		s.mu.RLock()
		defer s.mu.RUnlock()
		var out []analysis.ObjectFact
		for k, f := range s.facts {
			if s.visible(pkg, k.obj) {
				out = append(out, analysis.ObjectFact{Object: k.obj, Fact: f})
			}
		}
		return out
	}
}

// visible reports whether the checker would give a pass over pkg the facts
// of obj: its own package's; a method's, a field's, a type's or a
// constant's from any dependency; a package-level function's (exported)
// or variable's only from a direct import (checker.exportedFrom, applied
// at each import edge).
func (s *FactStore) visible(pkg *types.Package, obj types.Object) bool {
	op := obj.Pkg()
	if op == nil {
		return false
	}
	if op == pkg {
		return true
	}
	if !s.transitive(pkg)[op] {
		return false
	}
	direct := func() bool {
		for _, i := range pkg.Imports() {
			if i == op {
				return true
			}
		}
		return false
	}
	switch o := obj.(type) {
	case *types.Func:
		return o.Signature().Recv() != nil || o.Exported() && direct()
	case *types.Var:
		return o.IsField() || direct()
	case *types.TypeName, *types.Const:
		return true
	}
	return false
}

// transitive returns the packages pkg imports, directly or not.
func (s *FactStore) transitive(pkg *types.Package) map[*types.Package]bool {
	return s.deps.Get(pkg, func() map[*types.Package]bool {
		m := map[*types.Package]bool{}
		var visit func(p *types.Package)
		visit = func(p *types.Package) {
			for _, i := range p.Imports() {
				if !m[i] {
					m[i] = true
					visit(i)
				}
			}
		}
		visit(pkg)
		return m
	})
}

// Summaries calls f with every function summary in the store.
func (s *FactStore) Summaries(f func(fn *types.Func, sum *summary.Summary)) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for k, fact := range s.facts {
		fn, isFn := k.obj.(*types.Func)
		sum, isSum := fact.(*summary.Summary)
		if isFn && isSum {
			f(fn, sum)
		}
	}
}
