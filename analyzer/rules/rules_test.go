package rules

import (
	"flag"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the README's rules table and docs/rules.md's sections")

// constNames parses names.go and returns the value of every constant it
// declares: the rules the code can emit.
func constNames(t *testing.T) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "names.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			out = append(out, constant.StringVal(constant.MakeFromLiteral(lit.Value, lit.Kind, 0)))
		}
		return true
	})
	return out
}

func TestTableHasEveryRule(t *testing.T) {
	names := constNames(t)
	if len(names) == 0 {
		t.Fatal("no rule constants in names.go")
	}
	inCode := map[string]bool{}
	for _, n := range names {
		inCode[n] = true
		if Lookup(n) == nil {
			t.Errorf("rule %q (names.go) is not in rules.yaml", n)
		}
	}
	for _, r := range All() {
		if !inCode[r.Name] {
			t.Errorf("rules.yaml lists %q, which names.go does not declare", r.Name)
		}
		switch r.Severity {
		case "error", "warning", "note":
		default:
			t.Errorf("%s: severity %q, want error, warning or note", r.Name, r.Severity)
		}
		if r.At == "" || r.Summary == "" || r.Fix == "" || r.Doc == "" {
			t.Errorf("%s: at, summary, fix and doc are all required", r.Name)
		}
		if strings.Contains(r.Summary, "\n") {
			t.Errorf("%s: the summary is one line", r.Name)
		}
	}
}

const (
	beginMark = "<!-- rules table: generated from analyzer/rules/rules.yaml; go test ./analyzer/rules -update rewrites it -->\n"
	endMark   = "<!-- end of rules table -->\n"
)

// The README's rules table is the table's rendering.
func TestREADMETable(t *testing.T) {
	path := filepath.Join("..", "..", "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i, j := strings.Index(text, beginMark), strings.Index(text, endMark)
	if i < 0 || j < i {
		t.Fatalf("README.md has no rules table between %q and %q", beginMark, endMark)
	}
	got := text[i+len(beginMark) : j]
	want := Markdown()
	if got == want {
		return
	}
	if *update {
		text = text[:i+len(beginMark)] + want + text[j:]
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's rules table differs from rules.yaml (go test ./analyzer/rules -update rewrites it)\n--- README\n%s\n--- rules.yaml\n%s", got, want)
}

const (
	pageBegin = "<!-- rules: generated from analyzer/rules/rules.yaml; go test ./analyzer/rules -update rewrites them -->\n"
	pageEnd   = "<!-- end of rules -->\n"
)

// docPage renders one section per rule, in table order, as DocPath shows
// them: the anchor URL points to, the summary, where it is reported, the
// severity, the documentation and the fix.
func docPage() string {
	var b strings.Builder
	for _, r := range All() {
		fmt.Fprintf(&b, "\n<a id=\"%s\"></a>\n\n## `%s`\n\n", r.Anchor(), r.Name)
		fmt.Fprintf(&b, "In one line: %s.\n\n", strings.TrimSuffix(r.Summary, "."))
		fmt.Fprintf(&b, "Reported at %s · severity %s (the SARIF level) · `jobeffects -explain %s` prints this section.\n\n", r.At, r.Severity, r.Name)
		fmt.Fprintf(&b, "%s\n\n", strings.TrimSpace(r.Doc))
		fmt.Fprintf(&b, "**Fix:** %s.\n", strings.TrimSuffix(r.Fix, "."))
	}
	b.WriteString("\n")
	return b.String()
}

// docs/rules.md has a section for every rule, generated from rules.yaml, so
// that each diagnostic's URL (and -explain's) leads to the rule's section.
func TestDocPage(t *testing.T) {
	path := filepath.Join("..", "..", filepath.FromSlash(DocPath))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i, j := strings.Index(text, pageBegin), strings.Index(text, pageEnd)
	if i < 0 || j < i {
		t.Fatalf("%s has no rule sections between %q and %q", DocPath, pageBegin, pageEnd)
	}
	got := text[i+len(pageBegin) : j]
	want := docPage()
	if got != want {
		if *update {
			text = text[:i+len(pageBegin)] + want + text[j:]
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("%s's rule sections differ from rules.yaml (go test ./analyzer/rules -update rewrites them)", DocPath)
	}
	for _, r := range All() {
		if !strings.Contains(got, `<a id="`+r.Anchor()+`"></a>`) {
			t.Errorf("%s: no section for %s (anchor %s)", DocPath, r.Name, r.Anchor())
		}
		if !strings.HasSuffix(r.URL(), DocPath+"#"+r.Anchor()) {
			t.Errorf("%s: URL %s does not point to its section of %s", r.Name, r.URL(), DocPath)
		}
	}
}

func TestSelect(t *testing.T) {
	all, _ := Select(nil)
	if !all.Enabled(Unguarded) {
		t.Error("no selection: every rule")
	}
	off, err := Select([]string{"-unresolved"}, []string{"-check-then-act,unresolved"})
	if err != nil || !off.Enabled(Unguarded) || !off.Enabled(Unresolved) || off.Enabled(CheckThenAct) {
		t.Errorf("%v %v", off, err)
	}
	only, _ := Select([]string{"unguarded"})
	if !only.Enabled(Unguarded) || only.Enabled(RandomKey) {
		t.Errorf("only: %v", only)
	}
	if _, err := Select([]string{"nope"}); err == nil {
		t.Error("unknown rule accepted")
	}
}
