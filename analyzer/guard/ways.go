package guard

import "golang.org/x/tools/go/ssa"

// A read is the check of check-then-act only when what it returned
// decides whether the act happens: one answer acts, the other skips it
// (returns, or goes on to the next item) without acting. A read that
// chooses which of two acting ways the work takes is no check, though
// one way writes back the row it read: ghsync's stored pull request
// sends the node id it holds to a batched GraphQL fetch, and only when
// that fetch does not know the node (or there is no id) fetches the
// REST way, whose 304 writes the checked-at time back. The test there
// asks how the batched fetch went, which testsActOutcome tells.
//
// That the branch not taken acts on its own does not make the read a
// choice of way (tried at stop 56 and taken out): roxy's stored work row
// sends the job to wait on the transcription's status (a push to a
// websocket) instead of uploading the audio again, and the read is the
// check of check-then-act all the same.

// testsActOutcome reports whether the test ifi reads the read only
// through the outcome of an act: the read's value went into a call that
// acts (the batched fetch given the stored row), and the test asks how
// that call went (err != nil: fall back to the other way). Whatever
// the answer, the act has run: the test chooses how to go on, not
// whether to act.
func testsActOutcome(ifi *ssa.If, read ssa.Value, acts map[ssa.CallInstruction]bool) bool {
	seen := map[ssa.Value]int{}
	for ci := range acts {
		if v := ci.Value(); v != nil && v != read {
			// Looked at "nearer than any depth": influencedIn goes no
			// further through the act's result.
			seen[v] = -1
		}
	}
	return len(seen) > 0 && !influencedIn(ifi.Cond, read, 0, seen)
}
