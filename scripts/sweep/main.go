// Command sweep runs jobeffects' per-package analysis over many real
// modules from the module proxy and reports what went wrong: crashes (a
// process that died, or a package whose analysis failed and was
// contained), hangs (a package over the time bound), packages over the
// memory bound, and the slowest packages.
//
//	go run ./scripts/sweep [-list scripts/sweep/modules.txt] [-closures] [-work DIR] [-limit N]
//	go run ./scripts/sweep -list scripts/sweep/ci.txt -closures=false   # CI's slice
//
// Each module (a module@version line of the list; -closures adds the
// modules that provide packages to the example modules under testdata) is
// analysed as a dependency of an empty module that requires it, in a
// worker process: the worker loads module/... with go/packages (no tests)
// and runs the analyzer on every package of the import graph, one package
// at a time, as go vet would (each package's pass reads its imports'
// facts). A worker takes a batch of modules (-batch): they share the
// loading of the standard library and of common dependencies (another
// module of the batch may need a newer version of one: the version
// analysed is recorded). A watchdog in the worker stops a pass that
// exceeds the CPU time (-cpu), wall time (-wall) or memory (-mem) bound
// and records which package it was; a worker that dies (a stack overflow
// cannot be recovered) is a crash of the package it was analysing. A
// batch that does not finish is analysed again module by module. Packages
// that do not load or type-check (cgo headers, build constraints, a newer
// Go) are counted apart: they are not analysed.
//
// Results go to the work directory (default: the user cache dir's
// jobeffects-sweep): one JSON file per module (a rerun skips the modules
// already done; -fresh starts again), results.json with every module and
// package, and results.md with the figures and the slowest packages. The
// exit status is 1 when a crash, hang or memory overrun was found.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

type options struct {
	list     string
	closures bool
	work     string
	limit    int
	batch    int
	cpu      time.Duration
	wall     time.Duration
	mem      int64 // bytes
	module   time.Duration
	fresh    bool
	verbose  bool
	testdata string
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "-worker" {
		os.Exit(workerMain(os.Args[2:]))
	}
	var o options
	var memMB int64
	flag.StringVar(&o.list, "list", "scripts/sweep/modules.txt", "file of module@version lines (# comments)")
	flag.BoolVar(&o.closures, "closures", true, "also the modules providing packages to the example modules under -testdata")
	flag.StringVar(&o.testdata, "testdata", "testdata", "the directory of the example modules (for -closures)")
	flag.StringVar(&o.work, "work", "", "work directory (default: the user cache dir's jobeffects-sweep)")
	flag.IntVar(&o.limit, "limit", 0, "analyse only the first N modules of the list (0: all)")
	flag.IntVar(&o.batch, "batch", 12, "modules analysed together by one worker (they share the loading of the standard library and common dependencies; a batch that does not finish is analysed again module by module)")
	flag.DurationVar(&o.cpu, "cpu", 60*time.Second, "CPU time bound of one package's analysis")
	flag.DurationVar(&o.wall, "wall", 5*time.Minute, "wall time bound of one package's analysis (on a loaded machine CPU time is the fairer bound)")
	flag.Int64Var(&memMB, "mem", 3072, "memory bound of a worker (resident MiB) while a package is analysed")
	flag.DurationVar(&o.module, "module-timeout", 20*time.Minute, "wall time bound of one module (download, load and analysis); a batch has it once per module")
	flag.BoolVar(&o.fresh, "fresh", false, "analyse again the modules the work directory has results for")
	flag.BoolVar(&o.verbose, "v", false, "print each module's result as it comes")
	flag.Parse()
	o.mem = memMB << 20
	if o.work == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			fmt.Fprintln(os.Stderr, "sweep:", err)
			os.Exit(2)
		}
		o.work = filepath.Join(dir, "jobeffects-sweep")
	}
	code, err := sweep(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sweep:", err)
		os.Exit(2)
	}
	os.Exit(code)
}
