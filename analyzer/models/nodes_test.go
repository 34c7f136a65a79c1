package models

import (
	"reflect"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/catalog"
)

// The embedded catalog is read from its files parsed once (parseNode,
// which does not reject unknown fields): every file gives what Parse, the
// strict reading, gives.
func TestNodesDecodeAsParse(t *testing.T) {
	files, err := catalog.Files()
	if err != nil {
		t.Fatal(err)
	}
	release := catalog.Hold()
	defer release()
	nodes, err := catalog.Nodes()
	if err != nil {
		t.Fatal(err)
	}
	if len(nodes) != len(files) {
		t.Fatalf("%d nodes, %d files", len(nodes), len(files))
	}
	for i, f := range files {
		strict, err := Parse(f.Name, f.Data)
		if err != nil {
			t.Fatal(err)
		}
		got, err := parseNode(nodes[i])
		if err != nil {
			t.Fatal(err)
		}
		if nodes[i].Name != f.Name || !reflect.DeepEqual(got, strict) {
			t.Errorf("%s: decoded from its tree differs from Parse", f.Name)
		}
	}
	if again, _ := catalog.Nodes(); len(again) == 0 || again[0].Root != nodes[0].Root {
		t.Errorf("held: Nodes parsed again")
	}
	release()
	if again, _ := catalog.Nodes(); len(again) == 0 || again[0].Root == nodes[0].Root {
		t.Errorf("released: Nodes returned the kept trees")
	}
}
