package wholeprogram_test

import (
	"testing"

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
