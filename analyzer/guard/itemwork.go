package guard

import "golang.org/x/tools/go/ssa"

// itemWork is the rest of a loop item's body after a check that skips
// the item (continue) when its row says done: the blocks reached from
// branch, the check's other edge, before the loop's head comes again,
// which still reach that head (the item's work, not what follows the
// loop). Where the check sits inside a test of the row's presence (if
// cur, ok := statuses[name]; ok { if cur.done { continue } }), the item
// with no row joins the work after it, so branch does not dominate the
// work, yet the "done" answer skips it all the same. Nil when the other
// edge is no plain skip to the loop's head.
func itemWork(branch *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	if len(branch.Preds) != 1 {
		return nil
	}
	check := branch.Preds[0]
	if len(check.Succs) != 2 {
		return nil
	}
	other := check.Succs[0]
	if other == branch {
		other = check.Succs[1]
	}
	// The head: the first block on the skip's straight path that
	// dominates the check (nextItem's).
	var head *ssa.BasicBlock
	for b, n := other, 0; b != nil && n < 16; n++ {
		if b.Dominates(check) {
			head = b
			break
		}
		if len(b.Succs) != 1 {
			return nil
		}
		b = b.Succs[0]
	}
	if head == nil {
		return nil
	}
	// Blocks above the head (an outer loop's) are no way back to it.
	above := map[*ssa.BasicBlock]bool{}
	for _, b := range head.Parent().Blocks {
		if b != head && b.Dominates(head) {
			above[b] = true
		}
	}
	out := map[*ssa.BasicBlock]bool{}
	for b := range reachableFrom(branch, head) {
		if backTo(b, head, above) {
			out[b] = true
		}
	}
	return out
}

// backTo reports whether head is reachable from b without going through
// the blocks of avoid.
func backTo(b, head *ssa.BasicBlock, avoid map[*ssa.BasicBlock]bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{b}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == head {
			return true
		}
		if seen[x] || avoid[x] {
			continue
		}
		seen[x] = true
		stack = append(stack, x.Succs...)
	}
	return false
}
