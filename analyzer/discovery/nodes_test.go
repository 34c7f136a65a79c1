package discovery

import (
	"reflect"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/catalog"
)

// The embedded catalog's rules are read from its files parsed once
// (parseRulesNode, which does not reject unknown fields): every file gives
// what ParseRules, the strict reading, gives.
func TestNodesDecodeAsParseRules(t *testing.T) {
	files, err := catalog.Files()
	if err != nil {
		t.Fatal(err)
	}
	nodes, err := catalog.Nodes()
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range files {
		strict, err := ParseRules(f.Name, f.Data)
		if err != nil {
			t.Fatal(err)
		}
		got, err := parseRulesNode(nodes[i])
		if err != nil {
			t.Fatal(err)
		}
		if nodes[i].Name != f.Name || !reflect.DeepEqual(got, strict) {
			t.Errorf("%s: decoded from its tree differs from ParseRules", f.Name)
		}
	}
}
