package models

import (
	"bufio"
	"go/token"
	"go/types"
	"os"
	"strings"
	"testing"
)

// linearMatch is inertSet.match as it was before the patterns were filed
// under runs of their bytes: every pattern tried in turn.
func linearMatch(s *inertSet, key string) bool {
	if s.exact[key] {
		return true
	}
	for _, parts := range s.patterns {
		if wildcardParts(parts, key) {
			return true
		}
	}
	return false
}

// inertSetKeys are keys to match the catalogs' patterns against: every
// tenth function and method of testdata/api.txt spelled as FuncKey spells
// them (all of them take the linear scan half a minute), and every pattern
// with its stars filled in two ways (nothing, a path) and cut at either end.
func inertSetKeys(t *testing.T, ix *Index) []string {
	var keys []string
	f, err := os.Open("testdata/api.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pkg, n := "", 0
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "  package "):
			pkg = strings.Fields(line)[1]
		case strings.HasPrefix(line, "    ") && !strings.HasPrefix(line, "    imports "):
			if n++; n%10 != 0 {
				continue
			}
			name := strings.Fields(line)[0]
			if strings.HasPrefix(name, "(") {
				star := strings.HasPrefix(name, "(*")
				rest := strings.TrimPrefix(strings.TrimPrefix(name, "("), "*")
				p := "("
				if star {
					p += "*"
				}
				keys = append(keys, p+pkg+"."+rest)
			} else {
				keys = append(keys, pkg+"."+name)
			}
		}
	}
	for _, s := range []*inertSet{&ix.inert, &ix.unknown} {
		for k := range s.exact {
			keys = append(keys, k, k+"x", k[1:])
		}
		for _, parts := range s.patterns {
			for _, fill := range []string{"", "x/y.(*T).M"} {
				k := strings.Join(parts, fill)
				keys = append(keys, k, "x"+k)
				if len(k) > 1 {
					keys = append(keys, k[1:], k[:len(k)-1])
				}
			}
		}
	}
	return keys
}

// TestInertSetFiled checks the filed patterns decide every key as trying
// each pattern in turn does, on the built-in catalogs.
func TestInertSetFiled(t *testing.T) {
	ix, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if len(ix.inert.short) == len(ix.inert.patterns) {
		t.Fatalf("no inert pattern filed under a run of %d bytes", gramLen)
	}
	keys := inertSetKeys(t, ix)
	matched := 0
	for _, s := range []*inertSet{&ix.inert, &ix.unknown} {
		for _, k := range keys {
			got, want := s.match(k), linearMatch(s, k)
			if got != want {
				t.Errorf("match(%q) = %v, trying each pattern: %v", k, got, want)
			}
			if got {
				matched++
			}
		}
	}
	if matched == 0 || matched == 2*len(keys) {
		t.Errorf("%d of %d keys matched: the keys do not test both outcomes", matched, 2*len(keys))
	}
	t.Logf("%d keys, %d matches; inert: %d patterns, %d short, %d runs", len(keys), matched, len(ix.inert.patterns), len(ix.inert.short), len(ix.inert.grams))
}

// TestInertSetShort covers patterns whose literal parts are all shorter
// than a filing run, and a key shorter than one.
func TestInertSetShort(t *testing.T) {
	var s inertSet
	// A pointer receiver's star is a wildcard too: "(*x.T).*" matches
	// (x.T).M as well.
	s.add("a*b", "(*x.T).*", "github.com/long/path.*Suffix")
	for key, want := range map[string]bool{
		"ab": true, "a-b": true, "ba": false,
		"(*x.T).M": true, "(x.T).M": true, "(y.T).M": false, "anything": false,
	} {
		if got := s.match(key); got != want || got != linearMatch(&s, key) {
			t.Errorf("match(%q) = %v, want %v", key, got, want)
		}
	}
	var long inertSet
	long.add("github.com/long/path.*Suffix", "(*github.com/q.T).*")
	for key, want := range map[string]bool{
		"github.com/long/path.XSuffix": true, "github.com/long/path.X": false,
		"(*github.com/q.T).M": true, "(github.com/q.T).M": true, "(github.com/r.T).M": false, "gh": false, "": false,
	} {
		if got := long.match(key); got != want || got != linearMatch(&long, key) {
			t.Errorf("match(%q) = %v, want %v", key, got, want)
		}
	}
}

func BenchmarkInertMatch(b *testing.B) {
	ix, err := Builtin()
	if err != nil {
		b.Fatal(err)
	}
	keys := []string{"(*github.com/redis/go-redis/v9.Client).Get", "github.com/example/app/internal/service.(*Handler).Process", "fmt.Sprintf", "(*github.com/jackc/pgx/v5/pgxpool.Pool).Exec"}
	b.Run("filed", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ix.inert.match(keys[i%len(keys)])
		}
	})
	b.Run("linear", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			linearMatch(&ix.inert, keys[i%len(keys)])
		}
	})
}

// TestInertPackages covers all-inert libraries named by a package and by
// a "/..." prefix: the prefix covers its package and those under it, not a
// package whose path only starts with the same letters.
func TestInertPackages(t *testing.T) {
	ix := &Index{inertPkgs: []string{"example.com/one", "example.com/tree/..."}}
	for path, want := range map[string]bool{
		"example.com/one": true, "example.com/one/sub": false,
		"example.com/tree": true, "example.com/tree/sub": true, "example.com/tree/sub/deep": true,
		"example.com/treehouse": false, "example.com/tre": false, "example.com": false,
	} {
		fn := types.NewFunc(token.NoPos, types.NewPackage(path, "p"), "F", types.NewSignatureType(nil, nil, nil, nil, nil, false))
		if got := ix.Inert(fn); got != want {
			t.Errorf("Inert(%s.F) = %v, want %v", path, got, want)
		}
	}
}
