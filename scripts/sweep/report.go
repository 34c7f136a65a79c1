package main

import (
	"fmt"
	"sort"
	"strings"
)

// report is results.json: the figures, the problems, the slowest
// packages, and every module's result.
type report struct {
	Summary  summary         `json:"summary"`
	Problems []problem       `json:"problems"`
	Slowest  []packageFigure `json:"slowest"`
	Largest  []packageFigure `json:"largest"` // by heap growth during the pass
	Modules  []*moduleResult `json:"modules"`
}

type summary struct {
	Modules     int `json:"modules"`      // in the list and the closures
	Analysed    int `json:"analysed"`     // modules whose packages were analysed
	Unavailable int `json:"unavailable"`  // not served, or not downloadable
	LoadFailed  int `json:"load_failed"`  // nothing of the module loads (cgo, a newer Go)
	Packages    int `json:"packages"`     // distinct packages analysed (module@version/path), the standard library not counted
	Own         int `json:"own_packages"` // of them, packages of the modules swept
	LoadErrors  int `json:"load_errors"`  // packages of the modules swept that did not load or type-check
	Crashes     int `json:"crashes"`      // workers that died (a package's analysis killed the process)
	Contained   int `json:"contained"`    // packages whose analysis failed and was contained (analysis-failed)
	Hangs       int `json:"hangs"`        // packages over the time bound
	Memory      int `json:"memory"`       // packages over the memory bound
	Timeouts    int `json:"timeouts"`     // modules over the module time bound
	// Passes over all modules, and their CPU time.
	Passes      int     `json:"passes"`
	CPUSeconds  float64 `json:"cpu_seconds"`
	WallSeconds float64 `json:"wall_seconds"` // the sweep's, downloads and loading included
}

type problem struct {
	Kind    string `json:"kind"`
	Module  string `json:"module"`
	Package string `json:"package"`
	Detail  string `json:"detail"`
}

type packageFigure struct {
	Package string `json:"package"`
	Module  string `json:"module"`
	CPUMS   int64  `json:"cpu_ms"`
	WallMS  int64  `json:"wall_ms"`
	HeapMB  int64  `json:"heap_mb"`
}

func summarise(all []*moduleResult) *report {
	rep := &report{Modules: all}
	s := &rep.Summary
	s.Modules = len(all)
	best := map[string]packageFigure{}
	own := map[string]bool{}
	for _, r := range all {
		s.WallSeconds += r.Seconds
		switch r.Status {
		case "unavailable":
			s.Unavailable++
			continue
		case "load-error":
			s.LoadFailed++
		default:
			s.Analysed++
		}
		s.LoadErrors += len(r.LoadErrors)
		mod := r.Module + "@" + r.Version
		switch r.Status {
		case "crash":
			s.Crashes++
		case "hang":
			s.Hangs++
		case "memory":
			s.Memory++
		case "timeout":
			s.Timeouts++
		}
		if r.Status != "ok" && r.Status != "load-error" && r.Status != "contained" {
			rep.Problems = append(rep.Problems, problem{r.Status, mod, r.Culprit, r.Error})
		}
		for _, p := range r.Passes {
			s.Passes++
			s.CPUSeconds += float64(p.CPUMS) / 1000
			if p.Failed != "" {
				s.Contained++
				rep.Problems = append(rep.Problems, problem{"contained", mod, p.Package, p.Failed})
			}
			if p.Module == "std" || p.Module == "" {
				continue
			}
			k := p.Module + "/" + p.Package
			if p.Root {
				own[k] = true
			}
			f := packageFigure{p.Package, p.Module, p.CPUMS, p.WallMS, p.HeapMB}
			if o, ok := best[k]; !ok || f.CPUMS > o.CPUMS {
				if ok && o.HeapMB > f.HeapMB {
					f.HeapMB = o.HeapMB
				}
				best[k] = f
			}
		}
	}
	s.Packages, s.Own = len(best), len(own)
	var figs []packageFigure
	for _, f := range best {
		figs = append(figs, f)
	}
	sort.Slice(figs, func(i, j int) bool {
		if figs[i].CPUMS != figs[j].CPUMS {
			return figs[i].CPUMS > figs[j].CPUMS
		}
		return figs[i].Package < figs[j].Package
	})
	rep.Slowest = figs[:min(20, len(figs))]
	bySize := append([]packageFigure(nil), figs...)
	sort.SliceStable(bySize, func(i, j int) bool { return bySize[i].HeapMB > bySize[j].HeapMB })
	rep.Largest = bySize[:min(10, len(bySize))]
	sort.Slice(rep.Problems, func(i, j int) bool {
		a, b := rep.Problems[i], rep.Problems[j]
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.Module+a.Package < b.Module+b.Package
	})
	return rep
}

func (rep *report) markdown() string {
	var b strings.Builder
	s := rep.Summary
	fmt.Fprintf(&b, "| figure | value |\n|---|---|\n")
	rows := [][2]string{
		{"modules (list and example closures)", fmt.Sprint(s.Modules)},
		{"modules analysed", fmt.Sprint(s.Analysed)},
		{"modules not available from the proxy", fmt.Sprint(s.Unavailable)},
		{"modules none of whose packages load", fmt.Sprint(s.LoadFailed)},
		{"packages analysed (distinct, standard library not counted)", fmt.Sprint(s.Packages)},
		{"of them, packages of the modules swept", fmt.Sprint(s.Own)},
		{"packages that do not load or type-check (not analysed)", fmt.Sprint(s.LoadErrors)},
		{"crashes (the process died)", fmt.Sprint(s.Crashes)},
		{"analysis failures contained (analysis-failed)", fmt.Sprint(s.Contained)},
		{"hangs (over the time bound)", fmt.Sprint(s.Hangs)},
		{"over the memory bound", fmt.Sprint(s.Memory)},
		{"modules over the module time bound", fmt.Sprint(s.Timeouts)},
		{"package passes (with repeats across modules)", fmt.Sprint(s.Passes)},
		{"CPU time of the passes", fmt.Sprintf("%.0f s", s.CPUSeconds)},
		{"wall time of the sweep (downloads and loading included)", fmt.Sprintf("%.0f s", s.WallSeconds)},
	}
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %s |\n", r[0], r[1])
	}
	if len(rep.Problems) > 0 {
		fmt.Fprintf(&b, "\n| problem | module | package | detail |\n|---|---|---|---|\n")
		for _, p := range rep.Problems {
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", p.Kind, p.Module, p.Package, strings.ReplaceAll(p.Detail, "|", "\\|"))
		}
	}
	if len(rep.Slowest) > 0 {
		fmt.Fprintf(&b, "\nSlowest packages (CPU time of the analysis of one package):\n\n| package | module | CPU | wall | heap growth |\n|---|---|---|---|---|\n")
		for _, f := range rep.Slowest {
			fmt.Fprintf(&b, "| %s | %s | %.2f s | %.2f s | %d MiB |\n", f.Package, f.Module, float64(f.CPUMS)/1000, float64(f.WallMS)/1000, f.HeapMB)
		}
	}
	return b.String()
}
