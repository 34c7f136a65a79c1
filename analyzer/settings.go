package analyzer

import (
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobeffects/jobeffects/analyzer/baseline"
	"github.com/jobeffects/jobeffects/analyzer/config"
	"github.com/jobeffects/jobeffects/analyzer/discovery"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/settings"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// passSettings are what a package's analysis reads besides its code
// (package settings reads them): the config with the catalog and rules it
// extends, the baseline, the migrations' triggers, and the root positions
// are relative to.
type passSettings struct {
	config   *config.Config
	index    *models.Index
	rules    *discovery.Rules
	baseline *baseline.Set
	triggers *triggers.Set
	root     string // positions and messages are relative to it
}

func loadSettings(pass *analysis.Pass, opts *Options, hooks *Hooks) (*passSettings, error) {
	sess := hooks.Settings
	if sess == nil {
		sess = settings.Process // go vet, golangci-lint, nogo: the process is the run
	}
	req := settingsRequest(pass, opts)
	cfg, err := sess.LoadConfig(req)
	if err != nil {
		return nil, err
	}
	s := &passSettings{config: cfg.Config.Config, index: cfg.Config.Index, rules: cfg.Rules, root: cfg.Root}
	if s.index.Modeled(pass.Pkg) {
		return s, nil // not analysed: nothing else is needed
	}
	all, err := sess.Load(req)
	if err != nil {
		return nil, err
	}
	s.baseline, s.triggers = all.Baseline, all.Triggers
	return s, nil
}

// settingsRequest is what a package's pass asks the settings for.
func settingsRequest(pass *analysis.Pass, opts *Options) settings.Request {
	modPath, modDir := "", ""
	if pass.Module != nil {
		modPath, modDir = pass.Module.Path, pass.Module.Dir
	}
	return settings.ForPackage(packageDir(pass), pass.Pkg.Path(), modPath, modDir, opts.Settings())
}

// warnings are the problems with the inputs that make the package's
// results incomplete: migrations that do not parse.
func (s *passSettings) warnings() []string {
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

// packageDir is the directory of the package's first file ("" if none).
func packageDir(pass *analysis.Pass) string {
	if len(pass.Files) > 0 {
		if tf := pass.Fset.File(pass.Files[0].Pos()); tf != nil {
			return filepath.Dir(tf.Name())
		}
	}
	return ""
}
