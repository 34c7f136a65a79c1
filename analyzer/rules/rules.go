package rules

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

//go:embed rules.yaml
var tableYAML []byte

// Rule is one rule of the table.
type Rule struct {
	Name     string `yaml:"name"`
	At       string `yaml:"at"`       // where it is reported ("the handler", "the claim")
	Severity string `yaml:"severity"` // error | warning | note
	Summary  string `yaml:"summary"`  // one line
	Fix      string `yaml:"fix"`      // one sentence
	Doc      string `yaml:"doc"`      // markdown
}

// Anchor is the fragment of the rule's documentation in the README.
func (r *Rule) Anchor() string { return "rule-" + r.Name }

// URL is where the rule is documented.
func (r *Rule) URL() string { return DocBase + "#" + r.Anchor() }

// DocBase is the page the rules are documented on.
const DocBase = "https://github.com/jobeffects/jobeffects"

var (
	once   sync.Once
	table  []Rule
	byName map[string]*Rule
)

func load() {
	dec := yaml.NewDecoder(strings.NewReader(string(tableYAML)))
	dec.KnownFields(true)
	if err := dec.Decode(&table); err != nil {
		panic(fmt.Sprintf("rules.yaml: %v", err)) // embedded data: a test catches it
	}
	byName = make(map[string]*Rule, len(table))
	for i := range table {
		byName[table[i].Name] = &table[i]
	}
}

// All returns the rules in table order.
func All() []Rule {
	once.Do(load)
	return table
}

// Lookup returns the rule of that name, or nil.
func Lookup(name string) *Rule {
	once.Do(load)
	return byName[name]
}

// Known reports whether name is a rule.
func Known(name string) bool { return Lookup(name) != nil }

// URL returns the documentation URL of the rule of that name ("" if none).
func URL(name string) string {
	if r := Lookup(name); r != nil {
		return r.URL()
	}
	return ""
}

// Markdown renders the table as the README shows it.
func Markdown() string {
	var b strings.Builder
	b.WriteString("| rule | reported at | meaning |\n|---|---|---|\n")
	for _, r := range All() {
		fmt.Fprintf(&b, "| <a id=\"%s\"></a>`%s` | %s | %s |\n", r.Anchor(), r.Name, r.At, r.Summary)
	}
	return b.String()
}
