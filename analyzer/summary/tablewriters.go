package summary

import (
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
)

// tableWriters are the package's production functions that write each
// table (guard.Env.Writers): a SQL text among a function's constants that
// inserts, updates or deletes it, or a call of a function of another
// package whose summary writes it. Built once per package, on the first
// question, from what the package holds before any of its own summaries
// exist (their order is not the question's): a write the package makes
// only through a model of a library (an ORM's Save) is not seen, which
// leaves the guard that asks as it was.
func (p *Package) tableWriters(table string) []*ssa.Function {
	if p.writers == nil {
		p.writers = map[string][]*ssa.Function{}
		for _, fn := range p.funcs {
			if p.testFile(fn) {
				continue
			}
			for t := range p.writesOf(fn) {
				p.writers[t] = append(p.writers[t], fn)
			}
		}
	}
	return p.writers[table]
}

// writesOf are the tables fn writes by SQL text or through another
// package's functions (tableWriters).
func (p *Package) writesOf(fn *ssa.Function) map[string]bool {
	out := map[string]bool{}
	var ops [16]*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			for _, op := range instr.Operands(ops[:0]) {
				if c, ok := (*op).(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
					sqlWrites(constant.StringVal(c.Value), out)
				}
			}
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee := ci.Common().StaticCallee()
			if callee == nil || p.set[callee] {
				continue
			}
			obj, _ := callee.Object().(*types.Func)
			if obj == nil || p.env.Import == nil {
				continue
			}
			if s, ok := p.env.Import(obj); ok && s != nil {
				for _, e := range s.Effects {
					if e.Kind == effect.KindDBWrite && e.Target != "" {
						out[e.Target] = true
					}
				}
			}
		}
	}
	return out
}

// sqlWrites adds the tables a SQL text inserts, updates or deletes to
// out; a text with none of those words is not parsed.
func sqlWrites(text string, out map[string]bool) {
	l := strings.ToLower(text)
	if !strings.Contains(l, "update") && !strings.Contains(l, "insert") && !strings.Contains(l, "delete") {
		return
	}
	for _, st := range sqlclass.Classify(text) {
		switch st.Op {
		case sqlclass.Insert, sqlclass.Claim, sqlclass.UpsertSet, sqlclass.UpsertIncrement, sqlclass.UpdateSet, sqlclass.UpdateIncrement, sqlclass.Delete:
			if st.Table != "" {
				out[st.Table] = true
			}
		}
	}
}

// uniqueEnqueue reports whether ci passes enqueue options that turn
// deduplication by the job's arguments on (guard.Env.UniqueEnqueue),
// whatever states they keep it in: River keeps a job unique at least
// while it is live (available, pending, running, retryable, scheduled),
// which is what a locked recheck needs of it (guard.lockcheck.go,
// liveClaim). The ArgsKey of argskey.go asks more: a key for good.
func (w *walker) uniqueEnqueue(ci ssa.CallInstruction) bool {
	ix := w.p.env.Index
	for _, a := range ci.Common().Args {
		u := ix.UniqueInsert(a.Type())
		if u == nil {
			continue
		}
		live := *u
		live.Unless = nil
		if w.uniqueFlag(a, &live, 0, map[ssa.Value]bool{}) {
			return true
		}
	}
	return false
}
