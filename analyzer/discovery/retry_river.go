package discovery

import (
	"fmt"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// riverOpts reads a River InsertOpts (or a pointer to one) built here: the
// MaxAttempts stored into it, or the options a whole value stored into it
// holds.
func (ev *retryEval) riverOpts(v ssa.Value, depth int) []RetryOpt {
	a := ssavalue.LocalOf(v)
	if a == nil {
		return []RetryOpt{{Kind: optUnknown}}
	}
	var out []RetryOpt
	for _, r := range ssavalue.Referrers(a) {
		if st, ok := r.(*ssa.Store); ok && st.Addr == a {
			out = append(out, ev.opts(st.Val, depth+1)...)
		}
	}
	for _, st := range ssavalue.FieldStores(a, "MaxAttempts") {
		c, ok := st.Val.(*ssa.Const)
		switch {
		case !ok || c.Value == nil:
			out = append(out, RetryOpt{Kind: optMaxAttempts})
		case c.Int64() > 0: // 0 leaves it to the args type and the client
			out = append(out, RetryOpt{Kind: optMaxAttempts, N: c.Int64(), Const: true})
		}
	}
	return out
}

// manyParam is one element of a []river.InsertManyParams literal.
type manyParam struct{ args, opts ssa.Value }

// riverManyParams reads a []river.InsertManyParams literal, in index
// order; nil when v is not one.
func riverManyParams(v ssa.Value) []manyParam {
	addrs, ok := ssavalue.ElemAddrs(v)
	if !ok {
		return nil
	}
	idx := make([]int64, 0, len(addrs))
	for i := range addrs {
		idx = append(idx, i)
	}
	sort.Slice(idx, func(i, j int) bool { return idx[i] < idx[j] })
	out := make([]manyParam, 0, len(idx))
	for _, i := range idx {
		var p manyParam
		for _, ia := range addrs[i] {
			// The element's fields are stored into it, or into a literal
			// stored into it whole.
			elems := []ssa.Value{ia}
			for _, rr := range ssavalue.Referrers(ia) {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
					if l := ssavalue.LocalOf(st.Val); l != nil {
						elems = append(elems, l)
					}
				}
			}
			for _, e := range elems {
				for _, st := range ssavalue.FieldStores(e, "Args") {
					p.args = st.Val
				}
				for _, st := range ssavalue.FieldStores(e, "InsertOpts") {
					p.opts = st.Val
				}
			}
		}
		out = append(out, p)
	}
	return out
}

// riverPolicy describes the MaxAttempts of resolved insert options,
// reports whether it allows a single attempt, and returns the attempts
// (0 when not read).
func riverPolicy(opts []RetryOpt) (string, bool, int64) {
	var last *RetryOpt
	unread := false
	for i := range opts {
		switch o := &opts[i]; o.Kind {
		case optMaxAttempts:
			last, unread = o, false
		case optUnknown, optParam:
			unread = true
		}
	}
	text, once, runs := "", false, int64(0)
	switch {
	case last != nil && last.Const:
		text, once = riverMaxAttempts("river Insert MaxAttempts", last.N)
		runs = last.N
	case last != nil:
		text = "river Insert MaxAttempts (non-constant)"
	}
	if unread {
		if text != "" {
			text += ", "
		}
		text += "insert options not read statically"
		once, runs = false, 0
	}
	return text, once, runs
}

// riverMaxAttempts says a MaxAttempts setting ("river Config.MaxAttempts
// 1: 1 attempt by retry") and reports whether it allows one attempt.
func riverMaxAttempts(what string, n int64) (string, bool) {
	if n == 1 {
		return what + " 1: 1 attempt by retry", true
	}
	return fmt.Sprintf("%s %d", what, n), false
}

// riverConfigRetry recognises river.Config{MaxAttempts: n}.
func riverConfigRetry(st *ssa.Store) (Retry, bool) {
	if typ, field, ok := storedField(st); !ok || typ != "github.com/riverqueue/river.Config" || field != "MaxAttempts" {
		return Retry{}, false
	}
	c, ok := st.Val.(*ssa.Const)
	if !ok || c.Value == nil {
		return Retry{}, false
	}
	policy, once := riverMaxAttempts("river Config.MaxAttempts", c.Int64())
	return Retry{Framework: "river", Global: true, Pos: st.Pos(), Policy: policy, Once: once, Runs: max(c.Int64(), 0)}, true
}
