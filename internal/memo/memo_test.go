package memo

import (
	"sync"
	"sync/atomic"
	"testing"
)

// Concurrent callers of one key share one computation; Max bounds the
// entries by starting over.
func TestMap(t *testing.T) {
	var m Map[string, int]
	var calls atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if v := m.Get("a", func() int { calls.Add(1); return 1 }); v != 1 {
				t.Errorf("Get = %d, want 1", v)
			}
		}()
	}
	wg.Wait()
	if calls.Load() != 1 {
		t.Errorf("%d computations of one key, want 1", calls.Load())
	}
	b := Map[int, int]{Max: 2}
	for i := range 5 {
		b.Get(i, func() int { return i })
	}
	if n := b.Len(); n > 2 {
		t.Errorf("Len = %d with Max 2", n)
	}
	b.Clear()
	if b.Len() != 0 {
		t.Error("Clear left entries")
	}
}
