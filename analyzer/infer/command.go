package infer

import (
	"slices"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// Command returns how a reviewer reads a command line the catalog does
// not know, by its subcommand's first word (sub is the first argument
// that is not an option), or nil. line names it in the reason
// ("typst compile").
func Command(line, sub string) *effect.Reading {
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
	return nil
}
