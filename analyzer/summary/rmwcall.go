package summary

import (
	"go/types"
	"path/filepath"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Read-modify-write through calls: a handler reads an entity through a
// repository (sub := repo.Get(ctx, id)), computes a new value from what it
// read (next := sub.PeriodEnd.AddDate(0, 1, 0)) and writes it back through
// another call (repo.Update(ctx, &Subscription{ID: sub.ID, PeriodEnd:
// next})). The write is a set by its SQL or its name, but a second
// delivery reads the first one's result and moves the value again: an
// increment, as readModifyWrite decides for raw SQL parameters.

// rmwArg returns the earlier read that an argument carries a change of:
// the argument itself (n+1), or a field stored into the struct it points
// to or is (&T{Period: next}); nil when there is none. Fields copied
// unchanged from the read (ID: sub.ID) are no change.
func (w *walker) rmwArg(v ssa.Value) *effect.Effect {
	// Memoised per value: every call that includes a set or an
	// interface call asks about its arguments, and the walk through
	// reads scans the sites.
	if r, ok := w.rmwMemo[v]; ok {
		return r
	}
	r := w.rmwArgDepth(v, 0)
	if w.rmwMemo == nil {
		w.rmwMemo = map[ssa.Value]*effect.Effect{}
	}
	w.rmwMemo[v] = r
	return r
}

func (w *walker) rmwArgDepth(v ssa.Value, depth int) *effect.Effect {
	if depth > 4 || v == nil {
		return nil
	}
	v = ssavalue.Unconvert(v)
	if r := w.changedRead(v, 0); r != nil {
		return r
	}
	switch x := v.(type) {
	case *ssa.Phi:
		// A slice gathered in a loop (toUpdate = append(toUpdate, s)).
		for _, e := range x.Edges {
			if r := w.rmwArgDepth(e, depth+1); r != nil {
				return r
			}
		}
		return nil
	case *ssa.Call:
		if isAppend(x) && len(x.Call.Args) == 2 {
			for _, el := range ssavalue.SliceElems(x.Call.Args[1]) {
				if r := w.rmwArgDepth(el, depth+1); r != nil {
					return r
				}
			}
		}
		return nil
	}
	alloc := ssavalue.LocalOf(v)
	if alloc == nil {
		return nil
	}
	for _, st := range ssavalue.StructStores(alloc) {
		if r := w.changedRead(st.Val, 0); r != nil {
			return r
		}
	}
	return nil
}

// rmwArgs is rmwArg of the first argument that carries a change.
func (w *walker) rmwArgs(args []ssa.Value) *effect.Effect {
	for _, a := range args {
		if r := w.rmwArg(a); r != nil {
			return r
		}
	}
	return nil
}

// setOp reports whether op writes a value by key (not an increment).
func setOp(op string) bool {
	switch op {
	case effect.OpSet, "update-set", "upsert-set":
		return true
	}
	return false
}

// rmwDetail says where the read is: its file and line ("line 99" alone
// named another file than the write's).
func (w *walker) rmwDetail(read *effect.Effect) string {
	return "read-modify-write: the value written is changed from the one read at " + readAt(read) + ": a second delivery changes it again"
}

// readAt is a read's position as its file's name and line
// ("hackathons.sql.go:99"), the same on every machine.
func readAt(read *effect.Effect) string {
	file, line, _ := effect.SplitPos(read.Evidence())
	if file == "" {
		return "line " + strconv.Itoa(line)
	}
	return filepath.Base(file) + ":" + strconv.Itoa(line)
}

// rmwReading marks the call the walker added last (an interface call the
// whole-program phase may resolve: repo.Update) when one of its arguments
// carries a change of an earlier read, and makes its reading, a set by
// its name, an increment.
func (w *walker) rmwReading(args []ssa.Value) {
	if len(w.sites) == 0 {
		return
	}
	read := w.rmwArgs(args)
	if read == nil {
		return
	}
	e := w.sites[len(w.sites)-1].Effect
	e.ChangedFrom = w.rmwDetail(read)
	r := e.Reading
	if r == nil || r.Kind != effect.KindDBWrite || !setOp(r.Op) {
		return
	}
	nr := *r
	nr.Op, nr.Risk = effect.OpIncrement, effect.Medium
	nr.Why = effect.JoinDetail(r.Why, e.ChangedFrom)
	e.Reading = &nr
}

// rmwIncluded makes the DB sets a callee's summary brings to a call site
// increments when an argument of the call carries a change of an earlier
// read (repo.UpdateSubscription(ctx, s) with s's period computed from the
// one read). Where the callee's summary says which of its parameters
// reach the columns a set writes (SetFrom), only those arguments count: a
// value passed for a LIMIT or a key picks rows and writes nothing.
func (w *walker) rmwIncluded(from int, args []ssa.Value) {
	var all *effect.Effect
	allAsked := false
	for _, s := range w.sites[from:] {
		e := s.Effect
		// Only the sets the callee's code shows: asking about the
		// arguments of every call that brings an interface call cost
		// minutes on large programs (interface calls are marked where
		// they are made, rmwReading).
		if e.Kind != effect.KindDBWrite || !setOp(e.Op) {
			continue
		}
		var read *effect.Effect
		if vals, ok := w.setVals[e]; ok {
			read = w.rmwArgs(vals)
		} else {
			if !allAsked {
				all, allAsked = w.rmwArgs(args), true
			}
			read = all
		}
		if read == nil {
			continue
		}
		if e.ReadModifyWrite(w.rmwDetail(read)) {
			e.SetFrom = nil
		}
	}
}

// advancing reports whether values of t move when computed again: numbers
// and times (a period end, a counter), not strings or structs, whose
// transformations (trimming, normalising) give the same value again.
func advancing(t types.Type) bool {
	if b, ok := t.Underlying().(*types.Basic); ok {
		return b.Info()&types.IsNumeric != 0
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time"
	}
	return false
}
