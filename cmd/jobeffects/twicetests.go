package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/jobeffects/jobeffects/inventory/schema"
	"github.com/jobeffects/jobeffects/inventory/twicetests"
)

const twiceTestsUsage = `usage: jobeffects twice-tests [flags] INVENTORY.yaml

Writes a test skeleton for every handler the inventory lists (jobeffects
inventory ./... -o INVENTORY.yaml), one file per package: each test
delivers its handler again with github.com/jobeffects/jobeffects/twice
(sequentially, concurrently, crashed after each effect point), through its
framework's adapter, observing the tables and HTTP targets the inventory
names for it, and skips until its TODOs (input, dependencies, fixture) are
done. Run it in the module root the inventory was written for (or -C).
Without -w the files are printed; with -w they are written into the
packages, never over an existing file unless -force.
`

func runTwiceTests(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("twice-tests", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, twiceTestsUsage)
		fmt.Fprintf(stderr, "\nFlags of twice-tests:\n")
		fs.PrintDefaults()
	}
	write := fs.Bool("w", false, "write the files into the handlers' packages instead of printing them")
	force := fs.Bool("force", false, "with -w, overwrite files that exist")
	name := fs.String("name", "twice_test.go", "the file name written in each package")
	dsnEnv := fs.String("dsn-env", "TWICE_PG_DSN", "the environment variable the tests read the database's DSN from")
	flagArgs, rest := splitArgs(args, fs)
	if err := fs.Parse(flagArgs); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitClean
		}
		return exitError
	}
	rest = append(rest, fs.Args()...)
	if len(rest) != 1 {
		fs.Usage()
		return exitError
	}
	data, err := os.ReadFile(rest[0])
	if err != nil {
		fmt.Fprintf(stderr, "jobeffects: %v\n", err)
		return exitError
	}
	var inv schema.Inventory
	if err := yaml.Unmarshal(data, &inv); err != nil {
		fmt.Fprintf(stderr, "jobeffects: %s: %v\n", rest[0], err)
		return exitError
	}
	if inv.Schema != schema.ID {
		fmt.Fprintf(stderr, "jobeffects: %s: schema %q, want %s (an inventory from jobeffects inventory)\n", rest[0], inv.Schema, schema.ID)
		return exitError
	}
	files, err := twicetests.Generate(&inv, twicetests.Options{FileName: *name, DSNEnv: *dsnEnv, Source: filepath.Base(rest[0])})
	if err != nil {
		fmt.Fprintf(stderr, "jobeffects: %v\n", err)
		return exitError
	}
	if len(files) == 0 {
		fmt.Fprintf(stderr, "jobeffects: %s lists no handler to test\n", rest[0])
		return exitClean
	}
	if !*write {
		for i, f := range files {
			if len(files) > 1 {
				if i > 0 {
					fmt.Fprintln(stdout)
				}
				fmt.Fprintf(stdout, "// ==== %s ====\n", f.Path)
			}
			stdout.Write(f.Content)
		}
		return exitClean
	}
	if !*force {
		var exist []string
		for _, f := range files {
			if _, err := os.Stat(filepath.FromSlash(f.Path)); err == nil {
				exist = append(exist, f.Path)
			}
		}
		if len(exist) > 0 {
			fmt.Fprintf(stderr, "jobeffects: %s already exist (-force overwrites, -name writes another file)\n", strings.Join(exist, ", "))
			return exitError
		}
	}
	for _, f := range files {
		if err := writeFile(filepath.FromSlash(f.Path), f.Content); err != nil {
			fmt.Fprintf(stderr, "jobeffects: %v\n", err)
			return exitError
		}
		fmt.Fprintf(stderr, "jobeffects: wrote %s (%d tests)\n", f.Path, strings.Count(string(f.Content), "\nfunc TestTwice"))
	}
	return exitClean
}
