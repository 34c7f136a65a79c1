package golangci

import (
	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/jobeffects/jobeffects/analyzer"
)

func init() {
	register.Plugin("jobeffects", New)
}

// New is the plugin's constructor golangci-lint calls with the settings:
// the analyzer's options on the Golangci surface of analyzer.Settings
// (strict, config, baseline, rules, unresolved — go vet's -jobeffects.*
// flags), decoded from that one table.
func New(conf any) (register.LinterPlugin, error) {
	opts, err := analyzer.DecodeGolangci(conf)
	if err != nil {
		return nil, err
	}
	return &plugin{opts: opts}, nil
}

type plugin struct{ opts analyzer.Options }

func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{analyzer.New(p.opts)}, nil
}

// GetLoadMode asks for type information: the analysis builds SSA.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
