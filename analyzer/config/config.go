package config

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/jobeffects/jobeffects/analyzer/catalog"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/yamlerr"
)

// FileName is the config file looked for at the module root.
const FileName = ".jobeffects.yaml"

// Config is a parsed .jobeffects.yaml.
type Config struct {
	Path string `yaml:"-"`
	// Effects model in-house functions, as catalog entries.
	Effects []models.Model `yaml:"effects"`
	// Guards are the project's claim functions; claim: true is implied.
	Guards []models.Model `yaml:"guards"`
	// Handlers are functions that are handlers, with their task names.
	Handlers []Handler `yaml:"handlers"`
	// Registrations are in-house registration functions: which argument
	// is the task name and which the handler (the catalog's rule format;
	// package settings merges them into discovery's rules).
	Registrations []catalog.Registration `yaml:"registrations"`
	// Migrations are globs (relative to the config's directory) of SQL
	// files whose CREATE TRIGGER statements add implicit effects;
	// default **/migrations/*.sql, **/migrations/**/*.sql, **/*.up.sql.
	Migrations []string `yaml:"migrations"`
	// Baseline is an inventory (relative to the config's directory) whose
	// findings are known and not reported; -baseline overrides it.
	Baseline string `yaml:"baseline"`
	// Rules selects the rules reported (rules.Select): "-unresolved"
	// turns one off, a list of names reports only those.
	Rules []string `yaml:"rules"`
	// Infer: false keeps the calls jobeffects cannot follow unknown
	// instead of reading them by their names (package infer), as
	// -strict does; default true.
	Infer *bool `yaml:"infer"`
}

// NoInfer reports whether the config turns name inference off.
func (c *Config) NoInfer() bool { return c != nil && c.Infer != nil && !*c.Infer }

// words are the config's own words for the types it decodes into.
var words = yamlerr.Words{
	"config.Config":          "the config (effects, guards, handlers, registrations, migrations, baseline, rules, infer)",
	"models.Model":           "an effects or guards entry",
	"config.Handler":         "a handlers entry (func, task, framework)",
	"catalog.Registration":   "a registrations entry",
	"[]models.Model":         "a list of entries",
	"[]config.Handler":       "a list of handlers entries",
	"[]catalog.Registration": "a list of registrations entries",
}

// Handler declares a function as a handler.
type Handler struct {
	Func      string `yaml:"func"`      // full name: "example.com/app/jobs.Process", "(*example.com/app/jobs.W).Run"
	Task      string `yaml:"task"`      // the task name, if any
	Framework string `yaml:"framework"` // default "declared"
	Source    string `yaml:"-"`         // "file:line:col (handlers[i])"
}

// Funcs lists the functions the config names, with where it names them:
// the effects, guards, handlers and registrations entries (for the warning about names
// that match nothing).
func (c *Config) Funcs() []Named {
	var out []Named
	for _, m := range c.Effects {
		out = append(out, Named{m.Func, m.Source})
	}
	for _, m := range c.Guards {
		out = append(out, Named{m.Func, m.Source})
	}
	for _, h := range c.Handlers {
		out = append(out, Named{h.Func, h.Source})
	}
	for _, r := range c.Registrations {
		out = append(out, Named{r.Func, r.Source})
	}
	return out
}

// Named is a function name and the place of the config naming it.
type Named struct{ Func, Source string }

// Parse reads a config; errors are "file:line: ..." with the field named.
func Parse(path string, data []byte) (*Config, error) {
	c := &Config{Path: path}
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(c); err != nil && !errors.Is(err, io.EOF) { // an empty file is an empty config
		return nil, yamlerr.Format(path, data, err, words)
	}
	var root yaml.Node
	_ = yaml.Unmarshal(data, &root)
	for i, r := range c.Rules {
		if _, err := rules.Select([]string{r}); err != nil {
			return nil, fmt.Errorf("%s:%s: rules[%d]: %v", path, entryPos(&root, "rules", i), i, err)
		}
	}
	for i := range c.Guards {
		c.Guards[i].Claim = true
		if c.Guards[i].Kind == "" {
			c.Guards[i].Kind = "guard"
		}
		if c.Guards[i].Risk == "" {
			c.Guards[i].Risk = "safe"
		}
	}
	for i, h := range c.Handlers {
		if h.Func == "" {
			return nil, fmt.Errorf("%s:%s: handlers[%d]: needs func", path, entryPos(&root, "handlers", i), i)
		}
		if h.Framework == "" {
			c.Handlers[i].Framework = "declared"
		}
		c.Handlers[i].Source = fmt.Sprintf("%s:%s (handlers[%d])", path, entryPos(&root, "handlers", i), i)
	}
	for i, r := range c.Registrations {
		if r.Func == "" || r.Handler < 0 {
			return nil, fmt.Errorf("%s:%s: registrations[%d]: needs func and handler (the handler's argument index)", path, entryPos(&root, "registrations", i), i)
		}
		if r.Framework == "" {
			c.Registrations[i].Framework = "declared"
		}
		c.Registrations[i].Source = fmt.Sprintf("%s:%s (registrations[%d])", path, entryPos(&root, "registrations", i), i)
	}
	// Validate every entry through the catalog parser, which names lines.
	file := models.File{Libraries: []models.Library{{Name: "config", Functions: append(append([]models.Model(nil), c.Effects...), c.Guards...)}}}
	for i := range file.Libraries[0].Functions {
		section, j := "effects", i
		if i >= len(c.Effects) {
			section, j = "guards", i-len(c.Effects)
		}
		line := entryPos(&root, section, j)
		m := &c.Effects
		if section == "guards" {
			m = &c.Guards
		}
		(*m)[j].Source = fmt.Sprintf("%s:%s (%s[%d])", path, line, section, j)
		(*m)[j].User = true
		if err := models.Validate(&(*m)[j]); err != nil {
			return nil, fmt.Errorf("%s:%s: %s[%d]: %v", path, line, section, j, err)
		}
	}
	return c, nil
}

// entryPos is the "line:col" of entry i of a section of the config.
func entryPos(root *yaml.Node, section string, i int) string {
	n := root
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	if n.Kind != yaml.MappingNode {
		return "1:1"
	}
	for k := 0; k+1 < len(n.Content); k += 2 {
		if n.Content[k].Value == section && i < len(n.Content[k+1].Content) {
			e := n.Content[k+1].Content[i]
			return fmt.Sprintf("%d:%d", e.Line, e.Column)
		}
	}
	return "1:1"
}

// File returns the config's models as a catalog file.
func (c *Config) File() models.File {
	fns := append(append([]models.Model(nil), c.Effects...), c.Guards...)
	return models.File{Libraries: []models.Library{{Name: "config " + c.Path, Functions: fns}}}
}

// Loaded is a config with the model index built from it. Discovery's
// rules with the config's registrations are package settings' (which
// imports both config and discovery).
type Loaded struct {
	Config *Config
	Index  *models.Index
}

// Builtin is the settings without a config: the embedded catalog's
// models.
func Builtin() (*Loaded, error) {
	ix, err := models.Builtin()
	if err != nil {
		return nil, err
	}
	return &Loaded{Index: ix, Config: &Config{}}, nil
}

// Build parses a config read from path and builds its model index. The
// settings package reads the file (and keeps what it read for the caches'
// keys); this package never opens a file.
func Build(path string, data []byte) (*Loaded, error) {
	c, err := Parse(path, data)
	if err != nil {
		return nil, err
	}
	ix, err := models.WithUser(c.File())
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &Loaded{Config: c, Index: ix}, nil
}
