package sqlclass

import "github.com/jobeffects/jobeffects/internal/memo"

// maxCached bounds each cache. An analysis run sees each constant SQL text
// of a program, which is far below this; the bound only keeps a
// pathological caller (or a fuzzer) from growing memory without limit. When
// a cache is full it is emptied and refilled, so texts still in use are
// cached again (and parsed again once). Keyed by content, the caches give
// every run the same answers: they are bounded, not cleared per run.
const maxCached = 1 << 17

var (
	texts = memo.Map[string, []Stmt]{Max: maxCached}
	frags = memo.Map[string, Op]{Max: maxCached} // column + "\x00" + expr
	// interp holds ClassifyInterpolated's reading of texts Classify
	// could not parse.
	interp = memo.Map[string, []Stmt]{Max: maxCached}
)

// cached returns f(text), computing it at most once per text while the
// cache has room. Concurrent callers of the same new text wait for the one
// computation instead of parsing in parallel.
func cached(text string, f func(string) []Stmt) []Stmt {
	return texts.Get(text, func() []Stmt { return f(text) })
}

// cachedOp is cached for ClassifyFragment.
func cachedOp(key string, f func() Op) Op { return frags.Get(key, f) }

// resetCaches empties the caches (benchmarks and tests).
func resetCaches() {
	texts.Clear()
	frags.Clear()
	interp.Clear()
}
