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
// the same field of the same struct type, the same package-level
// variable, or the same make(chan …) of a local channel that closures
// capture and functions are handed (ch := make(chan M); go worker(ch);
// sub.Subscribe(func(m M) { ch <- m })). Their effects are the sender's,
// with a hop "(channel ch → worker)" in the path. The receivers are found
// over the package (and ordered before the senders, package.go's deps);
// the package that declares a field or variable exports its receivers as
// a fact (ChanWorkers), so a sender in another package that imports it
// finds them too. A local channel handed to another package's functions
// is not followed here; over the whole program, fields of different types
// that one make(chan …) reaches are one channel (wholeprogram/chanalias.go).
//
// The whole receiving function counts (a worker's select loop may do
// more than process the message): a reviewer reads it so too, except
// for the cases of a type switch on what it received that the sent
// value's concrete type does not match (typecond.go). Signal
// channels (of struct{}, bool or error: done, quit, errors) hand no work
// and are left out. A write the worker makes to its own receiver or
// captured state lasts; one to its other parameters is left out.

// ChanWorker is a function that receives from a channel, with its
// summary: what a send on that channel does.
type ChanWorker struct {
	Name    string // display name (SSAName)
	Summary *Summary
}

// chanKey says which channel a value is, when the package can tell: the
// variable it is kept in (a struct field, by its origin, or a
// package-level variable: *types.Var), or the make(chan …) of a local
// channel (*ssa.MakeChan) that closures capture and functions are handed
// (go worker(ch)). name is what a path calls it.
type chanKey struct {
	key  any
	name string
}

// chanKeys are the channels a value may be: through a local variable, a
// closure's capture, or a parameter of a function the package calls with
// a channel it can tell.
func (p *Package) chanKeys(v ssa.Value, depth int) []chanKey {
	if depth > 6 {
		return nil
	}
	switch x := ssavalue.Unconvert(v).(type) {
	case *ssa.MakeChan:
		return []chanKey{{key: x, name: "made at " + PosString(p.env.Fset, x.Pos())}}
	case *ssa.FreeVar:
		if b := ssavalue.Binding(x); b != nil {
			return p.chanKeys(b, depth+1)
		}
	case *ssa.Parameter:
		var out []chanKey
		for _, arg := range p.argsTo(x) {
			out = append(out, p.chanKeys(arg, depth+1)...)
		}
		return out
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil
		}
		switch a := x.X.(type) {
		case *ssa.Global:
			if v, ok := a.Object().(*types.Var); ok {
				return []chanKey{{key: v, name: a.Pkg.Pkg.Name() + "." + v.Name()}}
			}
		case *ssa.FieldAddr:
			st, ok := deref(a.X.Type()).Underlying().(*types.Struct)
			if !ok || a.Field >= st.NumFields() {
				return nil
			}
			f := st.Field(a.Field).Origin()
			return []chanKey{{key: f, name: f.Name()}}
		case *ssa.FreeVar:
			// A captured variable: the enclosing function's.
			if al, ok := ssavalue.Binding(a).(*ssa.Alloc); ok {
				return p.localChan(al, depth)
			}
		case *ssa.Alloc:
			return p.localChan(a, depth)
		case *ssa.IndexAddr:
			// An element of a slice or array of channels kept in a field
			// or a package-level variable (one channel per shard:
			// workers []chan M, fed w.workers[hash%n] <- m, each drained
			// by go w.run(w.workers[i])): the elements are one channel,
			// named after the variable.
			out := p.chanKeys(a.X, depth+1) // a slice: its load
			if len(out) == 0 {
				// An array: the address of the variable itself.
				switch arr := a.X.(type) {
				case *ssa.FieldAddr:
					if st, ok := deref(arr.X.Type()).Underlying().(*types.Struct); ok && arr.Field < st.NumFields() {
						f := st.Field(arr.Field).Origin()
						out = []chanKey{{key: f, name: f.Name()}}
					}
				case *ssa.Global:
					if v, ok := arr.Object().(*types.Var); ok {
						out = []chanKey{{key: v, name: arr.Pkg.Pkg.Name() + "." + v.Name()}}
					}
				}
			}
			for i := range out {
				out[i].name += "[…]"
			}
			return out
		}
	}
	return nil
}

// localChan is the channel a local variable holds, named after it.
func (p *Package) localChan(a *ssa.Alloc, depth int) []chanKey {
	st := ssavalue.OnlyStore(a)
	if st == nil {
		return nil
	}
	out := p.chanKeys(st, depth+1)
	for i := range out {
		if a.Comment != "" {
			out[i].name = a.Comment
		}
	}
	return out
}

// argsTo are the arguments the package's calls (and go statements) of a
// declared function pass as one of its parameters.
func (p *Package) argsTo(param *ssa.Parameter) []ssa.Value {
	fn := param.Parent()
	idx := -1
	for i, q := range fn.Params {
		if q == param {
			idx = i
		}
	}
	if idx < 0 {
		return nil
	}
	var out []ssa.Value
	for _, ci := range p.chanCalls[fn] {
		if args := ci.Common().Args; idx < len(args) {
			out = append(out, args[idx])
		}
	}
	return out
}

// WorkChannel reports whether a channel carries work (not a signal).
func WorkChannel(t types.Type) bool { return workChannel(t) }

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
// channels it can tell (chanKeys).
func (p *Package) collectChannels(funcs []*ssa.Function) {
	p.chanRecv = map[any][]*ssa.Function{}
	p.chanCalls = map[*ssa.Function][]ssa.CallInstruction{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok {
					callee := ci.Common().StaticCallee()
					if callee != nil && callee.Origin() != nil {
						// A generic body's call of another generic
						// function: an instance over its own type
						// parameters (go b.run(i, b.shards[i])).
						callee = callee.Origin()
					}
					if callee != nil && p.set[callee] {
						p.chanCalls[callee] = append(p.chanCalls[callee], ci)
					}
				}
			}
		}
	}
	p.collectQueues(funcs) // queues.go
	for _, fn := range funcs {
		seen := map[any]bool{}
		for _, ch := range received(fn) {
			if !workChannel(ch.Type()) {
				continue
			}
			for _, k := range p.chanKeys(ch, 0) {
				if !seen[k.key] {
					seen[k.key] = true
					p.chanRecv[k.key] = append(p.chanRecv[k.key], fn)
				}
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
			if k, ok := p.pushedQueue(instr); ok {
				for _, g := range p.chanRecv[k.key] {
					if g != fn {
						out[g] = true
					}
				}
			}
			for _, ch := range sent(instr) {
				for _, k := range p.chanKeys(ch, 0) {
					for _, g := range p.chanRecv[k.key] {
						if g != fn {
							out[g] = true
						}
					}
				}
			}
		}
	}
}

// workers are the receivers of a channel: the package's, else those
// another package's fact names.
func (p *Package) workers(key any) []ChanWorker {
	if fns := p.chanRecv[key]; len(fns) > 0 {
		var out []ChanWorker
		for _, fn := range fns {
			if s := p.sums[fn]; s != nil {
				out = append(out, ChanWorker{Name: SSAName(fn), Summary: s})
			}
		}
		return out
	}
	if k, ok := key.(*types.Var); ok && p.env.ChanWorkers != nil && k.Pkg() != nil && k.Pkg() != p.pkg.Pkg {
		return p.env.ChanWorkers(k)
	}
	return nil
}

// ChanWorkers are the receivers of the channels kept in the package's own
// fields and variables, with their summaries, for its facts.
func (p *Package) ChanWorkers() map[*types.Var][]ChanWorker {
	out := map[*types.Var][]ChanWorker{}
	for key := range p.chanRecv {
		if k, ok := key.(*types.Var); ok && k.Pkg() == p.pkg.Pkg {
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
	if k, ok := w.p.pushedQueue(instr); ok {
		w.channelTo(instr, k, nil)
	}
	for _, ch := range sent(instr) {
		if !workChannel(ch.Type()) {
			continue
		}
		for _, k := range w.p.chanKeys(ch, 0) {
			w.channelTo(instr, k, ch)
		}
	}
}

// channelTo adds the effects of the workers of one channel (sent on as ch,
// when it is a channel value).
func (w *walker) channelTo(instr ssa.Instruction, k chanKey, ch ssa.Value) {
	ws := w.p.workers(k.key)
	sort.Slice(ws, func(i, j int) bool { return ws[i].Name < ws[j].Name })
	// A function that gathers what the goroutines it starts send back
	// (results := make(chan R); go func() { results <- … }(); for r :=
	// range results { … }) is not their worker: the sender runs inside
	// it. Nor is the function that made a local channel, nor any
	// function enclosing the sender.
	skip := map[string]bool{w.name: true} // a worker that requeues: its own effects
	for f := w.fn.Parent(); f != nil; f = f.Parent() {
		skip[SSAName(f)] = true
	}
	if mc, ok := k.key.(*ssa.MakeChan); ok {
		skip[SSAName(mc.Parent())] = true
	}
	for _, cw := range ws {
		if skip[cw.Name] {
			continue
		}
		hop := effect.Hop{Pos: PosString(w.p.env.Fset, instr.Pos()), Func: w.name + " " + effect.ChannelHopMark + k.name + " → " + cw.Name + ")"}
		for _, se := range cw.Summary.Effects {
			e := se.Prepend(hop)
			if !w.sentTypes(&e, instr) {
				continue // a case of the worker's type switch this send's type does not match (typecond.go)
			}
			e.Exec = effect.NoExec // the worker's handles are not the sender's
			e.RowsOf = nil         // nor its parameters (rowsof.go)
			if e.Kind == effect.KindMemory && e.Holder > 0 {
				if !e.HolderKept {
					continue // the worker's own parameters
				}
				if h, local := w.frameHolder(k, cw.Name, e.Holder-1, ch); local {
					continue // the state of the frame that made the channel: this one
				} else if h >= 0 {
					// As lasting as the channel the sender reaches through
					// its captured variable: its caller says.
					e.Holder, e.HolderKept = h+1, true
				} else {
					e.Holder, e.HolderKept = 0, false // the long-lived worker's state
				}
			}
			w.sites = append(w.sites, &guard.Site{Effect: &e, Instr: guard.Write{Instruction: instr}})
		}
	}
}

// frameHolder places a write a worker closure makes to a variable it
// captured when the variable and the local channel belong to one frame
// (results := …; ch := make(chan R); go func() { for r := range ch {
// results = append(results, r) } }()): that state lives as long as the
// frame that made both, as the channel does. local is true when that frame
// is the sender's own (transient: dropped); otherwise h is the sender's
// free variable (receiver first, then parameters, then free variables, as
// Effect.Holder counts) through which it reaches the channel, so that its
// caller decides with what it binds there (errgroup's g.Go(func() …) in a
// function the handler calls: transient; a handler closure made at
// registration: lasting). h is -1 when neither can be told.
func (w *walker) frameHolder(k chanKey, worker string, idx int, ch ssa.Value) (h int, local bool) {
	mc, ok := k.key.(*ssa.MakeChan)
	if !ok || ch == nil {
		return -1, false
	}
	var fn *ssa.Function
	for _, g := range w.p.chanRecv[k.key] {
		if SSAName(g) == worker {
			fn = g
		}
	}
	if fn == nil || fn.Parent() == nil || idx < len(fn.Params) || idx-len(fn.Params) >= len(fn.FreeVars) {
		return -1, false
	}
	al, ok := ssavalue.Binding(fn.FreeVars[idx-len(fn.Params)]).(*ssa.Alloc)
	if !ok || al.Parent() != mc.Parent() {
		return -1, false
	}
	if w.fn == mc.Parent() {
		return -1, true
	}
	// The sender's way to the channel: a free variable bound to it, or to
	// the local holding it.
	v := ssavalue.Unconvert(ch)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		v = ld.X
	}
	if fv, ok := v.(*ssa.FreeVar); ok {
		for i, f := range w.fn.FreeVars {
			if f == fv {
				return len(w.fn.Params) + i, false
			}
		}
	}
	return -1, false
}
