package summary

import (
	"sort"

	"golang.org/x/tools/go/ssa"
)

// sccs returns the strongly connected components of the graph in
// reverse topological order (callees before callers), deterministically.
func sccs(nodes []*ssa.Function, edges func(*ssa.Function) map[*ssa.Function]bool) [][]*ssa.Function {
	index := map[*ssa.Function]int{}
	low := map[*ssa.Function]int{}
	onStack := map[*ssa.Function]bool{}
	var stack []*ssa.Function
	var out [][]*ssa.Function
	next := 0
	succ := map[*ssa.Function][]*ssa.Function{}
	order := map[*ssa.Function]int{}
	for i, n := range nodes {
		order[n] = i
	}
	for _, n := range nodes {
		var s []*ssa.Function
		for m := range edges(n) {
			s = append(s, m)
		}
		sortByOrder(s, order)
		succ[n] = s
	}
	var strong func(v *ssa.Function)
	strong = func(v *ssa.Function) {
		index[v] = next
		low[v] = next
		next++
		stack = append(stack, v)
		onStack[v] = true
		for _, w := range succ[v] {
			if _, seen := index[w]; !seen {
				strong(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			var comp []*ssa.Function
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp = append(comp, w)
				if w == v {
					break
				}
			}
			sortByOrder(comp, order)
			out = append(out, comp)
		}
	}
	for _, n := range nodes {
		if _, seen := index[n]; !seen {
			strong(n)
		}
	}
	return out
}

func sortByOrder(fs []*ssa.Function, order map[*ssa.Function]int) {
	sort.Slice(fs, func(i, j int) bool { return order[fs[i]] < order[fs[j]] })
}
