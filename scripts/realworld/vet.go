package main

import (
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
)

// parity compares, on one application, the findings go vet reports
// (go vet -vettool=jobeffects) with the command's (jobeffects PKGS): the
// same handlers with the same rules, by position and rule.
type parity struct {
	Name       string   `json:"name"`
	CLI        int      `json:"cli"`
	Vet        int      `json:"vet"`
	Both       int      `json:"both"`
	CLIOnly    []string `json:"cli_only"`
	VetOnly    []string `json:"vet_only"`
	Unresolved int      `json:"unresolved"` // vet's unresolved notes (the command never reports them)
	VetSeconds float64  `json:"vet_seconds"`
	CLISeconds float64  `json:"cli_seconds"`
	Error      string   `json:"error,omitempty"`
}

// finding matches a diagnostic's first line: "file:line:col: rule: …".
var finding = regexp.MustCompile(`^(\S+?:\d+:\d+): ([a-z-]+): `)

func findings(out string, root string) (map[string]bool, int) {
	set := map[string]bool{}
	unresolved := 0
	for _, line := range strings.Split(out, "\n") {
		m := finding.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if m[2] == "unresolved" {
			unresolved++
			continue
		}
		pos := strings.TrimPrefix(m[1], root+string(filepath.Separator))
		set[pos+" "+m[2]] = true
	}
	return set, unresolved
}

func vetParity(l *label, bin, work string) parity {
	p := parity{Name: l.Name}
	src, err := prepare(l, work)
	if err != nil {
		p.Error = err.Error()
		return p
	}
	dir := filepath.Join(src, l.Dir)
	runIn := func(name string, args ...string) (string, float64) {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		start := time.Now()
		_ = cmd.Run() // findings exit non-zero
		return out.String(), time.Since(start).Seconds()
	}
	vetOut, vs := runIn("go", append([]string{"vet", "-vettool=" + bin}, l.Packages...)...)
	cliOut, cs := runIn(bin, l.Packages...)
	p.VetSeconds, p.CLISeconds = vs, cs
	vet, unresolved := findings(vetOut, dir)
	cli, _ := findings(cliOut, dir)
	p.Vet, p.CLI, p.Unresolved = len(vet), len(cli), unresolved
	for f := range cli {
		if vet[f] {
			p.Both++
		} else {
			p.CLIOnly = append(p.CLIOnly, f)
		}
	}
	for f := range vet {
		if !cli[f] {
			p.VetOnly = append(p.VetOnly, f)
		}
	}
	sort.Strings(p.CLIOnly)
	sort.Strings(p.VetOnly)
	return p
}

func printParity(w io.Writer, ps []parity, verbose bool) {
	fmt.Fprintln(w, "| application | command findings | go vet findings | both | command only | go vet only | go vet unresolved notes | go vet s | command s |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, p := range ps {
		if p.Error != "" {
			fmt.Fprintf(w, "| %s | error: %s | | | | | | | |\n", p.Name, p.Error)
			continue
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d | %d | %d | %.1f | %.1f |\n", p.Name, p.CLI, p.Vet, p.Both, len(p.CLIOnly), len(p.VetOnly), p.Unresolved, p.VetSeconds, p.CLISeconds)
	}
	if !verbose {
		return
	}
	for _, p := range ps {
		for _, f := range p.CLIOnly {
			fmt.Fprintf(w, "%s: command only: %s\n", p.Name, f)
		}
		for _, f := range p.VetOnly {
			fmt.Fprintf(w, "%s: go vet only: %s\n", p.Name, f)
		}
	}
}
