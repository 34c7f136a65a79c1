package settings

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/baseline"
	"github.com/jobeffects/jobeffects/analyzer/catalog"
	"github.com/jobeffects/jobeffects/analyzer/config"
	"github.com/jobeffects/jobeffects/analyzer/discovery"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// Flags are the inputs the user names (the command's -config, -baseline
// and -safe, go vet's -jobeffects.config and -jobeffects.baseline,
// golangci-lint's settings); they apply to every package.
type Flags struct {
	Config   string `json:",omitempty"` // the .jobeffects.yaml to use instead of the module's
	Baseline string `json:",omitempty"` // an inventory whose findings are known
	Safe     bool   `json:",omitempty"` // the module is untrusted
	// NoBaseline: read no baseline, neither Baseline nor the config's
	// baseline: (the command applies its -baseline to the results
	// itself, after the analysis: cmd/jobeffects/reportopts.go).
	NoBaseline bool `json:",omitempty"`
}

// Request asks for the settings of a package.
type Request struct {
	// Dir is the package's directory: its module's config is found from
	// it. Requests are kept with Dir replaced by its module root (what the
	// resolution depends on).
	Dir string `json:",omitempty"`
	// Root is the directory positions are relative to (the module's, or
	// in a GOPATH layout the GOPATH's src); a relative -baseline that is
	// not in the working directory is looked for there. Default: the
	// module root of Dir.
	Root string `json:",omitempty"`
	// Module says the package belongs to a module: without a config its
	// migrations are looked for under the module root.
	Module bool `json:",omitempty"`
	Flags
}

// Settings are what a package's analysis reads besides its code.
type Settings struct {
	// Config is the config with its model index (the builtin catalog's
	// when there is no config).
	Config *config.Loaded
	// Rules are discovery's rules: the catalog's, with the config's
	// registrations merged in (discoveryRules).
	Rules *discovery.Rules
	// Baseline is nil without one.
	Baseline *baseline.Set
	// Triggers are the migrations' triggers; nil when migrations are not
	// looked for (no config and no module).
	Triggers *triggers.Set
	// Root is Request.Root.
	Root string
	// Inputs are the files read, sorted by path; Digest hashes them.
	Inputs []Input
	Digest string
}

// Limits on what is read: a config is read whole and every entry
// validated, so a huge one (generated, or hostile) would run for minutes.
const (
	MaxConfigSize = 1 << 20
	maxFileSize   = 256 << 20 // a baseline or a migration
)

// scope is how much of the settings a resolution covers.
type scope int

const (
	scopeConfig   scope = iota // the config only (a modelled package, the whole-program phase)
	scopeAll                   // config, baseline and migrations
	scopeBaseline              // config and baseline (ReportBaseline)
)

// resolver reads the files of one resolution and records them.
type resolver struct {
	req    Request
	sess   *Session // builds what is read; nil: only hash it
	parse  bool     // sess != nil
	inputs []Input
}

// resolve works out a request's files and reads them: the one place that
// decides which files an analysis reads. With a session it builds what
// it reads (once per session); without, it only hashes it.
func resolve(sess *Session, req Request, sc scope) (*Settings, error) {
	r := &resolver{req: req, sess: sess, parse: sess != nil}
	s, err := r.run(sc)
	if s == nil {
		s = &Settings{}
	}
	s.Root = req.Root
	s.Inputs = sortInputs(r.inputs)
	s.Digest = Digest(s.Inputs)
	return s, err
}

func (r *resolver) run(sc scope) (*Settings, error) {
	// The catalog's models and discovery rules below read its files
	// parsed once.
	defer catalog.Hold()()
	req := r.req
	s := &Settings{}
	cfgPath, found := req.Config, false
	if cfgPath == "" && req.Dir != "" {
		cfgPath = findConfig(req.Dir)
		found = cfgPath != ""
	}
	var cfg *config.Config
	switch {
	case cfgPath == "":
		if r.parse {
			loaded, err := config.Builtin()
			if err != nil {
				return nil, err
			}
			rules, err := discovery.Builtin()
			if err != nil {
				return nil, err
			}
			s.Config, s.Rules = loaded, rules
		}
	default:
		if req.Safe && found {
			if err := confine(cfgPath, req.Dir, "the config"); err != nil {
				return nil, err
			}
		}
		data, err := r.read(cfgPath, MaxConfigSize)
		if err != nil {
			return nil, err
		}
		switch {
		case r.parse && sc == scopeBaseline && r.sess.vouchedFor(cfgPath, data):
			// Known to build: the baseline needs its text only
			// (ReportBaseline).
			if cfg, err = config.Parse(cfgPath, data); err != nil {
				return nil, r.redact(err, cfgPath, "not a valid config")
			}
		case r.parse:
			loaded, rules, err := r.sess.buildConfig(cfgPath, data)
			if err != nil {
				return nil, r.redact(err, cfgPath, "not a valid config")
			}
			s.Config, s.Rules, cfg = loaded, rules, loaded.Config
		default:
			if cfg, err = config.Parse(cfgPath, data); err != nil {
				return nil, err
			}
		}
	}
	if sc == scopeConfig {
		return s, nil
	}
	if req.Safe && cfg != nil {
		if err := confined(cfg, req.Root); err != nil {
			return nil, err
		}
	}
	if err := r.baseline(s, cfg); err != nil {
		if sc == scopeBaseline {
			return nil, baselineError{err}
		}
		return nil, err
	}
	if sc == scopeBaseline {
		return s, nil
	}
	if err := r.migrations(s, cfgPath, cfg); err != nil {
		return nil, err
	}
	return s, nil
}

// baseline reads the baseline given by -baseline, else by the config's
// baseline: (relative to the config's directory). A relative -baseline
// is taken from the working directory, else from the root.
func (r *resolver) baseline(s *Settings, cfg *config.Config) error {
	path, named := r.req.Baseline, false
	switch {
	case r.req.NoBaseline:
		return nil
	case path != "":
		if !filepath.IsAbs(path) && r.req.Root != "" {
			if _, err := os.Stat(path); err != nil {
				path = filepath.Join(r.req.Root, path)
			}
		}
	case cfg != nil && cfg.Baseline != "":
		path, named = cfg.Baseline, true
		if !filepath.IsAbs(path) {
			path = filepath.Join(filepath.Dir(cfg.Path), path)
		}
	default:
		return nil
	}
	if r.req.Safe && named {
		// The module's config names it: it must be the module's file.
		if err := confine(path, r.req.Root, "the baseline"); err != nil {
			return fmt.Errorf("%s: %v", cfg.Path, err)
		}
	}
	data, err := r.read(path, maxFileSize)
	if err != nil {
		return fmt.Errorf("reading the baseline: %w", err)
	}
	if !r.parse {
		return nil
	}
	if s.Baseline, err = r.sess.parseBaseline(path, data); err != nil {
		return r.redact(err, path, "not a valid baseline (an inventory)")
	}
	return nil
}

// migrations reads the migration files: the config's migrations: globs
// under the config's directory, or the default globs under the module
// root. A file that cannot be read is a warning (its triggers are not
// known); under -safe one that resolves outside the module is an error.
func (r *resolver) migrations(s *Settings, cfgPath string, cfg *config.Config) error {
	root := ""
	switch {
	case cfgPath != "":
		root = filepath.Dir(cfgPath)
	case r.req.Module:
		root = r.req.Dir
	}
	if root == "" {
		return nil
	}
	var globs []string
	if cfg != nil {
		globs = cfg.Migrations
	}
	var files []triggers.File
	var problems []string
	for _, f := range triggers.Files(root, globs) {
		if r.req.Safe {
			if err := confine(f, root, "the migration"); err != nil {
				return err
			}
		}
		data, err := r.read(f, maxFileSize)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			problems = append(problems, fmt.Sprintf("%s: %v", f, err))
			continue
		}
		files = append(files, triggers.File{Path: f, Data: data})
	}
	texts, embedded, err := r.goSchema(root)
	if err != nil {
		return err
	}
	if len(embedded) > 0 {
		have := map[string]bool{}
		for _, f := range files {
			have[f.Path] = true
		}
		for _, f := range embedded {
			if !have[f.Path] {
				files = append(files, f)
			}
		}
		sort.SliceStable(files, func(i, j int) bool { return triggers.MigrationLess(files[i].Path, files[j].Path) })
	}
	files = append(files, texts...)
	if !r.parse {
		return nil
	}
	set := r.sess.parseTriggers(files)
	if len(problems) > 0 || r.req.Safe {
		c := *set
		c.Errors = append(problems, set.Errors...)
		if r.req.Safe {
			c.Errors = redactAll(c.Errors, files)
		}
		set = &c
	}
	s.Triggers = set
	return nil
}

// inModuleCache reports whether root is a module in the module cache
// ($GOMODCACHE/path@version): a dependency, not the module analysed.
func inModuleCache(root string) bool {
	slash := filepath.ToSlash(root)
	return strings.Contains(slash, "/pkg/mod/") && strings.Contains(path.Base(slash), "@")
}

// maxGoSize bounds the Go files read for schema: a larger one is
// generated data, not a program's migrations.
const maxGoSize = 8 << 20

// goSchema reads the schema kept in the module's Go files (triggers.GoSchema):
// the DDL texts of their string constants and the .sql files they embed.
// Every Go file is read; those that may hold schema (triggers.GoCandidate)
// are recorded as inputs, so that adding or editing schema in Go changes
// the digest while editing other code does not. Under -safe a Go file or
// an embedded file that resolves outside the module is skipped.
func (r *resolver) goSchema(root string) (texts, embedded []triggers.File, err error) {
	if inModuleCache(root) {
		// A dependency's module (go vet analyses every dependency in a
		// process of its own): its Go files hold no schema of the
		// application's tables, and reading all of them in every
		// process made go vet on a module with large dependencies (AWS,
		// Watermill) half again as slow.
		return nil, nil, nil
	}
	files := triggers.GoFiles(root)
	dir, key := schemaCacheDir(), ""
	if dir != "" {
		key = schemaKey(root, r.req.Safe, files)
	}
	var scan *schemaScan
	if key != "" {
		scan, _ = readSchemaScan(dir, key)
	}
	if scan == nil {
		scan = r.scanGo(root, files)
		if key != "" {
			writeSchemaScan(dir, key, scan)
		}
	}
	r.inputs = append(r.inputs, scan.Inputs...)
	seen := map[string]bool{}
	for _, pat := range scan.Embeds {
		for _, f := range embeddedSQL(pat) {
			if seen[f] {
				continue
			}
			seen[f] = true
			if r.req.Safe && confine(f, root, "the embedded file") != nil {
				continue
			}
			data, err := r.read(f, maxFileSize)
			if err != nil {
				continue
			}
			// Line 1: read like a Go text, its parse errors not
			// reported (an embedded .sql file may hold queries in a
			// dialect or template the parser refuses, not schema).
			embedded = append(embedded, triggers.File{Path: f, Data: data, Line: 1})
		}
	}
	return scan.Texts, embedded, nil
}

// scanGo reads the module's Go files (files, sorted) for schema: the
// candidates it records, the DDL texts and model keys they hold, and the
// //go:embed patterns naming .sql files, in the order goSchema reads them.
// It reads nothing else, so that its result can be kept (schemacache.go).
func (r *resolver) scanGo(root string, files []string) *schemaScan {
	out := &schemaScan{}
	// byDir: the files that may hold schema or ORM models; ddlByDir:
	// those that may hold schema text (GoSchema reads only these).
	byDir, ddlByDir := map[string][]triggers.File{}, map[string][]triggers.File{}
	var dirs []string
	createsBun, createsGorm := false, false
	for _, p := range files {
		if r.req.Safe && confine(p, root, "the Go file") != nil {
			continue
		}
		data, err := readLimited(p, maxGoSize)
		if err != nil {
			continue
		}
		ddl := triggers.GoCandidate(data)
		if !ddl && !triggers.ModelCandidate(data) && !triggers.EntCandidate(data) {
			continue
		}
		b, g := triggers.CreatesTables(data)
		createsBun, createsGorm = createsBun || b, createsGorm || g
		out.Inputs = append(out.Inputs, input(p, data))
		d := filepath.Dir(p)
		if byDir[d] == nil {
			dirs = append(dirs, d)
		}
		byDir[d] = append(byDir[d], triggers.File{Path: p, Data: data})
		if ddl {
			ddlByDir[d] = append(ddlByDir[d], triggers.File{Path: p, Data: data})
		}
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		ts, embeds := triggers.GoSchema(ddlByDir[d])
		out.Texts = append(out.Texts, ts...)
		// Keys in model tags, when the module creates its tables from
		// its models (triggers.ModelSchema).
		out.Texts = append(out.Texts, triggers.ModelSchema(byDir[d], createsBun, createsGorm)...)
		// Keys of ent's schema, as entc generated its migration
		// (triggers.EntSchema: ent/migrate/schema.go).
		out.Texts = append(out.Texts, triggers.EntSchema(byDir[d])...)
		out.Embeds = append(out.Embeds, embeds...)
	}
	return out
}

// embeddedSQL lists the .sql files a //go:embed pattern (joined to its
// file's directory, "all:" in front when so written) embeds: the files it
// matches and those under the directories it matches (without names
// starting with . or _ unless all:).
func embeddedSQL(pat string) []string {
	all := strings.HasPrefix(pat, "all:")
	matches, _ := filepath.Glob(strings.TrimPrefix(pat, "all:"))
	var out []string
	for _, m := range matches {
		filepath.WalkDir(m, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if p != m && !all && (strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if !d.IsDir() && strings.HasSuffix(strings.ToLower(d.Name()), ".sql") {
				out = append(out, p)
			}
			return nil
		})
	}
	sort.Strings(out)
	return out
}

// input is the record of a file read.
func input(path string, data []byte) Input {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return Input{Path: abs, Sum: sum(data)}
}

// read reads a file, at most limit bytes, and records it.
func (r *resolver) read(path string, limit int64) ([]byte, error) {
	data, err := readLimited(path, limit)
	abs, aerr := filepath.Abs(path)
	if aerr != nil {
		abs = path
	}
	in := Input{Path: abs}
	switch {
	case err == nil:
		in.Sum = sum(data)
	case errors.Is(err, os.ErrNotExist):
		in.Sum = "absent"
	default:
		in.Sum = "unreadable"
	}
	r.inputs = append(r.inputs, in)
	return data, err
}

// confined checks, under -safe, what the config says lexically: its
// baseline inside the module, its migrations globs relative and not
// climbing out of the config's directory.
func confined(c *config.Config, root string) error {
	dir := filepath.Dir(c.Path)
	inside := func(p string) bool {
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		rel, err := filepath.Rel(root, filepath.Clean(p))
		return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
	}
	if c.Baseline != "" && !inside(c.Baseline) {
		return fmt.Errorf("%s: baseline %s lies outside the module (-safe)", c.Path, c.Baseline)
	}
	for _, g := range c.Migrations {
		if filepath.IsAbs(g) || strings.Contains(filepath.ToSlash(g), "../") || g == ".." {
			return fmt.Errorf("%s: migrations glob %s reaches outside the module (-safe)", c.Path, g)
		}
	}
	return nil
}
