package models

import (
	"go/types"
	"testing"
)

// TestMajors: a library listing older majors models their calls the same
// way, and only where the module path is followed by a separator.
func TestMajors(t *testing.T) {
	f, err := Parse("t.yaml", []byte(`
libraries:
  - name: sdk
    packages: [example.com/sdk/v9, example.com/sdk/v9/...]
    majors: [v7]
    random: [example.com/sdk/v9.NewKey]
    functions:
      - {func: "example.com/sdk/v9/refund.New", kind: payment, op: refund, risk: critical, target: "sdk refunds", params: 0}
    inert:
      - "example.com/sdk/v9/*.Get"
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Libraries) != 2 || f.Libraries[1].Name != "sdk@v7" {
		t.Fatalf("libraries: %+v", f.Libraries)
	}
	old := f.Libraries[1]
	if old.Packages[0] != "example.com/sdk/v7" || old.Packages[1] != "example.com/sdk/v7/..." || old.Random[0] != "example.com/sdk/v7.NewKey" {
		t.Errorf("packages/random not rewritten: %v %v", old.Packages, old.Random)
	}
	if old.Functions[0].Func != "example.com/sdk/v7/refund.New" || old.Functions[0].Source != f.Libraries[0].Functions[0].Source {
		t.Errorf("function not rewritten: %+v", old.Functions[0])
	}
	ix, err := NewIndex(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"example.com/sdk/v9/refund", "example.com/sdk/v7/refund"} {
		pkg := types.NewPackage(path, "refund")
		fn := types.NewFunc(0, pkg, "New", types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(0, pkg, "p", types.Typ[types.Int])), nil, false))
		if m := ix.Lookup(fn); m == nil || m.Op != "refund" {
			t.Errorf("%s.New: model %v", path, m)
		}
		get := types.NewFunc(0, pkg, "Get", types.NewSignatureType(nil, nil, nil, nil, nil, false))
		if !ix.Inert(get) {
			t.Errorf("%s.Get: not inert", path)
		}
	}
	// v70 is not v7: the rewrite never matches inside a longer major.
	pkg := types.NewPackage("example.com/sdk/v70/refund", "refund")
	fn := types.NewFunc(0, pkg, "New", types.NewSignatureType(nil, nil, nil, nil, nil, false))
	if m := ix.Lookup(fn); m != nil {
		t.Errorf("v70 matched: %v", m)
	}
	if _, err := Parse("bad.yaml", []byte("libraries:\n  - name: x\n    packages: [example.com/x]\n    majors: [v1]\n")); err == nil {
		t.Error("majors on a module without a major: no error")
	}
}
