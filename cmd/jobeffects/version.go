package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// buildVersion describes the binary from its build information, as
// staticcheck and govulncheck do: the module version (a tag with go
// install …@vX, "(devel)" for a build from a clone) and, when the go
// command stamped it, the VCS revision, its time and whether the tree was
// modified.
func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "jobeffects (no build information) " + runtime.Version()
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, when, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	out := fmt.Sprintf("jobeffects %s", v)
	if rev != "" {
		out += fmt.Sprintf(" (revision %s%s", rev, modified)
		if when != "" {
			out += ", " + when
		}
		out += ")"
	}
	return out + " " + bi.GoVersion
}

func printVersion(w io.Writer) int {
	fmt.Fprintln(w, buildVersion())
	return exitClean
}

// moduleVersion is the main module's version ("(devel)" for a build from
// a clone).
func moduleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
