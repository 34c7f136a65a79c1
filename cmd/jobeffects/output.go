package main

import (
	"encoding/json"
	"fmt"
	"go/build"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// diag is a reported diagnostic of a package.
type diag struct {
	pkg  string
	d    *result.Diagnostic
	risk effect.Risk // the handler's, for -fail-on; Safe for directives
	// confidence is the handler's (effect.Confidence), for
	// -min-confidence and SARIF; high for directives.
	confidence string
}

// reportedDiagnostics are the reported diagnostics of the results: the
// directives' and the handlers' findings, sorted by position, each once.
func reportedDiagnostics(results []*result.Result) []diag {
	var out []diag
	seen := map[string]bool{}
	add := func(pkg string, d *result.Diagnostic, risk effect.Risk, confidence string) {
		key := d.Pos + "\x00" + d.Message
		if seen[key] {
			return
		}
		seen[key] = true
		out = append(out, diag{pkg, d, risk, confidence})
	}
	for _, res := range results {
		for i := range res.Diagnostics {
			// A directive's finding is Safe; a claim table's carries the
			// worst risk of the handlers claiming into it.
			add(res.Package, &res.Diagnostics[i], res.Diagnostics[i].Risk, effect.ConfidenceHigh)
		}
		for _, h := range res.Handlers {
			confidence := effect.Confidence(h.Effects)
			for _, f := range h.Findings {
				if f.Diagnostic != nil {
					add(res.Package, f.Diagnostic, h.Risk, confidence)
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if c := effect.ComparePos(out[i].d.Pos, out[j].d.Pos); c != 0 {
			return c < 0
		}
		return out[i].d.Message < out[j].d.Message
	})
	return out
}

// printText prints diagnostics as go vet does: "file:line:col: msg", then
// each related hop as "file:line:col: \tmsg", with file names relative to
// the working directory.
func printText(diags []diag, w io.Writer) {
	where := shownPos()
	for _, x := range diags {
		fmt.Fprintf(w, "%s: %s\n", where(x.d.Pos), x.d.Message)
		for _, r := range x.d.Related {
			fmt.Fprintf(w, "%s: \t%s\n", where(r.Pos), r.Message)
		}
	}
}

// shownPos returns how every format shows a position: file:line:col with
// the file relative to the working directory (a file of the module cache
// as module@version/path), as go vet's text does.
func shownPos() func(pos string) string {
	cwd, _ := os.Getwd()
	return func(pos string) string {
		file, line, col := effect.SplitPos(pos)
		if rel, err := filepath.Rel(cwd, file); err == nil && !strings.HasPrefix(rel, "..") {
			file = rel
		} else if m := modCachePath(file); m != "" {
			file = m
		}
		if col == 0 {
			col = 1 // a line of a migration: go vet prints column 1
		}
		return fmt.Sprintf("%s:%d:%d", file, line, col)
	}
}

// printJSON prints diagnostics in go vet's -json shape, as one document:
// package → analyzer → diagnostics. Positions are shown as the text
// format shows them (relative), so that a JSON report is the same on every
// machine and in every checkout.
func printJSON(diags []diag, w io.Writer) error {
	where := shownPos()
	type related struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	}
	type jsonDiag struct {
		Category string    `json:"category,omitempty"`
		Posn     string    `json:"posn"`
		Message  string    `json:"message"`
		URL      string    `json:"url,omitempty"`
		Related  []related `json:"related,omitempty"`
	}
	tree := map[string]map[string][]jsonDiag{}
	for _, x := range diags {
		jd := jsonDiag{Category: x.d.Rule, Posn: where(x.d.Pos), Message: x.d.Message, URL: x.d.URL}
		for _, r := range x.d.Related {
			jd.Related = append(jd.Related, related{Posn: where(r.Pos), Message: r.Message})
		}
		if tree[x.pkg] == nil {
			tree[x.pkg] = map[string][]jsonDiag{}
		}
		tree[x.pkg]["jobeffects"] = append(tree[x.pkg]["jobeffects"], jd)
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// modCacheDir is the module cache's directory.
func modCacheDir() string {
	if cache := os.Getenv("GOMODCACHE"); cache != "" {
		return cache
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		gopath = build.Default.GOPATH
	}
	return filepath.Join(strings.Split(gopath, string(filepath.ListSeparator))[0], "pkg", "mod")
}

// modCachePath shows a file of the module cache as module@version/path
// (never the machine's absolute cache path), or "" for other files.
func modCachePath(file string) string {
	rel, err := filepath.Rel(modCacheDir(), file)
	if err != nil || strings.HasPrefix(rel, "..") || !strings.Contains(rel, "@") {
		return ""
	}
	return filepath.ToSlash(rel)
}
