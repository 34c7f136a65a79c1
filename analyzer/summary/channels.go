package summary

import (
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Work handed to worker goroutines over a channel. A handler or
// subscription callback often only sends the message on a channel
// (s.work <- msg, or in a select), and long-lived goroutines started
// elsewhere (go s.worker()) receive it and do the effects:
//
//	func (s *S) worker() { for m := range s.work { s.process(m) } }
//
// Without this the send is a dead end and the handler comes out safe. A
// send is handled by the functions that receive from the same channel:
// the same field of the same struct type, or the same package-level
// variable (a channel value has no other name that both sides can share
// statically). Their effects are the sender's, with a hop
// "(channel F → worker)" in the path. The receivers are found over the
// package (and ordered before the senders, package.go's deps); the
// package that declares the field or variable exports its receivers as a
// fact (ChanWorkers), so a sender in another package that imports it
// finds them too.
//
// The whole receiving function counts (a worker's select loop may do
// more than process the message): a reviewer reads it so too. Signal
// channels (of struct{}, bool or error: done, quit, errors) hand no work
// and are left out. A write the worker makes to its own receiver or
// captured state lasts; one to its other parameters is left out.

// ChanWorker is a function that receives from a channel, with its
// summary: what a send on that channel does.
type ChanWorker struct {
	Name    string // display name (SSAName)
	Summary *Summary
}

// chanKey is the variable a channel is kept in: a struct field (its
// origin) or a package-level variable.
func chanKey(ch ssa.Value) *types.Var {
	load, ok := ssavalue.Unconvert(ch).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	switch a := load.X.(type) {
	case *ssa.Global:
		v, _ := a.Object().(*types.Var)
		return v
	case *ssa.FieldAddr:
		st, ok := deref(a.X.Type()).Underlying().(*types.Struct)
		if !ok || a.Field >= st.NumFields() {
			return nil
		}
		return st.Field(a.Field).Origin()
	}
	return nil
}

// workChannel reports whether a channel carries work (not a signal).
func workChannel(t types.Type) bool {
	c, ok := t.Underlying().(*types.Chan)
	if !ok {
		return false
	}
	switch e := c.Elem().Underlying().(type) {
	case *types.Struct:
		return e.NumFields() > 0
	case *types.Basic:
		return e.Kind() != types.Bool && e.Kind() != types.UntypedBool
	case *types.Interface:
		return !types.Identical(c.Elem(), types.Universe.Lookup("error").Type())
	}
	return true
}

// collectChannels finds the package's functions that receive from
// channels kept in fields or package-level variables.
func (p *Package) collectChannels(funcs []*ssa.Function) {
	p.chanRecv = map[*types.Var][]*ssa.Function{}
	for _, fn := range funcs {
		seen := map[*types.Var]bool{}
		for _, ch := range received(fn) {
			if k := chanKey(ch); k != nil && workChannel(ch.Type()) && !seen[k] {
				seen[k] = true
				p.chanRecv[k] = append(p.chanRecv[k], fn)
			}
		}
	}
}

// received lists the channels fn receives from (a receive, a range, a
// select case).
func received(fn *ssa.Function) []ssa.Value {
	var out []ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					out = append(out, x.X)
				}
			case *ssa.Select:
				for _, st := range x.States {
					if st.Dir == types.RecvOnly {
						out = append(out, st.Chan)
					}
				}
			}
		}
	}
	return out
}

// sent lists the channels an instruction sends on.
func sent(instr ssa.Instruction) []ssa.Value {
	switch x := instr.(type) {
	case *ssa.Send:
		return []ssa.Value{x.Chan}
	case *ssa.Select:
		var out []ssa.Value
		for _, st := range x.States {
			if st.Dir == types.SendOnly {
				out = append(out, st.Chan)
			}
		}
		return out
	}
	return nil
}

// sendDeps are the package's receivers of the channels fn sends on: fn's
// summary needs theirs.
func (p *Package) sendDeps(fn *ssa.Function, out map[*ssa.Function]bool) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			for _, ch := range sent(instr) {
				for _, g := range p.chanRecv[chanKey(ch)] {
					if g != fn {
						out[g] = true
					}
				}
			}
		}
	}
}

// workers are the receivers of a channel: the package's, else those
// another package's fact names.
func (p *Package) workers(k *types.Var) []ChanWorker {
	if fns := p.chanRecv[k]; len(fns) > 0 {
		var out []ChanWorker
		for _, fn := range fns {
			if s := p.sums[fn]; s != nil {
				out = append(out, ChanWorker{Name: SSAName(fn), Summary: s})
			}
		}
		return out
	}
	if p.env.ChanWorkers != nil && k.Pkg() != nil && k.Pkg() != p.pkg.Pkg {
		return p.env.ChanWorkers(k)
	}
	return nil
}

// ChanWorkers are the receivers of the channels kept in the package's own
// fields and variables, with their summaries, for its facts.
func (p *Package) ChanWorkers() map[*types.Var][]ChanWorker {
	out := map[*types.Var][]ChanWorker{}
	for k := range p.chanRecv {
		if k.Pkg() == p.pkg.Pkg {
			if ws := p.workers(k); len(ws) > 0 {
				out[k] = ws
			}
		}
	}
	return out
}

// channel adds to the sender the effects of the workers that receive
// what an instruction sends.
func (w *walker) channel(instr ssa.Instruction) {
	for _, ch := range sent(instr) {
		k := chanKey(ch)
		if k == nil || !workChannel(ch.Type()) {
			continue
		}
		ws := w.p.workers(k)
		sort.Slice(ws, func(i, j int) bool { return ws[i].Name < ws[j].Name })
		for _, cw := range ws {
			if cw.Name == w.name {
				continue // a worker that requeues: its own effects
			}
			hop := effect.Hop{Pos: PosString(w.p.env.Fset, instr.Pos()), Func: w.name + " " + effect.ChannelHopMark + chanName(k) + " → " + cw.Name + ")"}
			for _, se := range cw.Summary.Effects {
				e := se.Prepend(hop)
				e.Exec = effect.NoExec // the worker's handles are not the sender's
				if e.Kind == effect.KindMemory && e.Holder > 0 {
					if !e.HolderKept {
						continue // the worker's own parameters
					}
					e.Holder, e.HolderKept = 0, false // the long-lived worker's state
				}
				w.sites = append(w.sites, &guard.Site{Effect: &e, Instr: guard.Write{Instruction: instr}})
			}
		}
	}
}

// chanName names a channel's variable: "pkg.T.field" or "pkg.var".
func chanName(k *types.Var) string {
	if k.IsField() {
		return k.Name()
	}
	if k.Pkg() != nil {
		return k.Pkg().Name() + "." + k.Name()
	}
	return k.Name()
}
