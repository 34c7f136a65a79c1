package infer

import (
	"slices"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// Command returns how a reviewer reads a command line the catalog does
// not know, by its subcommand's first word (sub is the first argument
// that is not an option), else by an output option given a path (args
// are the arguments, "" where not constant), or nil. line names it in the
// reason ("typst compile").
func Command(line, sub string, args []string) *effect.Reading {
	t, err := names()
	if err != nil {
		return nil
	}
	ws := words(sub)
	if len(ws) == 0 {
		return nil
	}
	for i := range t.Commands {
		c := &t.Commands[i]
		if slices.Contains(c.Verbs, ws[0]) {
			return &effect.Reading{Kind: c.Effect.Kind, Op: c.Effect.Op, Risk: c.risk,
				Why: "inferred from the command line " + line + ": " + c.Why}
		}
	}
	if flag := outputFlag(t.OutputFlags, args); flag != "" {
		return &effect.Reading{Kind: effect.KindFile, Op: effect.OpWrite, Risk: effect.Safe,
			Why: "inferred from the command line " + line + " " + flag + ": writes its output files there (overwritten by a second run)"}
	}
	return nil
}

// outputFlag is the output option of a command line whose value is a path
// (not known statically, or with a slash or a dot: "--output json" names
// a format), or "".
func outputFlag(flags, args []string) string {
	for i, a := range args {
		if !slices.Contains(flags, a) || i+1 >= len(args) {
			continue
		}
		if v := args[i+1]; v == "" || strings.ContainsAny(v, "/.") {
			return a
		}
	}
	return ""
}
