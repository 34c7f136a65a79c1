package wholeprogram

import (
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/summary"
)

// Channels aliased across packages. The per-package pass joins a send to
// the receivers of the same channel: the same struct field, package-level
// variable or local make(chan …) (summary/channels.go). A program often
// makes the channel in one place and hands it to two constructors in other
// packages, which keep it in fields of different types:
//
//	ch := make(chan Order, 4)           // app.New
//	c := kafka.New(ch)                  // Consumer{messages: ch}; Run: c.messages <- o
//	s := order.NewService(repo, ch)     // Service{in: ch}; Worker: for o := range s.in
//
// Neither package sees the other, so the send is a dead end there. Over the
// whole program, two fields are the same channel when one make(chan …)
// reaches both: the values stored into each field are followed back
// through constructor parameters (to every call of the constructor in the
// program), captured variables, phis, conversions and copies from other
// fields, to the makes they come from. A send of a handler on a field
// shares a make with another field: the functions that receive from that
// field are its workers, as in the per-package pass, with the hop
// "(channel F → worker)" in the path. Only channels a handler sends on are
// followed; the program's stores into channel fields are indexed once, on
// the first such send.

// chanAlias is the index of the program's channel fields.
type chanAlias struct {
	stores  map[*types.Var][]ssa.Value              // values stored into a channel field
	callers map[*ssa.Function][]ssa.CallInstruction // static calls, by callee
	recv    map[*types.Var][]*ssa.Function          // functions receiving from a field
	makes   map[*types.Var]map[*ssa.MakeChan]bool   // a field's makes, memoized
	busy    map[*types.Var]bool                     // fields being computed (cycles)
	sends   map[*ssa.Function][]fieldSend           // a function's sends on fields, memoized
	owner   map[*types.Var]string                   // a field's struct type, as a path names it
}

// fieldSend is a send on a channel kept in a struct field.
type fieldSend struct {
	instr ssa.Instruction
	field *types.Var
}

// chanField is the field a channel value is loaded from (x.f, through a
// pointer), or nil.
func chanField(v ssa.Value) *types.Var {
	u, ok := unconvert(v).(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	st, ok := derefType(fa.X.Type()).Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return nil
	}
	return st.Field(fa.Field).Origin()
}

func unconvert(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		default:
			return v
		}
	}
}

func derefType(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// aliasIndex indexes the roots' stores into channel fields, static calls
// and receives from fields, once.
func (r *resolver) aliasIndex() *chanAlias {
	if r.alias != nil {
		return r.alias
	}
	a := &chanAlias{
		stores:  map[*types.Var][]ssa.Value{},
		callers: map[*ssa.Function][]ssa.CallInstruction{},
		recv:    map[*types.Var][]*ssa.Function{},
		makes:   map[*types.Var]map[*ssa.MakeChan]bool{},
		busy:    map[*types.Var]bool{},
		sends:   map[*ssa.Function][]fieldSend{},
		owner:   map[*types.Var]string{},
	}
	r.alias = a
	for _, fn := range r.roots {
		seen := map[*types.Var]bool{}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.Store:
					fa, ok := x.Addr.(*ssa.FieldAddr)
					if !ok {
						continue
					}
					if _, ok := x.Val.Type().Underlying().(*types.Chan); !ok {
						continue
					}
					if st, ok := derefType(fa.X.Type()).Underlying().(*types.Struct); ok && fa.Field < st.NumFields() {
						f := st.Field(fa.Field).Origin()
						a.stores[f] = append(a.stores[f], x.Val)
						if n, ok := types.Unalias(derefType(fa.X.Type())).(*types.Named); ok {
							a.owner[f] = n.Obj().Name()
						}
					}
				case ssa.CallInstruction:
					if callee := x.Common().StaticCallee(); callee != nil {
						a.callers[callee] = append(a.callers[callee], x)
					}
				case *ssa.UnOp:
					if x.Op == token.ARROW {
						if f := chanField(x.X); f != nil && !seen[f] {
							seen[f] = true
							a.recv[f] = append(a.recv[f], fn)
						}
					}
				case *ssa.Select:
					for _, st := range x.States {
						if st.Dir != types.RecvOnly {
							continue
						}
						if f := chanField(st.Chan); f != nil && !seen[f] {
							seen[f] = true
							a.recv[f] = append(a.recv[f], fn)
						}
					}
				}
			}
		}
	}
	return a
}

// name is how a path names a field: Type.field when a store showed its
// struct type.
func (a *chanAlias) name(f *types.Var) string {
	if o := a.owner[f]; o != "" {
		return o + "." + f.Name()
	}
	return f.Name()
}

// fieldMakes are the make(chan …) calls whose channel a field may hold.
func (a *chanAlias) fieldMakes(f *types.Var) map[*ssa.MakeChan]bool {
	if m, ok := a.makes[f]; ok {
		return m
	}
	if a.busy[f] {
		return nil
	}
	a.busy[f] = true
	m := map[*ssa.MakeChan]bool{}
	for _, v := range a.stores[f] {
		a.sources(v, 0, map[ssa.Value]bool{}, m)
	}
	delete(a.busy, f)
	a.makes[f] = m
	return m
}

// sources adds to out the makes a channel value may come from.
func (a *chanAlias) sources(v ssa.Value, depth int, seen map[ssa.Value]bool, out map[*ssa.MakeChan]bool) {
	if v == nil || depth > 8 || seen[v] {
		return
	}
	seen[v] = true
	switch x := unconvert(v).(type) {
	case *ssa.MakeChan:
		out[x] = true
	case *ssa.Phi:
		for _, e := range x.Edges {
			a.sources(e, depth+1, seen, out)
		}
	case *ssa.FreeVar:
		a.sources(binding(x), depth+1, seen, out)
	case *ssa.Parameter:
		fn := x.Parent()
		idx := -1
		for i, p := range fn.Params {
			if p == x {
				idx = i
			}
		}
		for _, ci := range a.callers[fn] {
			// A static call's Args are in Params' order (a method's
			// receiver first).
			args := ci.Common().Args
			if idx >= 0 && idx < len(args) {
				a.sources(args[idx], depth+1, seen, out)
			}
		}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return
		}
		switch p := x.X.(type) {
		case *ssa.FieldAddr:
			if f := chanField(x); f != nil {
				for mc := range a.fieldMakes(f) {
					out[mc] = true
				}
			}
		case *ssa.Alloc:
			for _, ref := range *p.Referrers() {
				if st, ok := ref.(*ssa.Store); ok && st.Addr == p {
					a.sources(st.Val, depth+1, seen, out)
				}
			}
		case *ssa.FreeVar:
			if al, ok := binding(p).(*ssa.Alloc); ok {
				for _, ref := range *al.Referrers() {
					if st, ok := ref.(*ssa.Store); ok && st.Addr == al {
						a.sources(st.Val, depth+1, seen, out)
					}
				}
			}
		}
	}
}

// fieldSends are the sends on work channels kept in fields that fn makes
// itself.
func (a *chanAlias) fieldSends(fn *ssa.Function) []fieldSend {
	if s, ok := a.sends[fn]; ok {
		return s
	}
	var out []fieldSend
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			var chans []ssa.Value
			switch x := instr.(type) {
			case *ssa.Send:
				chans = []ssa.Value{x.Chan}
			case *ssa.Select:
				for _, st := range x.States {
					if st.Dir == types.SendOnly {
						chans = append(chans, st.Chan)
					}
				}
			}
			for _, ch := range chans {
				if !summary.WorkChannel(ch.Type()) {
					continue
				}
				if f := chanField(ch); f != nil {
					out = append(out, fieldSend{instr: instr, field: f})
				}
			}
		}
	}
	a.sends[fn] = out
	return out
}

// aliasDepth bounds the static calls followed from a handler to a send.
const aliasDepth = 3

// aliasedChannelEffects are the effects of the workers that receive, on
// another field holding the same channel, what the handler fn (or a
// function it calls, within the program) sends on a field.
func (r *resolver) aliasedChannelEffects(fn *ssa.Function) []effect.Effect {
	if fn == nil || len(r.roots) == 0 {
		return nil
	}
	if r.rootSet == nil {
		r.rootSet = map[*ssa.Function]bool{}
		for _, g := range r.roots {
			r.rootSet[g] = true
		}
	}
	var out []effect.Effect
	// Each function is walked once per handler (by the first path that
	// reaches it): a worker the handler calls itself is not its worker.
	onPath := map[*ssa.Function]bool{}
	var walk func(g *ssa.Function, prefix []effect.Hop, depth int)
	walk = func(g *ssa.Function, prefix []effect.Hop, depth int) {
		if g == nil || g.Blocks == nil || onPath[g] || (g != fn && !r.rootSet[g]) {
			return
		}
		onPath[g] = true
		name := summary.SSAName(g)
		a := r.aliasIndex()
		for _, s := range a.fieldSends(g) {
			out = append(out, r.channelWorkers(a, s, g, name, prefix, onPath)...)
		}
		if depth >= aliasDepth {
			return
		}
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := ci.Common().StaticCallee()
				if callee == nil {
					continue
				}
				hop := effect.Hop{Pos: summary.PosString(r.fset, instr.Pos()), Func: name}
				walk(callee, append(append([]effect.Hop(nil), prefix...), hop), depth+1)
			}
		}
	}
	walk(fn, nil, 0)
	return out
}

// channelWorkers are the effects of the receivers of the fields that share
// a make with the field a send is on.
func (r *resolver) channelWorkers(a *chanAlias, s fieldSend, sender *ssa.Function, name string, prefix []effect.Hop, onPath map[*ssa.Function]bool) []effect.Effect {
	mine := a.fieldMakes(s.field)
	if len(mine) == 0 {
		return nil
	}
	var fields []*types.Var
	for g := range a.stores {
		if g == s.field || len(a.recv[g]) == 0 {
			continue // the same field: the per-package pass joined it
		}
		for mc := range a.fieldMakes(g) {
			if mine[mc] {
				fields = append(fields, g)
				break
			}
		}
	}
	sort.Slice(fields, func(i, j int) bool { return fields[i].Pos() < fields[j].Pos() })
	var out []effect.Effect
	for _, g := range fields {
		var made *ssa.MakeChan
		for mc := range a.fieldMakes(g) {
			if mine[mc] && (made == nil || mc.Pos() < made.Pos()) {
				made = mc
			}
		}
		workers := append([]*ssa.Function(nil), a.recv[g]...)
		sort.Slice(workers, func(i, j int) bool { return summary.SSAName(workers[i]) < summary.SSAName(workers[j]) })
		for _, w := range workers {
			if onPath[w] || w == sender || (made != nil && w == made.Parent()) || slices.Contains(a.recv[s.field], w) {
				continue // on the way, the maker, or a worker of the send's own field (joined per package)
			}
			skip := false
			for p := sender.Parent(); p != nil; p = p.Parent() {
				if p == w {
					skip = true
				}
			}
			if skip {
				continue
			}
			sum := r.sums[summary.Key(r.fset, w)]
			if sum == nil {
				continue
			}
			label := a.name(s.field) + " = " + a.name(g)
			if made != nil {
				p := r.fset.Position(made.Pos())
				label += ", made at " + filepath.Base(p.Filename) + ":" + strconv.Itoa(p.Line)
			}
			hop := effect.Hop{Pos: summary.PosString(r.fset, s.instr.Pos()), Func: name + " " + effect.ChannelHopMark + label + " → " + summary.SSAName(w) + ")"}
			for _, se := range sum.Effects {
				e := se.Prepend(hop)
				for i := len(prefix) - 1; i >= 0; i-- {
					e = e.Prepend(prefix[i])
				}
				e.Exec = effect.NoExec // the worker's handles are not the sender's
				if e.Kind == effect.KindMemory && e.Holder > 0 {
					if !e.HolderKept {
						continue // the worker's own parameters
					}
					e.Holder, e.HolderKept = 0, false // the long-lived worker's state
				}
				out = append(out, e)
			}
		}
	}
	return out
}
