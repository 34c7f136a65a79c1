package analyzer

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/jobeffects/jobeffects/analyzer/baseline"
	"github.com/jobeffects/jobeffects/analyzer/config"
	"github.com/jobeffects/jobeffects/analyzer/discovery"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// settings are what a package's analysis reads besides its code: the
// config with the catalog and rules it extends, the baseline, the
// migrations' triggers, and the module root positions are relative to.
type settings struct {
	config   *config.Config
	index    *models.Index
	rules    *discovery.Rules
	baseline *baseline.Set
	triggers *triggers.Set
	root     string // positions and messages are relative to it
}

func loadSettings(pass *analysis.Pass, opts *Options) (*settings, error) {
	dir := packageDir(pass)
	cfgPath := opts.Config
	if cfgPath == "" && dir != "" {
		cfgPath = config.Find(dir)
	}
	loaded, err := config.Load(cfgPath)
	if err != nil {
		return nil, err
	}
	s := &settings{config: loaded.Config, index: loaded.Index, rules: loaded.Rules, root: reportRoot(pass, dir)}
	if s.index.Modeled(pass.Pkg) {
		return s, nil // not analysed: nothing else is needed
	}
	if opts.Untrusted && loaded.Config != nil {
		if err := confined(loaded.Config, s.root); err != nil {
			return nil, err
		}
	}
	if s.baseline, err = LoadBaseline(opts.Baseline, loaded.Config, s.root); err != nil {
		return nil, err
	}
	// Migrations are looked for from the config's directory, else the
	// module root; outside a module (GOPATH) only with a config.
	migrations := ""
	if cfgPath != "" {
		migrations = filepath.Dir(cfgPath)
	} else if dir != "" && pass.Module != nil && pass.Module.Path != "" {
		migrations = moduleRoot(dir)
	}
	var globs []string
	if loaded.Config != nil {
		globs = loaded.Config.Migrations
	}
	s.triggers = triggers.Load(migrations, globs)
	return s, nil
}

// warnings are the problems with the inputs that make the package's
// results incomplete: migrations that do not parse.
func (s *settings) warnings() []string {
	if s.triggers == nil {
		return nil
	}
	var out []string
	for _, e := range s.triggers.Errors {
		// Module-relative, as positions are everywhere else.
		if s.root != "" {
			e = strings.TrimPrefix(e, s.root+string(filepath.Separator))
		}
		out = append(out, e+" (this statement's triggers are not known)")
	}
	return out
}

// confined checks that the files a config names (its baseline, its
// migrations) lie inside the module: a module under analysis must not
// make jobeffects read the machine's other files.
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

// LoadBaseline reads the baseline given by path (-baseline), else by the
// config's baseline: key (relative to the config's directory). A relative
// path is taken from the working directory, else from root.
func LoadBaseline(path string, cfg *config.Config, root string) (*baseline.Set, error) {
	switch {
	case path != "":
		if !filepath.IsAbs(path) && root != "" {
			if _, err := os.Stat(path); err != nil {
				path = filepath.Join(root, path)
			}
		}
	case cfg != nil && cfg.Baseline != "":
		path = cfg.Baseline
		if !filepath.IsAbs(path) {
			path = filepath.Join(filepath.Dir(cfg.Path), path)
		}
	}
	return baseline.Load(path)
}

// reportRoot is the directory positions are made relative to: the
// module's, or in a GOPATH layout the GOPATH's src.
// packageDir is the directory of the package's first file ("" if none).
func packageDir(pass *analysis.Pass) string {
	if len(pass.Files) > 0 {
		if tf := pass.Fset.File(pass.Files[0].Pos()); tf != nil {
			return filepath.Dir(tf.Name())
		}
	}
	return ""
}

func reportRoot(pass *analysis.Pass, dir string) string {
	switch {
	case pass.Module != nil && pass.Module.Dir != "":
		return pass.Module.Dir
	case dir != "":
		suffix := string(filepath.Separator) + filepath.FromSlash(pass.Pkg.Path())
		if (pass.Module == nil || pass.Module.Path == "") && strings.HasSuffix(dir, suffix) {
			return strings.TrimSuffix(dir, suffix) // GOPATH layout
		}
		return moduleRoot(dir)
	}
	return ""
}

var (
	rootMu    sync.Mutex
	rootCache = map[string]string{}
)

// moduleRoot finds the directory of the go.mod above dir.
func moduleRoot(dir string) string {
	rootMu.Lock()
	defer rootMu.Unlock()
	if r, ok := rootCache[dir]; ok {
		return r
	}
	root := ""
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			root = d
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	rootCache[dir] = root
	return root
}
