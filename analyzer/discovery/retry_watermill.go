package discovery

import (
	"fmt"
	"go/constant"
	"go/types"
	"sort"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/horizon"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Watermill's router middlewares (v1.5.1, message/router/middleware):
// Retry re-runs a failing handler in process with cenkalti/backoff's
// exponential backoff, then returns the error; the router nacks the
// message and the Pub/Sub backend redelivers it, without limit, unless a
// PoisonQueue middleware outside the Retry (added before it: the first
// middleware added is the outermost) publishes the message to the poison
// topic and acks it. So a router whose middlewares are a poison queue and,
// inside it, a Retry bounds its handlers' retries; without the poison
// queue the backend's redelivery decides (unknown).
const (
	watermillPoison      = "github.com/ThreeDotsLabs/watermill/message/router/middleware.PoisonQueue"
	watermillPoisonIf    = "github.com/ThreeDotsLabs/watermill/message/router/middleware.PoisonQueueWithFilter"
	watermillRetryType   = "github.com/ThreeDotsLabs/watermill/message/router/middleware.Retry"
	watermillRetryMethod = "Middleware"
)

// watermillAddMiddleware reads router.AddMiddleware(m...): a poison queue
// with a Retry inside it is a policy of MaxRetries+1 runs with the Retry's
// backoff; a poison queue inside the Retry (or alone) acks the first
// failure, so one run.
func watermillAddMiddleware(_ *Env, call *ssa.Call, args []ssa.Value) []Retry {
	if len(args) < 2 {
		return nil
	}
	elems := variadicElems(args[1])
	poison, retry := -1, -1
	var rv ssa.Value
	for i, v := range elems {
		switch {
		case isPoisonQueue(v):
			if poison < 0 {
				poison = i
			}
		case retryValue(v) != nil:
			if retry < 0 {
				retry, rv = i, retryValue(v)
			}
		}
	}
	if poison < 0 {
		return nil
	}
	if retry < 0 || retry < poison {
		what := "watermill PoisonQueue without a Retry inside it: the first failure goes to the poison topic"
		if retry >= 0 {
			what = "watermill PoisonQueue inside the Retry: the first failure goes to the poison topic, the Retry sees success"
		}
		return []Retry{{Framework: "watermill", Global: true, Pos: call.Pos(), Policy: what + ": 1 run", Once: true, Runs: 1,
			Exp: &horizon.Exponential{}}}
	}
	exp, runs, ok := retryParams(rv)
	if !ok {
		return []Retry{{Framework: "watermill", Global: true, Pos: call.Pos(),
			Policy: "watermill Retry inside a PoisonQueue, MaxRetries or its intervals not constant"}}
	}
	return []Retry{{Framework: "watermill", Global: true, Pos: call.Pos(), Runs: runs, Once: runs == 1, Exp: exp,
		Policy: fmt.Sprintf("watermill Retry MaxRetries %d inside a PoisonQueue: up to %s", runs-1, plural(runs, "run"))}}
}

// variadicElems are the values stored into a variadic call's slice, in
// index order (nil for a slice passed with ...).
func variadicElems(v ssa.Value) []ssa.Value {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok || arr.Referrers() == nil {
		return nil
	}
	byIndex := map[int64]ssa.Value{}
	for _, r := range *arr.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok || ia.Referrers() == nil {
			continue
		}
		c, ok := ia.Index.(*ssa.Const)
		if !ok || c.Value == nil {
			continue
		}
		for _, u := range *ia.Referrers() {
			if st, ok := u.(*ssa.Store); ok && st.Addr == ia {
				byIndex[c.Int64()] = st.Val
			}
		}
	}
	idx := make([]int64, 0, len(byIndex))
	for i := range byIndex {
		idx = append(idx, i)
	}
	sort.Slice(idx, func(a, b int) bool { return idx[a] < idx[b] })
	out := make([]ssa.Value, 0, len(idx))
	for _, i := range idx {
		out = append(out, byIndex[i])
	}
	return out
}

// isPoisonQueue reports whether v is the middleware PoisonQueue returns.
func isPoisonQueue(v ssa.Value) bool {
	ex, ok := v.(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return false
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return false
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Object() == nil {
		return false
	}
	key := models.FuncKey(callee.Object().(*types.Func))
	return key == watermillPoison || key == watermillPoisonIf
}

// retryValue is the Retry struct whose bound Middleware method v is, or nil.
func retryValue(v ssa.Value) ssa.Value {
	if ct, ok := v.(*ssa.ChangeType); ok { // to message.HandlerMiddleware
		v = ct.X
	}
	mc, ok := v.(*ssa.MakeClosure)
	if !ok || len(mc.Bindings) != 1 {
		return nil
	}
	m, ok := mc.Fn.(*ssa.Function).Object().(*types.Func)
	if !ok || m == nil || m.Name() != watermillRetryMethod {
		return nil
	}
	named, ok := types.Unalias(mc.Bindings[0].Type()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path()+"."+named.Obj().Name() != watermillRetryType {
		return nil
	}
	return mc.Bindings[0]
}

// retryParams reads a Retry literal's constant fields: the runs
// (MaxRetries+1) and its backoff. A field not set is its zero value, as
// Retry copies it into the backoff; a field set to a non-constant fails.
func retryParams(v ssa.Value) (*horizon.Exponential, int64, bool) {
	lit := ssavalue.LocalOf(v)
	if lit == nil {
		return nil, 0, false
	}
	ints := map[string]int64{}
	floats := map[string]float64{}
	for _, st := range ssavalue.StructStores(lit) {
		name := ssavalue.FieldName(st.Addr.(*ssa.FieldAddr))
		switch name {
		case "MaxRetries", "InitialInterval", "MaxInterval", "MaxElapsedTime", "Multiplier", "RandomizationFactor":
		default:
			continue
		}
		c, ok := st.Val.(*ssa.Const)
		if !ok || c.Value == nil {
			return nil, 0, false
		}
		switch c.Value.Kind() {
		case constant.Int:
			n, _ := constant.Int64Val(c.Value)
			ints[name] = n
			floats[name] = float64(n)
		case constant.Float:
			floats[name], _ = constant.Float64Val(c.Value)
		default:
			return nil, 0, false
		}
	}
	if ints["MaxRetries"] < 0 {
		return nil, 0, false
	}
	return &horizon.Exponential{
		Initial:    time.Duration(ints["InitialInterval"]),
		Max:        time.Duration(ints["MaxInterval"]),
		Elapsed:    time.Duration(ints["MaxElapsedTime"]),
		Multiplier: floats["Multiplier"],
		Jitter:     floats["RandomizationFactor"],
	}, ints["MaxRetries"] + 1, true
}
