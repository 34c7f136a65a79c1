package analyzer_test

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// Most fixtures run under one analyzer (the default options plus the
// declared fixture's config, which declares nothing the others use), so
// they are loaded and analysed together, once per test binary.
// analysistest loads every package from source, the standard library
// included: one load costs 5–7 CPU seconds whatever the fixture, so a run
// per test made this package's tests pass go test's 10-minute timeout on a
// busy 2-core machine. Each test then reports only the failures in its own
// packages' files (fixtureDir) and reads its own packages' results, so a
// failure still names the fixture that broke. The fixtures of the tests
// under another analyzer (the default options, -strict) are batched the
// same way, one run per analyzer (defaults, stricts); a test whose
// options are its own (a config of its fixture's) keeps its own run.

// sharedFixtures are the fixture packages of the tests that call
// runShared, besides discoveryFixtures and ecosystemFixtures.
var sharedFixtures = []string{
	"asynqforms", "riverforms", "temporalforms/activities", "temporalforms/worker",
	"guards", "calls/deep", "calls/lib", "calls/jobs", "suppress", "retry",
	"retrywrap/queue", "retrywrap", "gormfix", "gormv1fix", "example.org/sdk", "thirdparty",
	"constraintfix", "checkactfix", "bodykeyfix", "keyflowfix/payclient", "keyflowfix",
	"txwrapfix/store", "txwrapfix", "lockfix", "completions", "dispatchfix",
	"helperreg/bus", "helperreg/tasks", "helperreg",
	"effectkinds", "sqlkinds", "obsfix", "apisdk/client", "httpfix", "sdkfix", "enqueuefix", "riveruniquefix", "riveruniquewrap", "changedfix", "casrowsfix", "stampedfix",
	"preparedfix/store", "preparedfix", "preparedfix/sqlutil", "preparedfix/tables",
	"lifecyclefix", "callbackfix", "cmdfix", "duperrfix/queries", "duperrfix/strutil", "duperrfix", "natkeyfix/model", "natkeyfix", "dupstopfix", "replacefix",
	"ifacejobs/registry", "ifacejobs/jobs", "ifacejobs", "ifacejobs/background", "memfix", "seqfix", "cbfix", "replyfix", "chanfix/pool", "chanfix",
	"chanalias/model", "chanalias/broker", "chanalias/service", "chanalias/app",
	"reglists/tapi", "reglists/tworker", "reglists/tservice", "reglists",
	"storedreg/worker", "storedreg/wasynq", "storedreg", "asmfix",
	"msgloop/mq", "msgloop/consumer", "msgloop/orders", "msgloop", "pullpool/consumer", "pullpool", "batchfix", "objstorefix", "awsflowfix", "lambdaopsfix", "dynamofix", "invokefix/external", "xpkgobj/files", "xpkgobj", "devicefix", "sqlbuildfix",
	"goschemafix", "funcfieldfix", "globalifacefix/logx", "globalifacefix", "illtypedfix", "kvstorefix", "ethnodefix", "paramfieldfix",
	"actorfix", "matrixfix", "putkeyfix", "msgkeyfix", "cloudeventfix", "condfix", "typeswitchfix", "asynqidfix", "nilhookfix", "bunkeyfix", "sqlargfix",
	"rowkeyfix", "lockerrfix", "livelockfix",
	// Tests of their own file each, in the shared run since stop 53
	// (each of their loads was 5-7 CPU seconds).
	"chanframe", "helperkeyfix", "claimcbfix", "genbatch/batcher", "genbatch", "gozerofix", "gozeroredisfix",
	"fwdregfix", "perregfix", "fieldregfix", "fieldregfix/basew", "genreg/jobs", "genreg",
	"bufiofix", "wrapwfix",
}

// shared is the one analysistest run of every shared fixture, under the
// declared fixture's config. Its failures go through crossPackage.
var shared = &batch{
	analyzer: func() *analysis.Analyzer {
		return analyzer.New(analyzer.Options{Config: filepath.Join(testdata, "src", "declared", ".jobeffects.yaml")})
	},
	pkgs:         sharedPackages,
	crossPackage: true,
	name:         "sharedFixtures",
}

// defaults is the one analysistest run of the fixtures whose tests use
// the default options (analyzer.Analyzer), each of them once a run of its
// own (5–7 CPU seconds each): the same analysis of the same packages,
// their failures checked as each test's own run checked them.
var defaults = &batch{
	analyzer: func() *analysis.Analyzer { return analyzer.Analyzer },
	pkgs: func() []string {
		return []string{
			"rowloopfix", "serialmark/bus", "serialmark", "distlockfix", "example.org/ordersdk", "example.org/notes", "inferfix", "larkfix",
			"excludedfix", "callertx", "ackloopfix/queue", "ackloopfix",
		}
	},
	name: "defaults",
}

// stricts is defaults' under -strict.
var stricts = &batch{
	analyzer: func() *analysis.Analyzer { return analyzer.New(analyzer.Options{Strict: true}) },
	pkgs:     func() []string { return []string{"strict", "example.org/ordersdk", "inferstrict"} },
	name:     "stricts",
}

// batch is one analysistest run of several tests' fixture packages under
// one analyzer, made the first time one of its tests asks for it.
type batch struct {
	analyzer     func() *analysis.Analyzer
	pkgs         func() []string // the run's packages, its roots
	crossPackage bool            // failures go through crossPackage
	name         string          // the list to add a package to

	once    sync.Once
	msgs    []string                  // analysistest's failures
	results map[string]*result.Result // by package path
}

func (b *batch) runAll() {
	c := &collector{}
	results := analysistest.Run(c, testdata, b.analyzer(), b.pkgs()...)
	b.msgs = c.msgs
	if b.crossPackage {
		b.msgs = crossPackage(c.msgs)
	}
	b.results = map[string]*result.Result{}
	for _, r := range results {
		if res, ok := r.Result.(*result.Result); ok {
			b.results[res.Package] = res
		}
	}
}

// run reports the batch's failures in pkgs' files (and those that name
// no fixture file of the batch: a load error) and returns the results of
// pkgs in their order.
func (b *batch) run(t *testing.T, pkgs ...string) []*result.Result {
	t.Helper()
	all := b.pkgs()
	for _, p := range pkgs {
		if !slices.Contains(all, p) {
			t.Fatalf("%s is not in %s", p, b.name)
		}
	}
	b.once.Do(b.runAll)
	for _, m := range b.msgs {
		if d := fixtureDir(m); slices.Contains(pkgs, d) || !slices.Contains(all, d) {
			t.Error(m)
		}
	}
	var out []*result.Result
	for _, p := range pkgs {
		if res := b.results[p]; res != nil {
			out = append(out, res)
		}
	}
	return out
}

// sharedPackages lists every package of the shared run.
func sharedPackages() []string {
	var pkgs []string
	for _, f := range discoveryFixtures {
		pkgs = append(pkgs, f.pkgs...)
	}
	for _, f := range ecosystemFixtures {
		pkgs = append(pkgs, f.pkgs...)
	}
	return append(pkgs, sharedFixtures...)
}

// runShared is shared's run for pkgs.
func runShared(t *testing.T, pkgs ...string) []*result.Result {
	t.Helper()
	return shared.run(t, pkgs...)
}

// collector is an analysistest.Testing that records failures.
type collector struct {
	mu   sync.Mutex
	msgs []string
}

func (c *collector) Errorf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.msgs = append(c.msgs, fmt.Sprintf(format, args...))
}

// fixtureDir returns the package directory (relative to testdata/src) of
// the file a failure message starts with, or "".
func fixtureDir(msg string) string {
	i := strings.Index(msg, ".go:")
	if i < 0 {
		return ""
	}
	dir := path.Dir(filepath.ToSlash(msg[:i+3]))
	if j := strings.LastIndex(dir, "/src/"); j >= 0 {
		dir = dir[j+len("/src/"):]
	}
	return dir
}

var (
	unexpectedRx = regexp.MustCompile(`^(.+\.go:\d+):\d+: unexpected diagnostic: (.*)$`)
	unmatchedRx  = regexp.MustCompile("^(.+\\.go:\\d+): no diagnostic was reported matching (.*)$")
)

// crossPackage drops the pairs of failures a diagnostic reported at
// another package's file makes: go vet decides a handler again in the
// package that wires its dependencies and reports it at the handler, while
// analysistest checks a pass's diagnostics against its own package's
// expectations only. The expectation in the handler's file that no pass
// of its own met is met by such a diagnostic at the same line.
func crossPackage(msgs []string) []string {
	type want struct {
		at string
		rx *regexp.Regexp
		i  int
	}
	var wants []want
	for i, m := range msgs {
		if g := unmatchedRx.FindStringSubmatch(m); g != nil {
			if pat, err := strconv.Unquote(g[2]); err == nil {
				if rx, err := regexp.Compile(pat); err == nil {
					wants = append(wants, want{g[1], rx, i})
				}
			}
		}
	}
	drop := map[int]bool{}
	for i, m := range msgs {
		g := unexpectedRx.FindStringSubmatch(m)
		if g == nil {
			continue
		}
		for _, w := range wants {
			if !drop[w.i] && w.at == g[1] && w.rx.MatchString(g[2]) {
				drop[w.i], drop[i] = true, true
				break
			}
		}
	}
	var out []string
	for i, m := range msgs {
		if !drop[i] {
			out = append(out, m)
		}
	}
	return out
}
