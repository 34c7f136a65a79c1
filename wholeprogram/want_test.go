package wholeprogram_test

import (
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	textscanner "text/scanner"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// The whole-program phase's diagnostics checked against the fixture's
// comments, the way analysistest checks one package's: analysistest runs
// one package's analyzer, so it cannot see what this phase decides.
//
// A comment `// want "re" "re2"` (Go strings or raw strings, an optional
// +N for a later line, as analysistest reads them) on a line says that
// diagnostics matching each regexp are reported on that line. Every
// diagnostic the command would print for the results (the packages'
// Diagnostics and the handlers' findings with a Diagnostic, each
// position and message once) must match an expectation of its line, and
// every expectation must be matched: a diagnostic on a line with none
// fails as unexpected, with its file:line, so a near miss needs no
// comment of its own. The message starts with the rule ("unguarded:
// ..."), as go vet prints it.
//
// Fixtures that analyzer's analysistest tests also run (perPackage) hold
// that pass's `// want` comments, whose answers differ from the whole
// program's (and which name facts): there the whole program's
// expectations are `// wholewant "re"` comments instead, which
// analysistest ignores (a comment that does not start with "want"). On a
// line that has both, the whole program's goes first —
// `// wholewant "re" // want X:"fact"` — since analysistest reads from the
// first "// want" of a comment to its end.

// perPackage are the fixtures (package paths, or prefixes of them) that
// analyzer's analysistest tests also run: see the comment above.
var perPackage = []string{
	"chanalias", "completions", "dispatchfix", "ecomongo", "fieldregfix", "fwdregfix", "genreg",
	"ifacejobs", "invokefix/external", "lockerrfix", "msgloop", "nilhookfix", "perregfix", "xpkgobj",
}

// marker is the comment that holds the whole program's expectations in
// the package at path: wholewant in a perPackage fixture, want elsewhere.
func marker(path string) string {
	for _, p := range perPackage {
		if path == p || strings.HasPrefix(path, p+"/") {
			return "wholewant"
		}
	}
	return "want"
}

// wantDiagnostics fails the test when the results' diagnostics and their
// fixture files' expectations differ (see the comment above).
func wantDiagnostics(t *testing.T, results []*result.Result) {
	t.Helper()
	type key struct {
		file string
		line int
	}
	want := map[key][]*regexp.Regexp{}
	files := map[string]bool{}
	for _, res := range results {
		m := marker(res.Package)
		for _, file := range res.Files {
			if files[file] {
				continue
			}
			files[file] = true
			exps, err := fileExpectations(file, m)
			if err != nil {
				t.Error(err)
			}
			for _, e := range exps {
				k := key{file, e.line}
				want[k] = append(want[k], e.rxs...)
			}
		}
	}
	for _, d := range reported(results) {
		file, line, _ := effect.SplitPos(d.Pos)
		k := key{file, line}
		at := shortName(file) + ":" + strconv.Itoa(line)
		matched := false
		for i, rx := range want[k] {
			if rx.MatchString(d.Message) {
				want[k] = append(want[k][:i], want[k][i+1:]...)
				matched = true
				break
			}
		}
		switch {
		case matched:
		case len(want[k]) == 0:
			t.Errorf("%s: unexpected diagnostic: %s", at, d.Message)
		default:
			t.Errorf("%s: diagnostic %q does not match pattern %s", at, d.Message, patterns(want[k]))
		}
	}
	var surplus []string
	for k, rxs := range want {
		for _, rx := range rxs {
			surplus = append(surplus, fmt.Sprintf("%s:%d: no diagnostic was reported matching %#q", shortName(k.file), k.line, rx))
		}
	}
	sort.Strings(surplus)
	for _, s := range surplus {
		t.Error(s)
	}
}

// reported are the diagnostics the command prints for the results (its
// reportedDiagnostics): the packages' own, then the handlers' findings
// that are reported, each position and message once, sorted.
func reported(results []*result.Result) []*result.Diagnostic {
	var out []*result.Diagnostic
	seen := map[string]bool{}
	add := func(d *result.Diagnostic) {
		if k := d.Pos + "\x00" + d.Message; !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	for _, res := range results {
		for i := range res.Diagnostics {
			add(&res.Diagnostics[i])
		}
		for _, h := range res.Handlers {
			for _, f := range h.Findings {
				if f.Diagnostic != nil {
					add(f.Diagnostic)
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if c := effect.ComparePos(out[i].Pos, out[j].Pos); c != 0 {
			return c < 0
		}
		return out[i].Message < out[j].Message
	})
	return out
}

// patterns lists regexps as analysistest does in its failures.
func patterns(rxs []*regexp.Regexp) string {
	var s []string
	for _, rx := range rxs {
		s = append(s, fmt.Sprintf("%#q", rx))
	}
	return strings.Join(s, " or ")
}

// shortName is a fixture file's name relative to testdata/src, as
// analysistest names it.
func shortName(file string) string {
	src, _ := filepath.Abs(filepath.Join("..", "testdata", "src"))
	return filepath.ToSlash(strings.TrimPrefix(file, src+string(os.PathSeparator)))
}

// expectation is one comment's expectations: the regexps its line's
// diagnostics must match.
type expectation struct {
	line int
	rxs  []*regexp.Regexp
}

// fileExpectations reads the mark comments of a Go file.
func fileExpectations(file, mark string) ([]expectation, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile(file, -1, len(src)), src, nil, scanner.ScanComments)
	var out []expectation
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return out, nil
		}
		if tok != token.COMMENT {
			continue
		}
		text, ok := commentExpectation(lit, mark)
		if !ok {
			continue
		}
		line := fset.Position(pos).Line
		delta, rxs, err := parseExpectations(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: in '%s' comment: %v", shortName(file), line, mark, err)
		}
		if rxs != nil {
			out = append(out, expectation{line + delta, rxs})
		}
	}
}

// commentExpectation is what follows mark in a comment (with its // or
// /* */), ok when the comment is one of mark's: it starts with mark or
// holds "// mark" (a comment after a comment, as analysistest reads it).
// A wholewant's text ends at a following "// want", analysistest's.
func commentExpectation(comment, mark string) (string, bool) {
	text, found := strings.CutPrefix(comment, "//")
	if !found {
		text = strings.TrimSuffix(strings.TrimPrefix(text, "/*"), "*/")
	}
	if i := strings.Index(text, "// "+mark); i >= 0 {
		text = text[i+len("// "):]
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(text), mark)
	if !ok {
		return "", false
	}
	if mark != "want" {
		rest, _, _ = strings.Cut(rest, "// want")
	}
	return rest, true
}

// parseExpectations parses what follows a want: an optional +N (the
// expectations are N lines below) and regexps as Go strings or raw
// strings, analysistest's syntax. analysistest's name:"re" (a fact) is an
// error: facts are the per-package pass's.
func parseExpectations(text string) (delta int, rxs []*regexp.Regexp, err error) {
	var scanErr string
	var sc textscanner.Scanner
	sc.Init(strings.NewReader(text))
	sc.Error = func(_ *textscanner.Scanner, msg string) { scanErr = msg }
	sc.Mode = textscanner.ScanIdents | textscanner.ScanStrings | textscanner.ScanRawStrings | textscanner.ScanInts
	for {
		switch tok := sc.Scan(); tok {
		case '+':
			if sc.Scan() != textscanner.Int {
				return 0, nil, fmt.Errorf("got +%s, want +Int", sc.TokenText())
			}
			delta, _ = strconv.Atoi(sc.TokenText())
		case textscanner.String, textscanner.RawString:
			pattern, _ := strconv.Unquote(sc.TokenText())
			rx, err := regexp.Compile(pattern)
			if err != nil {
				return 0, nil, err
			}
			rxs = append(rxs, rx)
		case textscanner.Ident:
			return 0, nil, fmt.Errorf("%s: a fact is the per-package pass's expectation (is the fixture missing from perPackage?)", sc.TokenText())
		case textscanner.EOF:
			if scanErr != "" {
				return 0, nil, fmt.Errorf("%s", scanErr)
			}
			return delta, rxs, nil
		default:
			return 0, nil, fmt.Errorf("unexpected %s", textscanner.TokenString(tok))
		}
	}
}
