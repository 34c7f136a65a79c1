package guard

import "golang.org/x/tools/go/ssa"

// reachableFrom is the set of blocks reachable from from (itself
// included), never entering avoid (nil: none; from == avoid: empty). The
// checks that ask "what does this edge lead to" share it rather than
// each walking the successors again.
func reachableFrom(from, avoid *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	out := map[*ssa.BasicBlock]bool{}
	if from == avoid {
		return out
	}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if out[b] || b == avoid {
			continue
		}
		out[b] = true
		stack = append(stack, b.Succs...)
	}
	return out
}
