package directive

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

func TestParseIgnore(t *testing.T) {
	for _, tc := range []struct {
		text            string
		rules, reason   string
		problem         string
		isIgnoreComment bool
	}{
		{"//jobeffects:ignore unguarded rebuilt nightly", "unguarded", "rebuilt nightly", "", true},
		{"//jobeffects:ignore unguarded,random-key why // more", "unguarded,random-key", "why", "", true},
		{"//jobeffects:ignore", "", "", "", true},
		{"//jobeffects:ignore unguarded,, why", "unguarded,,", "", "an empty rule name in unguarded,,", true},
		{"//jobeffects:ignoreunguarded why", "", "", "", false},
		{"// a comment", "", "", "", false},
	} {
		rules, reason, problem, ok := ParseIgnore(tc.text)
		if ok != tc.isIgnoreComment || strings.Join(rules, ",") != tc.rules || reason != tc.reason || problem != tc.problem {
			t.Errorf("ParseIgnore(%q) = %q, %q, %q, %v", tc.text, rules, reason, problem, ok)
		}
	}
}

func TestCollectMalformed(t *testing.T) {
	src := `package p

//jobeffects:ignoreunguarded the typo
// jobeffects:ignore unguarded a space
// jobeffects: prose about the tool is fine
//jobeffects:ignore unguarded,, empty
//jobeffects:frobnicate
func f() {} //jobeffects:ignore unguarded fine
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	ix := Collect(fset, []*ast.File{f})
	var got []string
	for _, d := range ix.All() {
		got = append(got, d.Where()+" "+d.Problem)
	}
	want := []string{
		"p.go:3 unknown directive jobeffects:ignoreunguarded: put a space after jobeffects:ignore",
		"p.go:4 a directive has no space after //: write //jobeffects:ignore",
		"p.go:6 an empty rule name in unguarded,,",
		"p.go:7 unknown directive jobeffects:frobnicate (the directives are jobeffects:ignore and jobeffects:handler)",
		"p.go:8 ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if at := ix.At("p.go:8:1"); at == nil || at.Reason != "fine" {
		t.Errorf("At(p.go:8) = %+v", at)
	}
	if at := ix.At("p.go:9:1"); at == nil {
		t.Errorf("a directive covers the line below it")
	}
	if at := ix.At("p.go:5:1"); at != nil {
		t.Errorf("a malformed directive silences nothing: %+v", at)
	}
}
