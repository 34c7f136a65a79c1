package golangci

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
)

func TestSettings(t *testing.T) {
	off := false
	p, err := New(map[string]any{"strict": true, "rules": "-unresolved", "unresolved": off, "config": nil})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil || len(as) != 1 || as[0].Name != "jobeffects" || p.GetLoadMode() != "typesinfo" {
		t.Fatalf("%v %v", as, err)
	}
	want := analyzer.Options{Strict: true, Rules: "-unresolved", QuietUnresolved: true}
	if got := p.(*plugin).opts; got != want {
		t.Errorf("options %+v, want %+v", got, want)
	}
	for _, bad := range []map[string]any{
		{"strcit": true},       // misspelt
		{"safe": true},         // the command's only
		{"strict": "yes"},      // not a bool
		{"baseline": []int{1}}, // not a string
	} {
		if _, err := New(bad); err == nil {
			t.Errorf("%v is accepted", bad)
		}
	}
}
