package golangci

import (
	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/jobeffects/jobeffects/analyzer"
)

func init() {
	register.Plugin("jobeffects", New)
}

// Settings are the plugin's settings in .golangci.yml; they are the
// analyzer's options (go vet's -jobeffects.* flags).
type Settings struct {
	Strict   bool   `json:"strict"`
	Config   string `json:"config"`
	Baseline string `json:"baseline"`
	Rules    string `json:"rules"`
	// Unresolved reports handlers whose effects go vet cannot resolve
	// (default true).
	Unresolved *bool `json:"unresolved"`
}

// New is the plugin's constructor golangci-lint calls with the settings.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, err
	}
	return &plugin{s: s}, nil
}

type plugin struct{ s Settings }

func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	opts := analyzer.Options{Strict: p.s.Strict, Config: p.s.Config, Baseline: p.s.Baseline, Rules: p.s.Rules}
	if p.s.Unresolved != nil && !*p.s.Unresolved {
		opts.QuietUnresolved = true
	}
	return []*analysis.Analyzer{analyzer.New(opts)}, nil
}

// GetLoadMode asks for type information: the analysis builds SSA.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
