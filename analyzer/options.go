package analyzer

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/types"
	"io"
	"sort"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/jobeffects/jobeffects/analyzer/result"
	"github.com/jobeffects/jobeffects/analyzer/settings"
)

// Options are what a user sets: the same values whichever surface sets
// them — go vet's analyzer flags (-jobeffects.strict), the jobeffects
// command's flags (-strict) or golangci-lint's plugin settings (strict:).
// The table below (Settings) is the one definition of each and says which
// surfaces have it. The zero value is every default.
type Options struct {
	// Strict also reports handlers whose doubtful effects are all
	// unknown (rule unknown-effect), and keeps the calls the analysis
	// cannot follow unknown instead of reading them by their names
	// (package infer).
	Strict bool
	// Config is the .jobeffects.yaml to use; by default the one at the
	// module root of each package, if any.
	Config string
	// Baseline is an inventory whose findings are known and not reported.
	// A relative path is taken from the working directory, else from the
	// module root (go vet runs in package directories).
	Baseline string
	// Rules selects the rules reported, after the config's rules: (a
	// comma-separated list: "-unresolved", "unguarded,random-key").
	Rules string
	// QuietUnresolved turns the unresolved rule off (go vet's
	// -jobeffects.unresolved=false).
	QuietUnresolved bool
	// Untrusted confines what the analysed module's files can make the
	// analysis read to the module itself: the config's baseline and
	// migrations may not point outside it (the command's -safe).
	Untrusted bool
	// NoBaseline is a driver's, never a user's (no Setting has it): no
	// baseline is read, neither Baseline nor the config's baseline:. The
	// command sets it when it applies -baseline to the results itself
	// after the analysis (cmd/jobeffects/reportopts.go), so that an
	// analysis is one whatever baseline its output is filtered with.
	NoBaseline bool
}

// Settings are the options that name inputs (package settings resolves
// them): the one conversion from what the user set to what is read.
func (o Options) Settings() settings.Flags {
	return settings.Flags{Config: o.Config, Baseline: o.Baseline, Safe: o.Untrusted, NoBaseline: o.NoBaseline}
}

// Surface is where a user sets options.
type Surface int

const (
	Vet      Surface = 1 << iota // go vet's -jobeffects.NAME (and nogo's analyzer flags)
	Command                      // the jobeffects command's -NAME
	Golangci                     // golangci-lint's settings: NAME
)

// Setting is one user option: its name on every surface that has it, its
// documentation, and the field of Options it sets.
type Setting struct {
	Name     string
	Usage    string
	Surfaces Surface
	// ReportOnly: the option decides only which of a package's findings
	// are reported (rules turned off, findings a baseline knows), never
	// what its pass exports as facts: a fact cache keeps it out of the
	// key of a dependency's facts (cmd/jobeffects/stdvetx.go). A finding
	// it silences is still decided and recorded (Finding.Suppressed), so
	// the handler facts that list a handler's decided rules do not move.
	ReportOnly bool
	// bool or string, and how it reads and writes an Options.
	isBool bool
	get    func(*Options) string
	set    func(*Options, string) error
}

// Settings is the table of user options, in the order the command's
// run cache key lists them.
var Settings = []Setting{
	boolSetting("strict", Vet|Command|Golangci,
		"keep calls that cannot be followed unknown instead of inferring them from names, and report handlers whose effects cannot be classified (unknown-effect)",
		func(o *Options) *bool { return &o.Strict }),
	stringSetting("config", Vet|Command|Golangci,
		"the .jobeffects.yaml to use (default: the one at the module root)",
		func(o *Options) *string { return &o.Config }),
	reportOnly(stringSetting("baseline", Vet|Command|Golangci,
		"an inventory written earlier (jobeffects inventory -o FILE): its findings are known and not reported, so only new ones fail",
		func(o *Options) *string { return &o.Baseline })),
	reportOnly(stringSetting("rules", Vet|Command|Golangci,
		"the rules to report, after the config's rules: (\"-unresolved\" turns one off, \"unguarded,random-key\" reports only those)",
		func(o *Options) *string { return &o.Rules })),
	{
		// The command resolves these calls over the whole program and has
		// no unresolved rule to turn off (-whole=false gives go vet's
		// answer; -rules=-unresolved turns it off there).
		Name: "unresolved", Surfaces: Vet | Golangci, isBool: true,
		Usage: "report handlers whose risk is unknown because of a call wired in another package go vet cannot resolve",
		get:   func(o *Options) string { return strconv.FormatBool(!o.QuietUnresolved) },
		set: func(o *Options, v string) error {
			on, err := strconv.ParseBool(v)
			o.QuietUnresolved = !on
			return err
		},
	},
	boolSetting("safe", Command,
		"analyse untrusted code (pull requests from forks): no cgo processing, GOTOOLCHAIN=local, go.mod read-only, config, baseline and migrations confined to the module",
		func(o *Options) *bool { return &o.Untrusted }),
}

// reportOnly marks s ReportOnly. Baseline: read by loadSettings into the
// report context (report.Context.known), which only decides whether a
// finding is reported. Rules: read once per pass (rules.Select) after the
// facts are exported, to drop diagnostics and mark findings of rules
// turned off as suppressed.
func reportOnly(s Setting) Setting {
	s.ReportOnly = true
	return s
}

// IsBool reports whether the setting is a boolean flag (it takes no
// separate value on a command line).
func (s *Setting) IsBool() bool { return s.isBool }

// VetSetting is the setting go vet passes as -jobeffects.NAME, or nil.
func VetSetting(name string) *Setting { return lookupSetting(name, Vet) }

func boolSetting(name string, on Surface, usage string, field func(*Options) *bool) Setting {
	return Setting{Name: name, Usage: usage, Surfaces: on, isBool: true,
		get: func(o *Options) string { return strconv.FormatBool(*field(o)) },
		set: func(o *Options, v string) error {
			b, err := strconv.ParseBool(v)
			*field(o) = b
			return err
		}}
}

func stringSetting(name string, on Surface, usage string, field func(*Options) *string) Setting {
	return Setting{Name: name, Usage: usage, Surfaces: on,
		get: func(o *Options) string { return *field(o) },
		set: func(o *Options, v string) error { *field(o) = v; return nil }}
}

// Register binds the options of a surface (Vet or Command) to fs.
func (o *Options) Register(fs *flag.FlagSet, on Surface) {
	for _, s := range Settings {
		if s.Surfaces&on != 0 {
			fs.Var(optionValue{o, s}, s.Name, s.Usage)
		}
	}
}

// Args lists the command-line form of the options of a surface, every
// one with its value ("-strict=false"): the command's run cache key.
func (o *Options) Args(on Surface) []string {
	var out []string
	for _, s := range Settings {
		if s.Surfaces&on != 0 {
			out = append(out, "-"+s.Name+"="+s.get(o))
		}
	}
	return out
}

// DecodeGolangci sets the options from golangci-lint's plugin settings
// (the custom linter's settings: mapping, as golangci-lint hands it
// over): a name that is not a Golangci setting, or a value of the wrong
// type, is an error.
func DecodeGolangci(conf any) (Options, error) {
	var o Options
	if conf == nil {
		return o, nil
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(conf); err != nil {
		return o, fmt.Errorf("encoding settings: %w", err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(buf.Bytes(), &raw); err != nil {
		return o, fmt.Errorf("decoding settings: %w", err)
	}
	names := make([]string, 0, len(raw))
	for k := range raw {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		s := lookupSetting(k, Golangci)
		if s == nil {
			return o, fmt.Errorf("decoding settings: json: unknown field %q", k)
		}
		if string(raw[k]) == "null" {
			continue // unset: the default
		}
		var v string
		if s.isBool {
			var b bool
			if err := json.Unmarshal(raw[k], &b); err != nil {
				return o, fmt.Errorf("decoding settings: %s: %w", k, err)
			}
			v = strconv.FormatBool(b)
		} else if err := json.Unmarshal(raw[k], &v); err != nil {
			return o, fmt.Errorf("decoding settings: %s: %w", k, err)
		}
		if err := s.set(&o, v); err != nil {
			return o, fmt.Errorf("decoding settings: %s: %w", k, err)
		}
	}
	return o, nil
}

func lookupSetting(name string, on Surface) *Setting {
	for i := range Settings {
		if Settings[i].Name == name && Settings[i].Surfaces&on != 0 {
			return &Settings[i]
		}
	}
	return nil
}

// optionValue is a Setting bound to an Options, as a flag.
type optionValue struct {
	o *Options
	s Setting
}

func (v optionValue) String() string {
	if v.o == nil {
		return ""
	}
	return v.s.get(v.o)
}
func (v optionValue) Set(s string) error { return v.s.set(v.o, s) }
func (v optionValue) IsBoolFlag() bool   { return v.s.isBool }

// Hooks are what a driver sets, never a user: how the passes are run and
// what they keep for the phases after them. go vet, golangci-lint and nogo
// set none (or Warnings); package runner sets them for the command.
type Hooks struct {
	// Around, when set, runs each package's analysis (analyse): the
	// runner installs its fact store, admits passes under its
	// concurrency limit, replays cached facts and hands each finished
	// package to the whole-program phase.
	Around func(pass *analysis.Pass, analyse func() (any, error)) (any, error)
	// Settings, when set, is the run's settings session: every package's
	// config, baseline and migrations are resolved and read once per run
	// and recorded there (the command's caches key on that record).
	// Default: settings.Process, for a process that is one run.
	Settings *settings.Session
	// Warnings, when set, is where the analysis prints its warnings
	// itself (go vet, which has no other channel for them): once per
	// package whose results they concern. The command prints each
	// Result.Warnings line once per run instead.
	Warnings io.Writer
	// OnFailure, when set, is told of each package whose analysis failed
	// (an internal error, contained to the package: failure.go) with the
	// analysis-failed message: the command names the dependencies that
	// failed, whose results it does not keep.
	OnFailure func(pkg *types.Package, message string)
	// KeepSummaries makes each package's Result carry the summaries of all
	// its functions, closures included, for the whole-program phase.
	KeepSummaries bool
	// KeepPaths keeps up to nine other call paths per effect (the
	// inventory's -show-paths).
	KeepPaths bool
	// Whole says that the command resolves dynamic calls over the whole
	// program after this pass: the pass then leaves wiring (wiring.go) and
	// the unresolved rule to it.
	Whole bool
	// PerPackage, when set with Whole, is given go vet's answer for each
	// package the pass analyses (what -whole=false would report: wiring
	// applied, the unresolved rule on), decided from the same summaries
	// in the same pass. The wiring facts are then exported too; nothing
	// the command runs after the pass reads them. A test's hook: it lets
	// one run give both answers (e2etest.VetEqualsCommand).
	PerPackage func(pkg *types.Package, res *result.Result)
}
