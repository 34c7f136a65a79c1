package guard

import "golang.org/x/tools/go/ssa"

// A read is the check of check-then-act only when what it returned
// decides whether the act happens: one answer acts, the other skips it
// (returns, or goes on to the next item) without acting. A read that
// chooses which of two acting ways the work takes is no check, though
// one way writes back the row it read: ghsync's stored pull request
// sends the node id it holds to a batched GraphQL fetch, and only when
// that fetch does not know the node (or there is no id) fetches the
// REST way, whose 304 writes the checked-at time back. The two forms
// of such a choice are below.

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

// skipActs reports whether the other branch of a check acts on its own
// (blocks it reaches before the check comes again, the loop's head or
// what the work's branch reaches too): both answers act, each its own
// way (with a node id the batched fetch, without it the REST one), so
// the read chose the way, not whether to act.
func skipActs(other, work *ssa.BasicBlock, acts map[ssa.CallInstruction]bool) bool {
	check := work.Preds[0]
	stop := func(b *ssa.BasicBlock) bool { return b == check || b.Dominates(check) }
	fromWork := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{work}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if fromWork[b] || stop(b) {
			continue
		}
		fromWork[b] = true
		stack = append(stack, b.Succs...)
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack = []*ssa.BasicBlock{other}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] || stop(b) || fromWork[b] {
			continue
		}
		seen[b] = true
		for _, instr := range b.Instrs {
			if ci, ok := instr.(ssa.CallInstruction); ok && acts[ci] {
				return true
			}
		}
		stack = append(stack, b.Succs...)
	}
	return false
}
