package wholeprogram_test

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// TestExportedGlobalInterface: a call through an exported interface-typed
// package-level variable runs the methods of the types the program stores
// into it (main sets logx.Log and logx.Alerts); one nothing stores into
// is not resolved (its reading by the method's name applies, as to any
// call the program does not resolve).
func TestExportedGlobalInterface(t *testing.T) {
	got := handlerLines(resolve(t, "globalifacewhole/jobs", "globalifacewhole/worker"), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op
			if e.By != "" {
				line += " by " + e.By
			}
		}
		return line
	})
	// Each handler as jobs finds it by its shape (no task) and as main
	// registers it.
	wantLines(t, got, []string{
		" high http/post by code",
		" high push/send by name",
		" safe",
		"alert high http/post by code",
		"log safe",
		"other high push/send by name",
	})
}

// TestAssertedInterfaceBoundary: another module's logger formats the
// values it is given that implement its Formatter interface
// (kv[i].(Formatter).Format()); when no type of the program implements
// it, the assertion never succeeds and the logging call has no effect
// (fmtlogwhole); a program that passes a value whose Format posts keeps
// the call an unknown effect (fmtlogloud).
func TestAssertedInterfaceBoundary(t *testing.T) {
	line := func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, e := range h.Effects {
			line += " " + e.Kind + "/" + e.Op + " " + e.Target
		}
		return line
	}
	hooks := analyzer.Hooks{KeepSummaries: true, Whole: true}
	wantLines(t, handlerLines(resolveWith(t, hooks, "fmtlogwhole"), line), []string{
		"log safe",
	})
	wantLines(t, handlerLines(resolveWith(t, hooks, "fmtlogloud"), line), []string{
		"log unknown dynamic_call/call kvlog.ZError",
	})
}
