package analyzer

import (
	"bufio"
	"go/ast"
	"go/token"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Suppression: a comment
//
//	//jobeffects:ignore RULE reason
//
// on the line of a finding (or on the line above it) silences that rule
// there. On a handler's line it silences the handler's finding; on an
// effect's line (in any package) it takes that effect out of the
// unguarded finding of every handler that reaches it. The reason is
// required. A directive that silences nothing is itself reported
// (stale-ignore), always: a suppression that outlives its finding hides the
// next one.

const directivePrefix = "//jobeffects:ignore"

type directive struct {
	file   string
	line   int
	pos    token.Pos // NoPos for directives read from other packages' files
	rules  []string
	reason string
	used   bool
}

func (d *directive) covers(rule string, line int) bool {
	if line != d.line && line != d.line+1 {
		return false
	}
	for _, r := range d.rules {
		if r == rule {
			return true
		}
	}
	return false
}

// parseDirective reads "//jobeffects:ignore RULE[,RULE] reason...".
func parseDirective(text string) (rules []string, reason string, ok bool) {
	if !strings.HasPrefix(text, directivePrefix) {
		return nil, "", false
	}
	rest := strings.TrimPrefix(text, directivePrefix)
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return nil, "", false
	}
	if i := strings.Index(rest, "//"); i >= 0 {
		rest = rest[:i] // a further comment on the line is not part of it
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return nil, "", true
	}
	rules = strings.Split(fields[0], ",")
	reason = strings.Join(fields[1:], " ")
	return rules, reason, true
}

// suppressions holds the directives of the package being analysed and
// reads other packages' files on demand.
type suppressions struct {
	local map[string][]*directive // by file name
}

func newSuppressions(r *reporter, files []*ast.File) *suppressions {
	s := &suppressions{local: map[string][]*directive{}}
	for _, f := range files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				rules, reason, ok := parseDirective(c.Text)
				if !ok {
					continue
				}
				p := r.pass.Fset.Position(c.Pos())
				d := &directive{file: p.Filename, line: p.Line, pos: c.Pos(), rules: rules, reason: reason}
				s.local[p.Filename] = append(s.local[p.Filename], d)
				r.checkDirective(d)
			}
		}
	}
	return s
}

// checkDirective reports malformed directives.
func (r *reporter) checkDirective(d *directive) {
	switch {
	case len(d.rules) == 0:
		r.report(d.pos, rules.BadIgnore, rules.BadIgnore+": //jobeffects:ignore needs a rule and a reason: //jobeffects:ignore RULE reason", nil)
	case d.reason == "":
		r.report(d.pos, rules.BadIgnore, rules.BadIgnore+": //jobeffects:ignore "+strings.Join(d.rules, ",")+" needs a reason after the rule", nil)
	default:
		for _, rule := range d.rules {
			if !rules.Known(rule) {
				r.report(d.pos, rules.BadIgnore, rules.BadIgnore+": unknown rule "+rule+" in //jobeffects:ignore", nil)
			}
		}
	}
}

// match returns the directive silencing rule at pos ("file:line:col"), if
// any, and marks it used. Directives without a reason silence nothing.
func (s *suppressions) match(rule, pos string) *directive {
	file, line, _ := effect.SplitPos(pos)
	ds, ok := s.local[file]
	if !ok {
		ds = foreignDirectives(file)
	}
	for _, d := range ds {
		if d.reason != "" && d.covers(rule, line) {
			d.used = true
			return d
		}
	}
	return nil
}

// reportStale reports this package's directives that silenced nothing and
// could not silence anything in another package either (no effect or
// pitfall of this package's summaries sits on their line).
func (r *reporter) reportStale(s *suppressions, sums *summary.Package, funcs []*ssa.Function) {
	live := map[string]bool{} // "file:line|rule"
	for _, f := range funcs {
		sum := sums.Of(f)
		if sum == nil {
			continue
		}
		for _, e := range sum.Effects {
			if e.NeedsGuard() {
				file, line, _ := effect.SplitPos(e.Evidence())
				live[lineKey(file, line, rules.Unguarded)] = true
			}
		}
		for _, p := range sum.Pitfalls {
			file, line, _ := effect.SplitPos(p.Pos)
			live[lineKey(file, line, p.Rule)] = true
		}
	}
	for _, ds := range s.local {
		for _, d := range ds {
			if d.used || d.reason == "" || slices.ContainsFunc(d.rules, func(r string) bool { return !rules.Known(r) }) {
				continue // unused, or already reported as bad-ignore
			}
			stale := true
			for _, rule := range d.rules {
				if live[lineKey(d.file, d.line, rule)] || live[lineKey(d.file, d.line+1, rule)] {
					stale = false
				}
			}
			if stale {
				r.report(d.pos, rules.StaleIgnore, rules.StaleIgnore+": this //jobeffects:ignore "+strings.Join(d.rules, ",")+" matches no finding; remove it", nil)
			}
		}
	}
}

func lineKey(file string, line int, rule string) string {
	return file + ":" + strconv.Itoa(line) + "|" + rule
}

var (
	foreignMu    sync.Mutex
	foreignCache = map[string][]*directive{}
)

// foreignDirectives reads the directives of a file of another package.
func foreignDirectives(file string) []*directive {
	foreignMu.Lock()
	defer foreignMu.Unlock()
	if ds, ok := foreignCache[file]; ok {
		return ds
	}
	var ds []*directive
	if f, err := os.Open(file); err == nil {
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
		for line := 1; sc.Scan(); line++ {
			text := sc.Text()
			i := strings.Index(text, directivePrefix)
			if i < 0 {
				continue
			}
			if rules, reason, ok := parseDirective(strings.TrimSpace(text[i:])); ok {
				ds = append(ds, &directive{file: file, line: line, rules: rules, reason: reason})
			}
		}
		f.Close()
	}
	foreignCache[file] = ds
	return ds
}
