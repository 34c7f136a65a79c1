package wholeprogram

import (
	"math/rand"
	"sort"
	"strconv"
	"testing"
)

type named struct{ name string }

func (n *named) String() string { return n.name }

// TestSortByNameIsSortSlice: sortByName puts its elements exactly where
// sort.Slice comparing String() did, distinct elements of equal names
// included (the resolution's output order depends on it), on inputs that
// take each of pdqsort's paths: short (insertion sort), long random,
// sorted, reversed, few distinct names (partitions of equal elements).
func TestSortByNameIsSortSlice(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	gens := map[string]func(i, n int) string{
		"random":   func(i, n int) string { return strconv.Itoa(rng.Intn(n + 1)) },
		"few":      func(i, n int) string { return strconv.Itoa(rng.Intn(3)) },
		"sorted":   func(i, n int) string { return strconv.Itoa(100000 + i/2) },
		"reversed": func(i, n int) string { return strconv.Itoa(200000 - i/2) },
		"same":     func(i, n int) string { return "x" },
	}
	for name, gen := range gens {
		for _, n := range []int{0, 1, 2, 5, 12, 13, 50, 51, 100, 1000, 5000} {
			xs := make([]*named, n)
			for i := range xs {
				xs[i] = &named{gen(i, n)}
			}
			want := append([]*named(nil), xs...)
			sort.Slice(want, func(i, j int) bool { return want[i].String() < want[j].String() })
			got := append([]*named(nil), xs...)
			sortByName(got)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%s, %d elements: element %d is %p (%s), sort.Slice put %p (%s) there", name, n, i, got[i], got[i].name, want[i], want[i].name)
				}
			}
		}
	}
}
