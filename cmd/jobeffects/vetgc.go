package main

import (
	"os"
	"runtime/debug"
)

// The collector in a go vet unit. Under go vet each package is a process
// of its own that lives a fraction of a second: it decodes the catalog
// (a few MB of trees and models, live to the end), type-checks its
// package and analyses it. At GOGC=100 the heap's first goals are 4, 8, 16
// MB, so the collector ran several times while the catalog alone was
// decoded, each time finding it all live: a fifth of the tool's CPU in a
// vet run of testdata/ecosystem went to collections (perf, stop 57). A
// unit therefore runs at GOGC=400 (as the command's load does, gcForLoad)
// under a soft limit of vetUnitLimit, raised to 1.25× the live heap when
// it grows past four fifths of it (keepHeadroom): a small unit collects
// rarely, and a large one (a generated API package) no later than at the
// limit, or at 1.25× its live heap, rather than at five times it. GOGC
// or GOMEMLIMIT set by the user leave the collector to them.

// vetUnitGCPercent is GOGC in a go vet unit.
const vetUnitGCPercent = 400

// vetUnitLimit is the soft limit a go vet unit starts with.
const vetUnitLimit = 256 << 20

// setVetUnitGC sets the collector of a go vet unit process.
func setVetUnitGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" || os.Getenv("AUTOMEMLIMIT") == "off" {
		return
	}
	debug.SetGCPercent(vetUnitGCPercent)
	debug.SetMemoryLimit(vetUnitLimit)
	go keepHeadroom(vetUnitLimit)
}
