package guard

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Resumes: a branch a handler takes only when the job system's own record
// of its task's last failure (models.FailureRecord: asynq's
// TaskInfo.LastErr, read with Inspector.GetTaskInfo) holds a text of the
// program's own. Convoy's event channels skip the create of the event on
// such a record and enqueue the next job for the event stored before:
//
//	lastEvent, … := getLastTaskInfo(…) // non-nil only when strings.Contains(ti.LastErr, ErrX.Error())
//	if lastEvent != nil { event = lastEvent } else { event, err = create(…) }
//	err = queue.Write(…) // its error is the handler's
//	return err
//
// The record holds that text only when a run returned it (the job
// system's own texts — an expired lease, a deadline — are not it). An
// effect whose success no failing return follows was therefore not done
// by the run the record describes: the branch resumes it, it does not
// repeat it. Around a create that fails on a duplicate, such a branch is
// the one way past the create that keeps the effect guarded
// (afterDupFailuresOf).

// edge is a CFG edge, from a block to one of its successors.
type edge [2]*ssa.BasicBlock

// resumeEdges are the edges of fn taken only when the task's failure
// record holds a text of the program's own: the true edge of an If whose
// condition is such a test, or the non-nil edge of a test of a value that
// is non-nil only then.
func resumeEdges(fn *ssa.Function, ix *models.Index) []edge {
	if ix == nil {
		return nil
	}
	var out []edge
	for _, b := range fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if recordTest(ifi.Cond, ix, 0) {
			out = append(out, edge{b, b.Succs[0]})
			continue
		}
		bin, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || bin.Op != token.NEQ && bin.Op != token.EQL {
			continue
		}
		x := bin.X
		if isNil(x) {
			x = bin.Y
		} else if !isNil(bin.Y) {
			continue
		}
		if nonNilOnRecord(x, ix, 0) {
			if bin.Op == token.EQL {
				out = append(out, edge{b, b.Succs[1]})
			} else {
				out = append(out, edge{b, b.Succs[0]})
			}
		}
	}
	return out
}

// resumed reports whether every path from fn's entry to the effect of s
// takes the edge from test to first (the no-error edge of a create that
// fails on a duplicate) or a resume edge, and no failing return follows
// the effect's success, here or in the callees on its path: a run the
// failure record describes did not finish it.
func (a *analysis) resumed(test, first *ssa.BasicBlock, s *Site) bool {
	if a.env == nil || len(a.fn.Blocks) == 0 {
		return false
	}
	cut := map[edge]bool{{test, first}: true}
	for _, e := range resumeEdges(a.fn, a.env.Index) {
		cut[e] = true
	}
	if len(cut) == 1 {
		return false
	}
	entry, target := a.fn.Blocks[0], s.Instr.Block()
	if !reachesCutting(entry, target, nil) || reachesCutting(entry, target, cut) {
		return false
	}
	for _, h := range s.Effect.Path[s.Hop+1:] {
		if !h.FailsLast {
			return false
		}
	}
	return FailsLast(a.fn, s.Instr)
}

// FailsLast reports whether fn returns an error and every return that can
// follow the success of call ci gives nil or ci's own failure (through
// wrapping): a run of fn that failed did not get past ci.
func FailsLast(fn *ssa.Function, ci ssa.CallInstruction) bool {
	res := fn.Signature.Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return false
	}
	call, ok := ci.(*ssa.Call)
	if !ok || errorOf(ci) == nil {
		return false
	}
	return !returnsErrorAfter(ci, map[ssa.Value]bool{call: true})
}

// reachesCutting reports whether to is reachable from from without taking
// an edge of cut.
func reachesCutting(from, to *ssa.BasicBlock, cut map[edge]bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		if b == to {
			return true
		}
		seen[b] = true
		for _, succ := range b.Succs {
			if !cut[edge{b, succ}] {
				stack = append(stack, succ)
			}
		}
	}
	return false
}

// errTestBlock is the block whose test of errv (errv != nil, == nil)
// leaves for first; nil when there is none.
func errTestBlock(first *ssa.BasicBlock, errv ssa.Value) *ssa.BasicBlock {
	if len(first.Preds) == 1 {
		return first.Preds[0]
	}
	for _, p := range first.Preds {
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if bin, ok := ifi.Cond.(*ssa.BinOp); ok && (bin.X == errv || bin.Y == errv) {
			return p
		}
	}
	return nil
}

// recordTest reports whether v is true only when a task's failure record
// holds a text of the program's own: strings.Contains, HasPrefix or
// HasSuffix of the record and a text none of the job system's own texts
// hold, a short-circuit (&&) ending in one, or a call of the program's own
// predicate that is true only on one (recordPredicate).
func recordTest(v ssa.Value, ix *models.Index, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil || callee.Pkg == nil {
			return false
		}
		if callee.Pkg.Pkg.Path() != "strings" {
			return recordPredicate(callee, ix, depth+1)
		}
		if len(x.Call.Args) != 2 {
			return false
		}
		switch callee.Name() {
		case "Contains", "HasPrefix", "HasSuffix":
		default:
			return false
		}
		own, ok := failureRecordRead(x.Call.Args[0], ix)
		if !ok {
			return false
		}
		text := programText(x.Call.Args[1])
		if text == "" {
			return false
		}
		for _, o := range own {
			if strings.Contains(o, text) {
				return false
			}
		}
		return true
	case *ssa.Phi:
		// a && b: false from every edge but the one that tested b.
		tested := false
		for _, e := range x.Edges {
			if c, ok := e.(*ssa.Const); ok && c.Value != nil && !ssavalue.IsTrue(c) {
				continue
			}
			if !recordTest(e, ix, depth+1) {
				return false
			}
			tested = true
		}
		return tested
	}
	return false
}

// recordPredicate reports whether fn, a function of the program with one
// bool result, is true only on a record test: each of its returns gives
// false or a value recordTest accepts (a helper that looks the task's
// failure record up and answers "did the last run fail at the hand-on").
func recordPredicate(fn *ssa.Function, ix *models.Index, depth int) bool {
	res := fn.Signature.Results()
	if len(fn.Blocks) == 0 || res.Len() != 1 {
		return false
	}
	if b, ok := res.At(0).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return false
	}
	some := false
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		if c, ok := ret.Results[0].(*ssa.Const); ok && c.Value != nil && !ssavalue.IsTrue(c) {
			continue
		}
		if !recordTest(ret.Results[0], ix, depth) {
			return false
		}
		some = true
	}
	return some
}

// failureRecordRead reports whether v is read from a failure record's
// field, with the texts the job system records there itself.
func failureRecordRead(v ssa.Value, ix *models.Index) ([]string, bool) {
	switch x := v.(type) {
	case *ssa.UnOp:
		fa, ok := x.X.(*ssa.FieldAddr)
		if !ok || x.Op != token.MUL {
			return nil, false
		}
		ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
		if !ok {
			return nil, false
		}
		st, ok := ptr.Elem().Underlying().(*types.Struct)
		if !ok {
			return nil, false
		}
		return ix.FailureRecord(ptr.Elem(), st.Field(fa.Field).Name())
	case *ssa.Field:
		st, ok := x.X.Type().Underlying().(*types.Struct)
		if !ok {
			return nil, false
		}
		return ix.FailureRecord(x.X.Type(), st.Field(x.Field).Name())
	}
	return nil, false
}

// programText is the text v is when the program spells it: a string
// constant, or the Error() of a package variable set once to
// errors.New(constant); "" otherwise.
func programText(v ssa.Value) string {
	if s := ssavalue.ConstString(v); s != "" {
		return s
	}
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.Method == nil || call.Call.Method.Name() != "Error" || len(call.Call.Args) != 0 {
		return ""
	}
	load, ok := call.Call.Value.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return ""
	}
	g, ok := load.X.(*ssa.Global)
	if !ok || g.Pkg == nil {
		return ""
	}
	// A global has no referrers: its stores are in the package's init.
	init := g.Pkg.Func("init")
	if init == nil {
		return ""
	}
	text := ""
	stores := 0
	for _, b := range init.Blocks {
		for _, in := range b.Instrs {
			st, ok := in.(*ssa.Store)
			if !ok || st.Addr != g {
				continue
			}
			stores++
			if c, ok := st.Val.(*ssa.Call); ok {
				if fn := c.Call.StaticCallee(); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "errors" && fn.Name() == "New" && len(c.Call.Args) == 1 {
					text = ssavalue.ConstString(c.Call.Args[0])
				}
			}
		}
	}
	if stores != 1 {
		return ""
	}
	return text
}

// nonNilOnRecord reports whether v, a pointer or interface, is non-nil
// only when a failure record held a text of the program's own: a result
// of a function of the program every return of which gives nil there or
// a value made under such a test.
func nonNilOnRecord(v ssa.Value, ix *models.Index, depth int) bool {
	index := 0
	call, ok := v.(*ssa.Call)
	if ex, isEx := v.(*ssa.Extract); isEx {
		index = ex.Index
		call, ok = ex.Tuple.(*ssa.Call)
	}
	if !ok {
		return false
	}
	fn := call.Call.StaticCallee()
	if fn == nil || len(fn.Blocks) == 0 {
		return false
	}
	some := false
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || index >= len(ret.Results) {
			continue
		}
		if !madeOnRecord(returned(ret, index), ix, map[ssa.Value]bool{}) {
			return false
		}
		some = true
	}
	return some
}

// madeOnRecord reports whether v is nil or made in a block entered only
// when a failure record held a text of the program's own (through phis).
func madeOnRecord(v ssa.Value, ix *models.Index, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	if isNil(v) {
		return true
	}
	if phi, ok := v.(*ssa.Phi); ok {
		for _, e := range phi.Edges {
			if !madeOnRecord(e, ix, seen) {
				return false
			}
		}
		return true
	}
	instr, ok := v.(ssa.Instruction)
	if !ok || instr.Block() == nil {
		return false
	}
	for _, b := range instr.Parent().Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || len(b.Succs[0].Preds) != 1 {
			continue
		}
		if b.Succs[0].Dominates(instr.Block()) && recordTest(ifi.Cond, ix, 0) {
			return true
		}
	}
	return false
}
