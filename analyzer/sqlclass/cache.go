package sqlclass

import (
	"sync"
	"sync/atomic"
)

// maxCached bounds each cache. An analysis run sees each constant SQL text
// of a program, which is far below this; the bound only keeps a
// pathological caller (or a fuzzer) from growing memory without limit. When
// a cache is full it is emptied and refilled, so texts still in use are
// cached again (and parsed again once).
const maxCached = 1 << 17

var (
	cache      sync.Map // string -> *cacheEntry
	cacheCount atomic.Int64
)

type cacheEntry struct {
	once  sync.Once
	stmts []Stmt
}

// cached returns f(text), computing it at most once per text while the
// cache has room. Concurrent callers of the same new text wait for the one
// computation instead of parsing in parallel.
func cached(text string, f func(string) []Stmt) []Stmt {
	if v, ok := cache.Load(text); ok {
		e := v.(*cacheEntry)
		e.once.Do(func() { e.stmts = f(text) })
		return e.stmts
	}
	if cacheCount.Load() >= maxCached {
		cache.Clear()
		cacheCount.Store(0)
	}
	v, loaded := cache.LoadOrStore(text, &cacheEntry{})
	if !loaded {
		cacheCount.Add(1)
	}
	e := v.(*cacheEntry)
	e.once.Do(func() { e.stmts = f(text) })
	return e.stmts
}

var (
	fragCache      sync.Map // column + "\x00" + expr -> *fragEntry
	fragCacheCount atomic.Int64
)

type fragEntry struct {
	once sync.Once
	op   Op
}

// cachedOp is cached for ClassifyFragment.
func cachedOp(key string, f func() Op) Op {
	v, ok := fragCache.Load(key)
	if !ok {
		if fragCacheCount.Load() >= maxCached {
			fragCache.Clear()
			fragCacheCount.Store(0)
		}
		var loaded bool
		v, loaded = fragCache.LoadOrStore(key, &fragEntry{})
		if !loaded {
			fragCacheCount.Add(1)
		}
	}
	e := v.(*fragEntry)
	e.once.Do(func() { e.op = f() })
	return e.op
}

// resetCaches empties both caches (benchmarks and tests).
func resetCaches() {
	cache.Clear()
	cacheCount.Store(0)
	fragCache.Clear()
	fragCacheCount.Store(0)
}
