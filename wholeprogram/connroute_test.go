package wholeprogram_test

import (
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/result"
)

// TestConnectionRouter: a push gateway's handler writes to the
// connections a package-level router holds, which the accept loop (run
// from main, not from the handler) fills from a channel; the write runs
// on an in-process pool as a func value with the connection as its
// argument. The interface call is the program's two connection types'.
func TestConnectionRouter(t *testing.T) {
	got := handlerLines(resolve(t, "connroute/session", "connroute/worker"), func(h *result.Handler) string {
		line := h.Task + " " + h.Risk.String()
		for _, e := range h.Effects {
			if e.Kind != "memory_write" { // the pool's queue
				line += " " + e.Kind + "/" + e.Op
			}
		}
		return line
	})
	// The second connection type writes and flushes a *bufio.ReadWriter
	// kept in a field over the accepted *net.TCPConn: two network writes
	// (summary/bufiowrap.go), not no effect.
	wantLines(t, got, []string{
		" high http/post network/write network/write",
		"push high http/post network/write network/write",
	})
}
