package runner

import (
	"go/token"
	"go/types"
	"testing"
)

// The store gives a pass what the checker would: its own package's facts,
// methods' (and fields', types') from any dependency, package-level
// functions' and variables' only from a direct import.
func TestFactStoreVisibility(t *testing.T) {
	pkgC := types.NewPackage("c", "c")
	pkgB := types.NewPackage("b", "b")
	pkgA := types.NewPackage("a", "a")
	pkgOther := types.NewPackage("other", "other")
	pkgB.SetImports([]*types.Package{pkgC})
	pkgA.SetImports([]*types.Package{pkgB})

	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	fn := func(p *types.Package, name string) *types.Func { return types.NewFunc(token.NoPos, p, name, sig) }
	tn := types.NewTypeName(token.NoPos, pkgC, "T", nil)
	named := types.NewNamed(tn, types.NewStruct(nil, nil), nil)
	recv := types.NewVar(token.NoPos, pkgC, "t", types.NewPointer(named))
	method := types.NewFunc(token.NoPos, pkgC, "M", types.NewSignatureType(recv, nil, nil, nil, nil, false))

	s := NewFactStore()
	for _, c := range []struct {
		obj  types.Object
		want bool
	}{
		{fn(pkgA, "Own"), true},
		{fn(pkgA, "own"), true},
		{fn(pkgB, "Exported"), true},       // a direct import's exported function
		{fn(pkgB, "unexported"), false},    // not in export data
		{fn(pkgC, "Indirect"), false},      // an indirect import's function
		{method, true},                     // methods travel through every import
		{tn, true},                         // and types
		{fn(pkgOther, "Unrelated"), false}, // not a dependency at all
	} {
		if got := s.visible(pkgA, c.obj); got != c.want {
			t.Errorf("visible(a, %s.%s) = %v, want %v", c.obj.Pkg().Path(), c.obj.Name(), got, c.want)
		}
	}
}
