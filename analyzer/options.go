package analyzer

import (
	"flag"
	"go/types"
	"io"
	"strconv"
)

// Options are the analysis's settings. The command passes them to New;
// under go vet they are the analyzer's flags (-jobeffects.strict …).
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
	// Untrusted confines what the analysed module's files can make the
	// analysis read to the module itself: the config's baseline and
	// migrations may not point outside it.
	Untrusted bool
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
	// Rules selects the rules reported, after the config's rules: (a
	// comma-separated list: "-unresolved", "unguarded,random-key").
	Rules string
	// QuietUnresolved turns the unresolved rule off (go vet's
	// -jobeffects.unresolved=false).
	QuietUnresolved bool
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
	// Facts, when set, holds the facts of an in-process run (the command)
	// in one store instead of the checker's per-action copies.
	Facts *FactStore
	// FactCache, with Facts, keeps dependency modules' facts across runs.
	FactCache *FactCache
	// AfterPass, with Facts, is called once each package's analysis is
	// done (its facts exported): the command then builds the package's
	// whole-program SSA and frees its syntax and types, which no other
	// package's pass reads.
	AfterPass func(*types.Package)
}

// register binds the options go vet can set to fs.
func (o *Options) register(fs *flag.FlagSet) {
	fs.BoolVar(&o.Strict, "strict", o.Strict, "keep calls that cannot be followed unknown instead of inferring them from names, and report handlers with effects that cannot be told statically (unknown-effect)")
	fs.StringVar(&o.Config, "config", o.Config, "the .jobeffects.yaml to use (default: the one at the module root)")
	fs.BoolFunc("unresolved", "report handlers whose risk is unknown because of a call wired in another package go vet cannot resolve (default true)", func(v string) error {
		on, err := strconv.ParseBool(v)
		o.QuietUnresolved = !on
		return err
	})
	fs.StringVar(&o.Rules, "rules", o.Rules, "the rules to report, after the config's rules: (\"-unresolved\" turns one off; \"unguarded,random-key\" reports only those)")
	fs.StringVar(&o.Baseline, "baseline", o.Baseline, "an inventory (jobeffects inventory -o FILE) whose findings are known and not reported")
}
