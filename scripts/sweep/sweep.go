package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// moduleResult is what the sweep learnt about one module.
type moduleResult struct {
	Module  string `json:"module"`
	Version string `json:"version"`
	From    string `json:"from"` // the list, or the example module whose closure it is in
	// Status: ok, unavailable (not served), load-error (nothing of it
	// loads), crash, hang, memory, timeout.
	Status     string   `json:"status"`
	Culprit    string   `json:"culprit,omitempty"` // the package a crash, hang or overrun happened in
	Error      string   `json:"error,omitempty"`
	Roots      int      `json:"roots"`       // its packages
	LoadErrors []string `json:"load_errors"` // its packages that do not load or type-check
	Passes     []event  `json:"passes"`      // every package analysed (its own and its imports)
	Seconds    float64  `json:"seconds"`
	MaxRSSMB   int64    `json:"max_rss_mb"`
	LoadMS     int64    `json:"load_ms"`
}

type target struct {
	module, version, from string
}

func sweep(o options) (int, error) {
	targets, err := readList(o.list)
	if err != nil {
		return 0, err
	}
	if o.closures {
		more, err := closures(o.testdata)
		if err != nil {
			return 0, err
		}
		targets = append(targets, more...)
	}
	targets = dedupe(targets)
	if o.limit > 0 && len(targets) > o.limit {
		targets = targets[:o.limit]
	}
	if err := os.MkdirAll(filepath.Join(o.work, "results"), 0o755); err != nil {
		return 0, err
	}
	exe, err := os.Executable()
	if err != nil {
		return 0, err
	}
	s := &sweeper{o: o, exe: exe, started: time.Now(), total: len(targets)}
	var todo []target
	byKey := map[string]*moduleResult{}
	for _, t := range targets {
		if !o.fresh {
			if r := readResult(s.resultFile(t)); r != nil {
				byKey[t.key()] = r
				continue
			}
		}
		todo = append(todo, t)
	}
	s.done = len(byKey)
	// Modules of a batch share one load: the standard library and common
	// dependencies are type-checked once. A batch that does not finish is
	// analysed again one module at a time, to tell which one it was.
	for len(todo) > 0 {
		n := min(max(o.batch, 1), len(todo))
		batch := todo[:n]
		todo = todo[n:]
		rs, ok := s.run(batch)
		if !ok && n > 1 {
			for _, t := range batch {
				one, _ := s.run([]target{t})
				maps.Copy(rs, one)
			}
		}
		for _, t := range batch {
			r := rs[t.key()]
			data, _ := json.MarshalIndent(r, "", "  ")
			if err := os.WriteFile(s.resultFile(t), data, 0o644); err != nil {
				return 0, err
			}
			byKey[t.key()] = r
			s.done++
			if o.verbose || r.Status != "ok" {
				fmt.Fprintf(os.Stderr, "[%d/%d %s] %s: %s %s %s (%d packages)\n", s.done, s.total,
					time.Since(s.started).Round(time.Second), t.key(), r.Status, r.Culprit, r.Error, r.Roots)
			}
		}
	}
	var all []*moduleResult
	for _, t := range targets {
		r := byKey[t.key()]
		r.From = t.from
		all = append(all, r)
	}
	rep := summarise(all)
	data, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(o.work, "results.json"), data, 0o644); err != nil {
		return 0, err
	}
	md := rep.markdown()
	if err := os.WriteFile(filepath.Join(o.work, "results.md"), []byte(md), 0o644); err != nil {
		return 0, err
	}
	fmt.Print(md)
	fmt.Fprintf(os.Stderr, "sweep: %s; results in %s (results.json, results.md)\n", time.Since(s.started).Round(time.Second), o.work)
	if rep.Summary.Crashes+rep.Summary.Hangs+rep.Summary.Memory+rep.Summary.Timeouts+rep.Summary.Contained > 0 {
		return 1, nil
	}
	return 0, nil
}

type sweeper struct {
	o           options
	exe         string
	started     time.Time
	done, total int
	batches     int
}

func (t target) key() string { return t.module + "@" + t.version }

func (s *sweeper) resultFile(t target) string {
	return filepath.Join(s.o.work, "results", safeName(t.key())+".json")
}

// run analyses a batch of modules in one worker. ok is false when the
// worker did not finish (crash, hang, memory, timeout): the results then
// say so for every module of the batch.
func (s *sweeper) run(batch []target) (map[string]*moduleResult, bool) {
	s.batches++
	out := map[string]*moduleResult{}
	byPath := map[string]*moduleResult{}
	var keys []string
	for _, t := range batch {
		r := &moduleResult{Module: t.module, Version: t.version}
		out[t.key()] = r
		byPath[t.module] = r
		keys = append(keys, t.key())
	}
	dir := filepath.Join(s.o.work, "mods", fmt.Sprintf("batch-%03d", s.batches))
	os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		for _, r := range out {
			r.Status, r.Error = "unavailable", err.Error()
		}
		return out, true
	}
	progress := filepath.Join(dir, "progress.jsonl")
	ctx, cancel := context.WithTimeout(context.Background(), s.o.module*time.Duration(len(batch)))
	defer cancel()
	cmd := exec.CommandContext(ctx, s.exe, "-worker", "-dir", dir, "-modules", strings.Join(keys, ","),
		"-progress", progress, "-cpu", s.o.cpu.String(), "-wall", s.o.wall.String(), "-mem", fmt.Sprint(s.o.mem))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	secs := time.Since(start).Seconds() / float64(len(batch))
	var lastStart, stopped, culprit, why string
	done := false
	var doneEvent event
	var passes []event
	for _, e := range readEvents(progress) {
		switch e.Event {
		case "start":
			lastStart = e.Package
		case "pass":
			lastStart = ""
			passes = append(passes, e)
		case "unavailable":
			if r := byPath[e.Module]; r != nil {
				r.Status, r.Error = "unavailable", e.Error
			}
		case "hang", "memory":
			stopped, culprit = e.Event, e.Package
			why = fmt.Sprintf("stopped after %.1fs CPU, %.1fs wall", float64(e.CPUMS)/1000, float64(e.WallMS)/1000)
			if e.Event == "memory" {
				why += fmt.Sprintf(", heap grew by %d MiB", e.HeapMB)
			}
		case "done":
			done, doneEvent = true, e
		}
	}
	switch {
	case stopped != "":
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		stopped, culprit, why = "timeout", lastStart, "not done within the module time bound"
	case err != nil || !done:
		stopped, culprit, why = "crash", lastStart, crashLine(stderr.String(), err)
	}
	// Each pass belongs to the module swept it is a package of; the
	// dependencies' passes go to the first available module of the batch,
	// so that each pass is counted once.
	var first *moduleResult
	for _, t := range batch {
		if r := out[t.key()]; r.Status == "" && first == nil {
			first = r
		}
	}
	for _, p := range passes {
		mod, _, _ := strings.Cut(p.Module, "@")
		if r := byPath[mod]; r != nil && p.Root {
			r.Passes = append(r.Passes, p)
		} else if first != nil {
			first.Passes = append(first.Passes, p)
		}
	}
	for _, t := range batch {
		r := out[t.key()]
		if r.Status == "unavailable" {
			continue
		}
		r.Seconds, r.MaxRSSMB, r.LoadMS = secs, doneEvent.MaxRSSMB, doneEvent.LoadMS
		if l := doneEvent.Modules[t.module]; l != nil {
			r.Version, r.Roots, r.LoadErrors = l.Version, l.Roots, l.LoadErrors
		}
		switch {
		case stopped != "":
			r.Status, r.Culprit, r.Error = stopped, culprit, why
			if len(batch) > 1 {
				r.Error += " (in a batch of " + fmt.Sprint(len(batch)) + ")"
			}
		case r.Roots == 0 || len(r.LoadErrors) == r.Roots:
			r.Status = "load-error"
			r.Error = doneEvent.Error
			if r.Error == "" && len(r.LoadErrors) > 0 {
				r.Error = r.LoadErrors[0]
			}
			if r.Error == "" {
				r.Error = "no package of the module loaded"
			}
		default:
			r.Status = "ok"
			for _, p := range r.Passes {
				if p.Failed != "" && r.Culprit == "" {
					r.Status, r.Culprit, r.Error = "contained", p.Package, p.Failed
				}
			}
		}
	}
	if stopped == "" {
		os.RemoveAll(dir) // keep what explains a failure
	}
	return out, stopped == ""
}

// crashLine is the line that says why a worker died.
func crashLine(stderr string, err error) string {
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "fatal error:") || strings.HasPrefix(l, "panic:") || strings.HasPrefix(l, "runtime:") {
			return strings.TrimSpace(l)
		}
	}
	if err != nil {
		return err.Error()
	}
	return "the worker stopped without finishing"
}

func readEvents(path string) []event {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []event
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var e event
		if json.Unmarshal(sc.Bytes(), &e) == nil {
			out = append(out, e)
		}
	}
	return out
}

func readResult(path string) *moduleResult {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var r moduleResult
	if json.Unmarshal(data, &r) != nil || r.Status == "" {
		return nil
	}
	return &r
}

// readList reads module@version lines; # starts a comment.
func readList(path string) ([]target, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []target
	for i, line := range strings.Split(string(data), "\n") {
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		mod, ver, ok := strings.Cut(line, "@")
		if !ok || mod == "" || !strings.HasPrefix(ver, "v") {
			return nil, fmt.Errorf("%s:%d: want module@version, got %q", path, i+1, line)
		}
		out = append(out, target{mod, ver, filepath.Base(path)})
	}
	return out, nil
}

// closures lists the modules that provide packages to the example
// modules under dir (each directory with a go.mod), their tests included.
func closures(dir string) ([]target, error) {
	var mods []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == "go.mod" {
			mods = append(mods, filepath.Dir(path))
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(mods)
	var out []target
	for _, m := range mods {
		cmd := exec.Command("go", "list", "-e", "-deps", "-test", "-f",
			`{{with .Module}}{{if and (not .Main) (not .Replace)}}{{.Path}}@{{.Version}}{{end}}{{end}}`, "./...")
		cmd.Dir = m
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local", "GOWORK=off")
		data, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("go list in %s: %v", m, err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if mod, ver, ok := strings.Cut(strings.TrimSpace(line), "@"); ok && ver != "" {
				out = append(out, target{mod, ver, "closure of " + filepath.ToSlash(m)})
			}
		}
	}
	return out, nil
}

// dedupe keeps the first of each module@version.
func dedupe(ts []target) []target {
	seen := map[string]bool{}
	var out []target
	for _, t := range ts {
		k := t.module + "@" + t.version
		if !seen[k] {
			seen[k] = true
			out = append(out, t)
		}
	}
	return out
}

func safeName(s string) string {
	return strings.NewReplacer("/", "_", "@", "_at_", ":", "_").Replace(s)
}
