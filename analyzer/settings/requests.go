package settings

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The requests every caller makes, named: which directory a package's
// settings are found from, and which root its positions are relative to,
// is decided here and nowhere else.

// ForPackage is the request of a package's pass: its directory dir (of
// its first file), its import path, and its module's path and directory
// as the driver knows them ("" outside a module). Positions are relative
// to the module's directory, or in a GOPATH layout to the GOPATH's src.
func ForPackage(dir, pkgPath, modPath, modDir string, f Flags) Request {
	return Request{Dir: dir, Root: packageRoot(dir, pkgPath, modPath, modDir), Module: modPath != "", Flags: f}
}

// packageRoot is the directory positions are made relative to: the
// module's, or in a GOPATH layout the GOPATH's src.
func packageRoot(dir, pkgPath, modPath, modDir string) string {
	switch {
	case modDir != "":
		return modDir
	case dir != "":
		suffix := string(filepath.Separator) + filepath.FromSlash(pkgPath)
		if modPath == "" && strings.HasSuffix(dir, suffix) {
			return strings.TrimSuffix(dir, suffix) // GOPATH layout
		}
		return moduleRoot(dir)
	}
	return ""
}

// ForModule is the request of a main-module package whose module's
// directory is root: the one its pass made (ForPackage's module root is
// root), for what follows the pass — the whole-program phase's baseline,
// the fact cache's name for the package.
func ForModule(root string, f Flags) Request {
	return Request{Dir: root, Root: root, Module: true, Flags: f}
}

// ForRun is the request of the config that governs a run of the command
// as a whole (the whole-program phase's models, the config's names
// checked against the loaded packages): the one found from the working
// directory, or -config.
func ForRun(f Flags) Request {
	wd, _ := os.Getwd()
	return Request{Dir: wd, Flags: f}
}

// ForConfig is the request of -config alone (no module): what it reads
// governs every package, so the fact cache's salt holds its digest.
func ForConfig(f Flags) Request {
	return Request{Flags: Flags{Config: f.Config, Safe: f.Safe}}
}

// VetInputs are the files the analysis of the module containing dir
// reads besides its sources, as a pass resolves and reads them — the
// config (found from dir, or -jobeffects.config), the baseline and the
// migrations — one "NAME SUM" line each: go vet's version line hashes
// them (a file inside the module named by its module-relative path, so
// that what the analysis reads there is the same wherever the module is,
// and two modules with the same inputs share go vet's results for the
// packages they have in common, the standard library above all).
func VetInputs(dir string, f Flags) []string {
	root := moduleRoot(dir)
	var out []string
	for _, in := range inputs(Request{Dir: dir, Module: true, Flags: f}) {
		path := in.Path
		if rel, err := filepath.Rel(root, path); root != "" && err == nil && filepath.IsLocal(rel) {
			path = "module:" + filepath.ToSlash(rel)
		}
		out = append(out, fmt.Sprintf("%s %s", path, in.Sum))
	}
	return out
}
