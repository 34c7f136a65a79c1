package discovery

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"

	"github.com/jobeffects/jobeffects/analyzer/models"
)

// pullLoops finds functions that receive messages from a broker in a loop
// of their own (SQS ReceiveMessage, kafka-go FetchMessage, confluent Poll,
// NATS Fetch): there is no registration, the function is the handler and
// its body between receive and ack the per-message work.
func (f *finder) pullLoops() {
	if f.env.Model == nil {
		return
	}
	for _, fn := range f.env.Funcs {
		if f.wrappers[fn] != "" {
			continue // it returns what it receives: its callers handle it (msgloop.go)
		}
		var recv *ssa.Call
		var m *models.Model
		var ack token.Pos
		wrapped := false // received through a local wrapper: its options are the wrapper's
		// The receive is in the function; the ack may be in a callback it
		// runs per record (franz-go EachRecord, a goroutine per partition).
		for _, g := range withClosures(fn) {
			for _, b := range g.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(*ssa.Call)
					if !ok {
						continue
					}
					obj := calleeFunc(call)
					if obj == nil {
						continue
					}
					cm := f.env.Model(obj)
					if cm == nil && g == fn && recv == nil {
						// A local function returning what a catalogued
						// receive returned (msgloop.go): this loop receives
						// through it.
						if callee := call.Call.StaticCallee(); callee != nil && f.wrapDirect[callee] {
							recv, m, wrapped = call, &models.Model{Receive: f.wrappers[callee]}, true
						}
					}
					if cm == nil {
						continue
					}
					if cm.Receive != "" && recv == nil && g == fn {
						recv, m = call, cm
					}
					if cm.Ack && !ack.IsValid() {
						ack = call.Pos()
					}
				}
			}
		}
		if recv == nil {
			continue
		}
		registered := f.byFn[fn] != nil && f.byFn[fn].Registered.IsValid()
		if !registered && f.testFile(fn.Pos()) {
			// A test that receives reads back what the code under test
			// sent (a consumer started against a real broker to check a
			// publisher): no deployed consumer.
			continue
		}
		h := f.add(fn, m.Receive, recv.Pos())
		if !registered {
			h.Confidence = "medium"
			h.pull = true
		}
		// amqp's Consume with autoAck true: the broker acks each delivery
		// as it sends it and never sends it again (a crash loses what
		// was in flight), so the consumer is at most once, as a NATS core
		// subscription is. autoAck taken from a parameter is decided by
		// the callers of a loop that forwards (onceParam).
		autoAck, onceParam := false, 0
		if m.AtMostOnceIf != nil {
			v := modelArg(recv, *m.AtMostOnceIf)
			autoAck = ssavalue.IsTrue(v)
			if owner, k := ssavalue.ParamOf(v); owner == fn {
				onceParam = k + 1
			}
		}
		if autoAck {
			h.AtMostOnce = true
		}
		mergeSequential(h, false) // a pull loop's deliveries are not modelled as sequential
		if wrapped {
			mergeAck(h, AckUnknown)
		} else {
			mergeAck(h, pullAckMode(m, recv, autoAck))
		}
		switch {
		case h.Ack.IsValid():
		case m.AtMostOnce || autoAck:
			h.Ack = recv.Pos() // the receive commits before it returns
		default:
			h.Ack = ack
		}
		if h.Task == "" && m.TargetArg != nil {
			if v := modelArg(recv, *m.TargetArg); v != nil {
				h.Task = ssavalue.ConstString(v)
			}
		}
		if h.Task == "" && len(m.TaskFrom) > 0 {
			h.Task = taskFrom(m.TaskFrom, &recv.Call)
		}
		// A loop that hands each message to a function its enclosing
		// function was given is a dispatcher: its callers' functions are
		// the handlers.
		taskParam := -1
		if m.TargetArg != nil {
			if owner, k := ssavalue.ParamOf(modelArg(recv, *m.TargetArg)); owner == fn {
				taskParam = k // the queue the dispatcher's callers name
			}
		}
		delivery := ""
		if autoAck {
			delivery = "at-most-once"
		}
		if h.pull {
			// Run both: a loop may hand messages to a function it was
			// given and to an interface value it was built with.
			forwarded := f.loopForward(fn, h, taskParam, delivery, onceParam)
			if f.pullDispatch(fn, h, recv, delivery) {
				forwarded = true
			}
			if forwarded {
				delete(f.byFn, fn)
			}
		}
	}
}

// testFile reports whether pos is in a _test.go file.
func (f *finder) testFile(pos token.Pos) bool {
	return pos.IsValid() && strings.HasSuffix(f.env.Pkg.Prog.Fset.Position(pos).Filename, "_test.go")
}

// modelArg is argument k of a modeled method call, the receiver excluded.
func modelArg(call *ssa.Call, k int) ssa.Value {
	args := call.Call.Args
	if obj := calleeFunc(call); !call.Call.IsInvoke() && obj != nil && obj.Type().(*types.Signature).Recv() != nil && len(args) > 0 {
		args = args[1:]
	}
	if k < 0 || k >= len(args) {
		return nil
	}
	return args[k]
}

// withClosures is fn and the closures it defines, at any depth.
func withClosures(fn *ssa.Function) []*ssa.Function {
	out := []*ssa.Function{fn}
	for i := 0; i < len(out); i++ {
		out = append(out, out[i].AnonFuncs...)
	}
	return out
}

func calleeFunc(call *ssa.Call) *types.Func {
	if call.Call.IsInvoke() {
		return call.Call.Method
	}
	if callee := call.Call.StaticCallee(); callee != nil {
		obj, _ := callee.Object().(*types.Func)
		return obj
	}
	return nil
}

// dropCalledWeak removes handlers that another handler of the package
// calls: low-confidence ones (functions that merely take a message type),
// pull loops found only by their receive, and workflow helpers. They are
// its helpers, not entry points. The calls of the closures a handler
// defines count as its own: a pull loop that hands each message to a
// goroutine (go func(m *nats.Msg) { handle(m); m.Ack() }(m)) runs the
// helper as its per-message work.
func (f *finder) dropCalledWeak() {
	called := map[*ssa.Function]bool{}
	for fn, h := range f.byFn {
		if h.Confidence == "low" {
			continue
		}
		for _, g := range withClosures(fn) {
			for _, b := range g.Blocks {
				for _, instr := range b.Instrs {
					if ci, ok := instr.(ssa.CallInstruction); ok {
						if callee := ci.Common().StaticCallee(); callee != nil && callee != fn {
							called[callee] = true
						}
					}
				}
			}
		}
	}
	f.boundImplementations(called)
	reached := f.reachedFrom(called)
	for fn, h := range f.byFn {
		if h.Confidence == "low" && reached[fn] {
			delete(f.byFn, fn)
		}
		// A function that receives for another pull loop (a poll helper
		// that wraps the receive) is part of that loop.
		if h.pull && called[fn] {
			delete(f.byFn, fn)
		}
		// A workflow helper (it takes workflow.Context too) called by a
		// workflow is part of that workflow, not one of its own.
		if h.Rule != "" && called[fn] && !h.Registered.IsValid() {
			delete(f.byFn, fn)
		}
	}
}

// reachedFrom is called and every function of the package those reach by
// static calls, through functions that are no handler (a poll loop's batch
// helper whose goroutine handles each message: Run → processMessages →
// go func(m) { processSingleMessage(m) }) and through weak ones (a
// message's per-mode helper and the header readers it calls, each taking
// the message). A low-confidence function reached so is part of a
// handler's work at any depth, not an entry point: only the direct callee
// was dropped before, which left its own helpers listed as handlers with
// the caller's findings repeated.
func (f *finder) reachedFrom(called map[*ssa.Function]bool) map[*ssa.Function]bool {
	reached := map[*ssa.Function]bool{}
	var work []*ssa.Function
	visit := func(fn *ssa.Function) {
		if o := fn.Origin(); o != nil {
			fn = o // byFn holds generic functions by their origin
		}
		if !reached[fn] && fn.Pkg == f.env.Pkg {
			reached[fn] = true
			work = append(work, fn)
		}
	}
	for fn := range called {
		visit(fn)
	}
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, g := range withClosures(fn) {
			for _, b := range g.Blocks {
				for _, instr := range b.Instrs {
					if ci, ok := instr.(ssa.CallInstruction); ok {
						if callee := ci.Common().StaticCallee(); callee != nil {
							visit(callee)
						}
					}
				}
			}
		}
	}
	return reached
}

// boundImplementations adds to called the low-confidence handlers that a
// closure registered once per task (Handler.PerRegistration) reaches
// through an interface call on a value its registrations bind: the
// package's methods of that name implementing the interface (each task's
// Execute a TaskHandler(task) closure calls, and the embedded no-op they
// override), and the low-confidence handlers those call in turn (their
// payload decoders). They are the registrations' code, resolved per
// registration over the whole program (wholeprogram/bound.go), not entry
// points of their own.
func (f *finder) boundImplementations(called map[*ssa.Function]bool) {
	var work []*ssa.Function
	for fn, h := range f.byFn {
		if !h.PerRegistration || fn.Parent() == nil {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok || !ci.Common().IsInvoke() {
					continue
				}
				c := ci.Common()
				recv := ssavalue.Unconvert(c.Value)
				if u, ok := recv.(*ssa.UnOp); ok && u.Op == token.MUL {
					recv = u.X // a captured variable's cell
				}
				if _, ok := recv.(*ssa.FreeVar); !ok {
					continue
				}
				iface, ok := c.Value.Type().Underlying().(*types.Interface)
				if !ok {
					continue
				}
				for g, gh := range f.byFn {
					obj, _ := g.Object().(*types.Func)
					if gh.Confidence != "low" || obj == nil || obj.Name() != c.Method.Name() || g.Pkg != f.env.Pkg {
						continue
					}
					if sig := obj.Type().(*types.Signature); sig.Recv() != nil && types.Implements(sig.Recv().Type(), iface) && !called[g] {
						called[g] = true
						work = append(work, g)
					}
				}
			}
		}
	}
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if g := ci.Common().StaticCallee(); g != nil && !called[g] && f.byFn[g] != nil && f.byFn[g].Confidence == "low" {
					called[g] = true
					work = append(work, g)
				}
			}
		}
	}
}

// pullAckMode is the ack mode of a pull loop's receive recv of model m:
// auto where the receive acks itself (at_most_once, or amqp's autoAck
// given true), not found where autoAck is not a constant (a parameter:
// its callers decide, forward.go), manual otherwise: a pulled message is
// acknowledged only by the loop's own ack (delete, commit, Ack).
func pullAckMode(m *models.Model, recv *ssa.Call, autoAck bool) string {
	switch {
	case m.AtMostOnce || autoAck:
		return AckAuto
	case m.AtMostOnceIf != nil:
		if isFalse(modelArg(recv, *m.AtMostOnceIf)) {
			return AckManual
		}
		return AckUnknown
	}
	return AckManual
}
