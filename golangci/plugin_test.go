package golangci

import "testing"

func TestSettings(t *testing.T) {
	off := false
	p, err := New(map[string]any{"strict": true, "rules": "-unresolved", "unresolved": off})
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil || len(as) != 1 || as[0].Name != "jobeffects" || p.GetLoadMode() != "typesinfo" {
		t.Fatalf("%v %v", as, err)
	}
	if _, err := New(map[string]any{"strcit": true}); err == nil {
		t.Error("a misspelt setting is accepted")
	}
}
