package models

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"

	"github.com/jobeffects/jobeffects/analyzer/catalog"
)

var (
	update     = flag.Bool("update", false, "enumerate the catalogued libraries' API again from the modules testdata/apis requires into testdata/api.txt (needs the module proxy; takes minutes)")
	updateGaps = flag.Bool("update-gaps", false, "rewrite testdata/unclassified.txt, the calls not yet classified, from the catalog")
)

// gapsFile lists the calls of the listing the catalog does not classify
// yet, per package: a ratchet. A call missing from the catalog and from
// this file fails the test (a new gap), and so does a call listed here
// that the catalog now classifies (remove it: the list only shrinks).
const gapsFile = "testdata/unclassified.txt"

// TestCatalogIsComplete checks every exported function and method of every
// catalogued library package (as listed in apiFile, enumerated from the
// real modules) and fails on each that is neither modelled nor declared
// inert or unknown: a call of it would be an unknown effect, which is
// honest but should be a decision. A model whose argument indexes do not
// fit the real signature fails too. It logs each library's coverage.
func TestCatalogIsComplete(t *testing.T) {
	ix, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	files := catalogFiles(t)
	if *update {
		l := generateAPI(t, ix, apiModule, catalogPatterns(files))
		if err := os.WriteFile(apiFile, l.write(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(apiFile)
	if err != nil {
		t.Fatal(err)
	}
	l, err := readAPIListing(apiFile, data)
	if err != nil {
		t.Fatal(err)
	}
	checkPinned(t, l)
	checkListed(t, l, files)

	type tally struct{ total, modelled, inert, unknown int }
	counts := map[string]*tally{}
	missing := map[string][]string{} // library package → unclassified keys
	var misfits []string
	for _, m := range l.Modules {
		for i := range m.Packages {
			p := &m.Packages[i]
			lib := libraryOf(files, p.Path)
			c := counts[lib]
			if c == nil {
				c = &tally{}
				counts[lib] = c
			}
			for _, fn := range p.funcs() {
				c.total++
				switch {
				case ix.Lookup(fn) != nil:
					c.modelled++
					if err := ix.Lookup(fn).CheckArgs(fn); err != nil {
						misfits = append(misfits, err.Error())
					}
				case ix.Inert(fn):
					c.inert++
				case ix.unknown.match(FuncKey(fn)):
					c.unknown++
				default:
					missing[p.Path] = append(missing[p.Path], FuncKey(fn))
				}
			}
		}
	}
	var libs []string
	for lib := range counts {
		libs = append(libs, lib)
	}
	sort.Strings(libs)
	for _, lib := range libs {
		c := counts[lib]
		t.Logf("%-22s %5d/%-5d classified (%d modelled, %d inert, %d unknown)", lib, c.modelled+c.inert+c.unknown, c.total, c.modelled, c.inert, c.unknown)
	}
	for _, m := range dedup(misfits) {
		t.Error(m)
	}

	var pkgs []string
	for p := range missing {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	var report strings.Builder
	report.WriteString(gapsHeader)
	var gaps []string
	for _, p := range pkgs {
		keys := dedup(missing[p])
		report.WriteString(p + ":\n")
		for _, k := range keys {
			report.WriteString("  " + k + "\n")
			gaps = append(gaps, k)
		}
	}
	if out := os.Getenv("JOBEFFECTS_UNCLASSIFIED"); out != "" {
		os.WriteFile(out, []byte(report.String()), 0o644)
	}
	if *updateGaps {
		if err := os.WriteFile(gapsFile, []byte(report.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d calls not classified yet (%s)", len(gaps), gapsFile)
	known := readGaps(t)
	var fresh, closed []string
	for _, k := range gaps {
		if !known[k] {
			fresh = append(fresh, k)
		}
		delete(known, k)
	}
	for k := range known {
		closed = append(closed, k)
	}
	sort.Strings(closed)
	if len(fresh) > 0 {
		t.Errorf("%d exported calls of catalogued libraries are neither modelled nor declared inert or unknown (add them to the library's functions:, inert: or unknown: in analyzer/catalog):\n  %s", len(fresh), strings.Join(fresh, "\n  "))
	}
	if len(closed) > 0 {
		t.Errorf("%d calls of %s are classified now or gone from the API: remove them (go test ./analyzer/models -run TestCatalogIsComplete -update-gaps):\n  %s", len(closed), gapsFile, strings.Join(closed, "\n  "))
	}
}

const gapsHeader = `# Calls of analyzer/models/testdata/api.txt the catalog does not classify
# yet, per package. Only ever shrinks: classify a call in analyzer/catalog,
# then rewrite this file with
#   go test ./analyzer/models -run TestCatalogIsComplete -update-gaps
`

// readGaps reads gapsFile's keys.
func readGaps(t *testing.T) map[string]bool {
	t.Helper()
	data, err := os.ReadFile(gapsFile)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "  ") {
			out[strings.TrimSpace(line)] = true
		}
	}
	return out
}

// catalogFiles parses the embedded catalog, keeping each library's name
// and packages for the coverage report.
func catalogFiles(t *testing.T) []File {
	t.Helper()
	cf, err := catalog.Files()
	if err != nil {
		t.Fatal(err)
	}
	var files []File
	for _, c := range cf {
		f, err := Parse(c.Name, c.Data)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// catalogPatterns are the go list patterns of the catalog's non-standard
// packages, but those of libraries declared all inert.
func catalogPatterns(files []File) []string {
	var out []string
	for _, f := range files {
		for _, lib := range f.Libraries {
			if lib.AllInert || lib.MajorOf != "" {
				continue
			}
			for _, p := range lib.Packages {
				if !IsStandard(p) {
					out = append(out, p)
				}
			}
		}
	}
	sort.Strings(out)
	return dedup(out)
}

// libraryOf names the catalog library whose packages hold package p.
func libraryOf(files []File, p string) string {
	for _, f := range files {
		for _, lib := range f.Libraries {
			for _, q := range lib.Packages {
				if p == q || (strings.HasSuffix(q, "/...") && (p == strings.TrimSuffix(q, "/...") || strings.HasPrefix(p, strings.TrimSuffix(q, "...")))) {
					return lib.Name
				}
			}
		}
	}
	return "?"
}

// checkPinned checks that the listing is of the module versions
// testdata/apis requires, and that the example modules under the
// repository's testdata, which the end-to-end tests run the real
// libraries in, require the versions listed: a version bumped anywhere
// without running -update fails here.
func checkPinned(t *testing.T, l *apiListing) {
	t.Helper()
	listed := map[string]string{}
	for _, m := range l.Modules {
		listed[m.Path] = m.Version
	}
	how := "go test ./analyzer/models -run TestCatalogIsComplete -update"
	api := readGoMod(t, filepath.Join(apiModule, "go.mod"))
	required := map[string]string{}
	for _, r := range api.Require {
		required[r.Mod.Path] = r.Mod.Version
	}
	for _, m := range l.Modules {
		if v := required[m.Path]; v != m.Version {
			t.Errorf("%s lists %s %s, but %s/go.mod requires %q: run %s", apiFile, m.Path, m.Version, apiModule, v, how)
		}
	}
	mods, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "*", "go.mod"))
	if len(mods) == 0 {
		t.Fatal("no example modules under testdata")
	}
	for _, gm := range mods {
		f := readGoMod(t, gm)
		for _, r := range f.Require {
			if r.Indirect {
				continue
			}
			if v, ok := listed[r.Mod.Path]; ok && v != r.Mod.Version {
				t.Errorf("%s requires %s %s, but %s lists %s: require the same version in %s/go.mod and run %s", gm, r.Mod.Path, r.Mod.Version, apiFile, v, apiModule, how)
			}
		}
	}
}

func readGoMod(t *testing.T, name string) *modfile.File {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	f, err := modfile.ParseLax(name, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// unlisted are the catalogued libraries whose packages are not in the
// listing, and why: their models were checked by hand against the
// declarations their fixtures' stubs copy.
var unlisted = map[string]string{
	"gocraft-work": "github.com/gocraft/work is not served by the module proxy",
	"rmq":          "github.com/adjust/rmq (v4, v5) is not served by the module proxy",
}

// checkListed checks that every catalogued library that is not all inert
// has packages in the listing: one added to the catalog without its
// module in testdata/apis would escape the check.
func checkListed(t *testing.T, l *apiListing, files []File) {
	t.Helper()
	var paths []string
	for _, m := range l.Modules {
		for _, p := range m.Packages {
			paths = append(paths, p.Path)
		}
	}
	for _, f := range files {
		for _, lib := range f.Libraries {
			if lib.AllInert || unlisted[lib.Name] != "" || lib.MajorOf != "" {
				continue
			}
			found, std := false, true
			for _, q := range lib.Packages {
				if IsStandard(q) {
					continue
				}
				std = false
				for _, p := range paths {
					if libraryOf([]File{{Libraries: []Library{{Packages: []string{q}}}}}, p) != "?" {
						found = true
					}
				}
			}
			if !std && !found {
				t.Errorf("library %s (%s): none of its packages is in %s: require its module in %s/go.mod and run go test ./analyzer/models -run TestCatalogIsComplete -update",
					lib.Name, strings.Join(lib.Packages, ", "), apiFile, apiModule)
			}
		}
	}
}

func dedup(xs []string) []string {
	sort.Strings(xs)
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}
