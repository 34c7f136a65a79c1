package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// Reruns on real applications (-rerun). A rerun must answer what the first
// run answered: the run cache replays a run, the fact cache hands a rerun
// the packages' facts and the body-less dependencies' types as export data
// (runner/exportdata.go), and any difference those make is a defect the
// unit tests, on small modules, may not show. With -rerun every
// application runs on a cache of its own, emptied first (so the first run
// is a first run whatever the user cache holds), and then:
//
//   - replay: the same command again, touching nothing (a run-cache hit);
//   - facts: again with the run cache's entries removed and the fact cache
//     kept, the rerun a change outside the analysed packages (a go.mod
//     bump of an unrelated module, a new binary's run cache) would make:
//     every package's facts and the dependencies' types from the cache;
//   - with -rerun-leaf, on a copy of the sources (the application's own
//     are never edited): once unchanged (its main-module packages are new
//     to the cache, their paths being part of their keys; the
//     dependencies are not), then after bench.sh's one-leaf edit (an
//     init function that changes a variable, appended to the first file of
//     a package nothing imports), so that only that package and the
//     run are recomputed.
//
// Each inventory must be byte-identical to the first run's (positions are
// relative to the module root, so the copy's are the original's); a
// difference is reported as a failure with its first differing lines, and
// the command exits 1.

// rerunMode is -rerun; rerunLeaf is -rerun-leaf.
var rerunMode, rerunLeaf bool

// rerunResult is what the reruns of one application found.
type rerunResult struct {
	// Checks are the reruns made, in order, each with its wall time and,
	// but for the replay, the packages whose facts came from the cache
	// and those read from export data ("facts (9.1 s, 316 facts, 222
	// export)").
	Checks []string `json:"checks"`
	// Failures are the reruns whose inventory differed from the first
	// run's, each with the first differing lines.
	Failures []string `json:"failures,omitempty"`
}

// rerunCache is the application's own cache directory under -rerun.
func rerunCache(work, name string) string {
	return filepath.Join(work, "rerun-cache", name)
}

// exportRe reads -debug=phases' fact-cache line (runner.CacheHits).
var exportRe = regexp.MustCompile(`(\d+) packages' facts from the cache(?:, (\d+) packages' types from export data)?`)

// reruns makes the reruns of l (first: the first run's inventory, made in
// dir on cache) and compares their inventories with it.
func reruns(l *label, bin, work, dir, cache string, first []byte) *rerunResult {
	res := &rerunResult{}
	out := filepath.Join(work, l.Name+".rerun.inventory.yaml")
	check := func(name, dir string, debug bool) {
		data, stats, err := inventoryRun(bin, dir, cache, out, debug, l.Packages)
		c := name
		c += " (" + stats + ")"
		res.Checks = append(res.Checks, c)
		switch {
		case err != nil:
			res.Failures = append(res.Failures, fmt.Sprintf("%s: %v", name, err))
		case !bytes.Equal(data, first):
			res.Failures = append(res.Failures, fmt.Sprintf("%s: inventory differs from the first run's:\n%s", name, firstDiff(first, data)))
		}
	}
	check("replay", dir, false)
	if err := dropRunEntries(cache); err != nil {
		res.Failures = append(res.Failures, "facts: "+err.Error())
		return res
	}
	check("facts", dir, true)
	if !rerunLeaf {
		return res
	}
	src := filepath.Join(work, "src", l.Name)
	cp := filepath.Join(work, "rerun-copy", l.Name)
	os.RemoveAll(cp)
	if err := os.MkdirAll(filepath.Dir(cp), 0o755); err != nil {
		res.Failures = append(res.Failures, "copy: "+err.Error())
		return res
	}
	if b, err := exec.Command("cp", "-a", src, cp).CombinedOutput(); err != nil {
		res.Failures = append(res.Failures, fmt.Sprintf("copy: %v: %s", err, b))
		return res
	}
	defer os.RemoveAll(cp)
	cdir := filepath.Join(cp, l.Dir)
	check("copy", cdir, true)
	leaf, err := leafFile(cdir, l.Packages)
	if err != nil || leaf == "" {
		res.Failures = append(res.Failures, fmt.Sprintf("leaf: no leaf package (%v)", err))
		return res
	}
	f, err := os.OpenFile(leaf, os.O_APPEND|os.O_WRONLY, 0)
	if err == nil {
		_, err = io.WriteString(f, "\n// Changed by scripts/realworld -rerun-leaf (bench.sh's one-leaf edit).\nvar jobeffectsRerunLeaf int\n\nfunc init() { jobeffectsRerunLeaf++ }\n")
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		res.Failures = append(res.Failures, "leaf: "+err.Error())
		return res
	}
	rel, _ := filepath.Rel(cp, leaf)
	check("leaf "+filepath.ToSlash(rel), cdir, true)
	return res
}

// inventoryRun runs the inventory in dir on cache and returns it, with
// -debug=phases' fact-cache figures when debug is set. Exit 2 (packages
// that do not type-check) leaves an inventory as the first run's did.
func inventoryRun(bin, dir, cache, out string, debug bool, pkgs []string) ([]byte, string, error) {
	os.Remove(out)
	os.Remove(out + ".partial")
	args := []string{"inventory", "-o", out}
	if debug {
		args = append(args, "-debug=phases")
	}
	cmd := exec.Command(bin, append(args, pkgs...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "JOBEFFECTS_CACHE=", "JOBEFFECTS_CACHE_DIR="+cache)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	_ = cmd.Run()
	stats := fmt.Sprintf("%.1f s", time.Since(start).Seconds())
	if m := exportRe.FindStringSubmatch(stderr.String()); m != nil {
		stats += ", " + m[1] + " facts"
		if m[2] != "" {
			stats += ", " + m[2] + " export"
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		data, err = os.ReadFile(out + ".partial")
	}
	if err != nil {
		return nil, stats, fmt.Errorf("no inventory: %s", lastLine(stderr.String()))
	}
	return data, stats, nil
}

// dropRunEntries removes the run cache's entries (<cache>/<2 hex>/…),
// keeping the fact cache (<cache>/facts) and anything else beside it.
func dropRunEntries(cache string) error {
	ents, err := os.ReadDir(cache)
	if err != nil {
		return err
	}
	for _, e := range ents {
		if n := e.Name(); e.IsDir() && len(n) == 2 && strings.Trim(n, "0123456789abcdef") == "" {
			if err := os.RemoveAll(filepath.Join(cache, n)); err != nil {
				return err
			}
		}
	}
	return nil
}

// leafFile is bench.sh's leaf_file: the first Go file of the first package
// (by import path) of pkgs that loads and that no package of pkgs imports,
// tests included; else the first file of the first package that loads.
func leafFile(dir string, pkgs []string) (string, error) {
	args := append([]string{"list", "-e", "-f", `{{.ImportPath}}{{"\t"}}{{if and .GoFiles (not .Error) (not .DepsErrors)}}{{.Dir}}/{{index .GoFiles 0}}{{end}}{{"\t"}}{{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}`}, pkgs...)
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		return "", err
	}
	type pkg struct{ path, file string }
	var ps []pkg
	used := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "\t", 3)
		if len(f) < 3 {
			continue
		}
		ps = append(ps, pkg{f[0], f[1]})
		for _, im := range strings.Fields(f[2]) {
			if im != f[0] {
				used[im] = true
			}
		}
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].path < ps[j].path })
	for _, p := range ps {
		if p.file != "" && !used[p.path] {
			return p.file, nil
		}
	}
	for _, p := range ps {
		if p.file != "" {
			return p.file, nil
		}
	}
	return "", nil
}

// firstDiff shows the first lines where b differs from a (a few of
// context), and the two lengths.
func firstDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	i := 0
	for i < len(al) && i < len(bl) && al[i] == bl[i] {
		i++
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "    first run %d lines, rerun %d; first difference at line %d\n", len(al), len(bl), i+1)
	for j := i; j < i+6; j++ {
		if j < len(al) {
			fmt.Fprintf(&sb, "    - %s\n", al[j])
		}
	}
	for j := i; j < i+6; j++ {
		if j < len(bl) {
			fmt.Fprintf(&sb, "    + %s\n", bl[j])
		}
	}
	return sb.String()
}

// printReruns lists each application's reruns and their failures, and
// reports whether any failed.
func printReruns(w io.Writer, scores []score) bool {
	failed := false
	for i, s := range scores {
		if i == 0 && len(scores) > 1 {
			fmt.Fprintln(w, "\nReruns (each inventory compared with the first run's):")
		}
		if s.Rerun == nil {
			continue
		}
		verdict := "identical"
		if len(s.Rerun.Failures) > 0 {
			verdict, failed = "DIFFERENT", true
		}
		fmt.Fprintf(w, "%s: %s — %s\n", s.Name, verdict, strings.Join(s.Rerun.Checks, "; "))
		for _, f := range s.Rerun.Failures {
			fmt.Fprintf(w, "  %s\n", f)
		}
	}
	return failed
}
