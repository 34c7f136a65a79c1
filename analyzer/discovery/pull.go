package discovery

import (
	"go/token"
	"go/types"

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
		var recv *ssa.Call
		var m *models.Model
		var ack token.Pos
		for _, b := range fn.Blocks {
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
				if cm == nil {
					continue
				}
				if cm.Receive != "" && recv == nil {
					recv, m = call, cm
				}
				if cm.Ack && !ack.IsValid() {
					ack = call.Pos()
				}
			}
		}
		if recv == nil {
			continue
		}
		registered := f.byFn[fn] != nil && f.byFn[fn].Registered.IsValid()
		h := f.add(fn, m.Receive, recv.Pos())
		if !registered {
			h.Confidence = "medium"
		}
		if !h.Ack.IsValid() {
			h.Ack = ack
		}
		if h.Task == "" && m.TargetArg != nil {
			args := recv.Call.Args
			if !recv.Call.IsInvoke() && len(args) > 0 {
				args = args[1:]
			}
			if *m.TargetArg < len(args) {
				h.Task = ssavalue.ConstString(args[*m.TargetArg])
			}
		}
	}
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

// dropCalledWeak removes low-confidence handlers (functions that merely
// take a message type) that another handler of the package calls: they
// are its helpers, not entry points.
func (f *finder) dropCalledWeak() {
	called := map[*ssa.Function]bool{}
	for fn, h := range f.byFn {
		if h.Confidence == "low" {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok {
					if callee := ci.Common().StaticCallee(); callee != nil {
						called[callee] = true
					}
				}
			}
		}
	}
	for fn, h := range f.byFn {
		if h.Confidence == "low" && called[fn] {
			delete(f.byFn, fn)
		}
		// A workflow helper (it takes workflow.Context too) called by a
		// workflow is part of that workflow, not one of its own.
		if h.Rule != "" && called[fn] && !h.Registered.IsValid() {
			delete(f.byFn, fn)
		}
	}
}
