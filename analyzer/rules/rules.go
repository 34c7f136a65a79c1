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
	// Default is "off" for a rule reported only when a selection turns it
	// on ("all" or its name); "" for the others.
	Default string `yaml:"default"`
}

// Anchor is the fragment of the rule's section on DocPath (and of its row
// in the README's rules table).
func (r *Rule) Anchor() string { return "rule-" + r.Name }

// URL is where the rule is documented: its section of DocPath on GitHub.
func (r *Rule) URL() string { return DocBase + "#" + r.Anchor() }

// DocPath is the repository-relative page the rules are documented on,
// one section per rule (generated from rules.yaml: go test ./analyzer/rules
// -update rewrites it; a test fails when it differs).
const DocPath = "docs/rules.md"

// DocBase is DocPath's address on GitHub, what -explain, SARIF's helpUri
// and every diagnostic's URL point to.
const DocBase = "https://github.com/jobeffects/jobeffects/blob/main/" + DocPath

// parsed is rules.yaml, parsed once: embedded data, the same for every run.
type parsed struct {
	table  []Rule
	byName map[string]*Rule
}

var load = sync.OnceValue(func() *parsed {
	var p parsed
	dec := yaml.NewDecoder(strings.NewReader(string(tableYAML)))
	dec.KnownFields(true)
	if err := dec.Decode(&p.table); err != nil {
		panic(fmt.Sprintf("rules.yaml: %v", err)) // embedded data: a test catches it
	}
	p.byName = make(map[string]*Rule, len(p.table))
	for i := range p.table {
		p.byName[p.table[i].Name] = &p.table[i]
	}
	return &p
})

// All returns the rules in table order.
func All() []Rule { return load().table }

// Lookup returns the rule of that name, or nil.
func Lookup(name string) *Rule { return load().byName[name] }

// Known reports whether name is a rule.
func Known(name string) bool { return Lookup(name) != nil }

// URL returns the documentation URL of the rule of that name ("" if none).
func URL(name string) string {
	if r := Lookup(name); r != nil {
		return r.URL()
	}
	return ""
}

// Markdown renders the table as the README shows it, each rule linked to
// its section of DocPath.
func Markdown() string {
	var b strings.Builder
	b.WriteString("| rule | reported at | meaning |\n|---|---|---|\n")
	for _, r := range All() {
		fmt.Fprintf(&b, "| <a id=\"%s\"></a>[`%s`](%s#%s) | %s | %s |\n", r.Anchor(), r.Name, DocPath, r.Anchor(), r.At, r.Summary)
	}
	return b.String()
}

// Selection is which rules are reported: a list of entries applied in
// order — "all", a rule's name, or "-name" to turn it off — as staticcheck's
// checks are. A list that starts with a plain name reports only the rules
// it names; one that starts with "all" or "-name" starts from every rule.
// nil reports every rule.
type Selection map[string]bool

// Select parses entries (from .jobeffects.yaml's rules: and then the
// -rules flag, each a comma-separated list or one entry).
func Select(lists ...[]string) (Selection, error) {
	var entries []string
	for _, l := range lists {
		for _, e := range l {
			for _, part := range strings.Split(e, ",") {
				if part = strings.TrimSpace(part); part != "" {
					entries = append(entries, part)
				}
			}
		}
	}
	if len(entries) == 0 {
		return nil, nil
	}
	sel := Selection{}
	start := entries[0] == "all" || strings.HasPrefix(entries[0], "-")
	for _, r := range All() {
		sel[r.Name] = start && r.Default != "off"
	}
	for _, e := range entries {
		name, off := strings.CutPrefix(e, "-")
		switch {
		case name == "all":
			for k := range sel {
				sel[k] = !off
			}
		case Known(name):
			sel[name] = !off
		default:
			return nil, fmt.Errorf("unknown rule %q (rules: %s)", name, strings.Join(Names(), ", "))
		}
	}
	return sel, nil
}

// Enabled reports whether the rule is reported (nil: every rule but
// those off by default).
func (s Selection) Enabled(rule string) bool {
	if s == nil {
		r := Lookup(rule)
		return r == nil || r.Default != "off"
	}
	return s[rule]
}

// Disabled lists the rules turned off, sorted.
func (s Selection) Disabled() []string {
	var out []string
	for _, r := range All() {
		if !s.Enabled(r.Name) {
			out = append(out, r.Name)
		}
	}
	return out
}

// Names lists the rules in table order.
func Names() []string {
	var out []string
	for _, r := range All() {
		out = append(out, r.Name)
	}
	return out
}
