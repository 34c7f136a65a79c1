package wholeprogram

import "sort"

// sortByName sorts xs (functions, types) by their String(), computing each
// one's name once instead of twice per comparison (Function.String formats the
// receiver's and the package's types every time: a quarter of the
// resolution's sorting on a large program). The order is exactly
// sort.Slice's with that comparison: sort.Sort and sort.Slice run the
// same pattern-defeating quicksort, and the comparisons give the same
// answers, so even functions of equal names end where they did.
func sortByName[T interface{ String() string }](xs []T) {
	if len(xs) < 2 {
		return
	}
	names := make([]string, len(xs))
	for i, x := range xs {
		names[i] = x.String()
	}
	sort.Sort(byName[T]{xs, names})
}

type byName[T any] struct {
	xs    []T
	names []string
}

func (s byName[T]) Len() int           { return len(s.xs) }
func (s byName[T]) Less(i, j int) bool { return s.names[i] < s.names[j] }
func (s byName[T]) Swap(i, j int) {
	s.xs[i], s.xs[j] = s.xs[j], s.xs[i]
	s.names[i], s.names[j] = s.names[j], s.names[i]
}
