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
	if _, err := Parse("bad.yaml", []byte("libraries:\n  - name: x\n    packages: [example.com/x/v2]\n    majors: [example.com/x]\n")); err == nil {
		t.Error("a moved major without /vN: no error")
	}
}

// TestMovedMajor: an older major published under the path the module had
// before it moved (go-redis v8 at github.com/go-redis/redis/v8) is modelled
// as the library's own major, and nothing of another path matches.
func TestMovedMajor(t *testing.T) {
	f, err := Parse("t.yaml", []byte(`
libraries:
  - name: kv
    packages: [example.com/kv/v9, example.com/kv/v9/...]
    majors: [example.org/oldkv/v8]
    functions:
      - package: example.com/kv/v9
        methods: [Incr]
        kind: kv_write
        op: increment
        risk: medium
        target_arg: 1
    inert:
      - "*example.com/kv/v9.*).HMGet"
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Libraries) != 2 || f.Libraries[1].Name != "kv@example.org/oldkv/v8" || f.Libraries[1].Packages[1] != "example.org/oldkv/v8/..." {
		t.Fatalf("libraries: %+v", f.Libraries)
	}
	ix, err := NewIndex(f)
	if err != nil {
		t.Fatal(err)
	}
	method := func(path, name string) *types.Func {
		pkg := types.NewPackage(path, "kv")
		named := types.NewNamed(types.NewTypeName(0, pkg, "Client", nil), types.NewStruct(nil, nil), nil)
		recv := types.NewVar(0, pkg, "c", types.NewPointer(named))
		return types.NewFunc(0, pkg, name, types.NewSignatureType(recv, nil, nil, nil, nil, false))
	}
	for _, path := range []string{"example.com/kv/v9", "example.org/oldkv/v8"} {
		if m := ix.Lookup(method(path, "Incr")); m == nil || m.Op != "increment" {
			t.Errorf("%s Incr: model %v", path, m)
		}
		if !ix.Inert(method(path, "HMGet")) {
			t.Errorf("%s HMGet: not inert", path)
		}
	}
	if m := ix.Lookup(method("example.org/oldkv/v7", "Incr")); m != nil {
		t.Errorf("another path matched: %v", m)
	}
}
