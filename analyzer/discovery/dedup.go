package discovery

import (
	"go/token"
	"go/types"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"

	"github.com/jobeffects/jobeffects/analyzer/models"
)

// EnqueueDedup is an enqueue-side deduplication found in the code (asynq
// Unique/TaskID, River UniqueOpts). It stops the same job from being
// enqueued twice, not a delivered job from running twice: it is never a
// guard, and findings say so when it is all a handler has.
type EnqueueDedup struct {
	Framework string
	Task      string
	What      string
	Pos       token.Pos
}

// asynqDedupOptions are the options that dedupe at enqueue time (the
// catalog's frameworks' dedup_options: asynq.Unique, asynq.TaskID), by
// function key, with the names findings give them ("asynq.Unique").
var asynqDedupOptions = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	for _, fw := range builtinFrameworks() {
		for _, key := range fw.DedupOptions {
			out[key] = key[strings.LastIndex(key, "/")+1:]
		}
	}
	return out
})

// FindEnqueueDedup finds asynq.NewTask / Client.Enqueue calls with Unique or
// TaskID options, and River args types whose InsertOpts set UniqueOpts.
func FindEnqueueDedup(env *Env) []EnqueueDedup {
	var out []EnqueueDedup
	for _, fn := range env.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := call.Call.StaticCallee()
				if callee == nil || callee.Object() == nil {
					continue
				}
				switch models.FuncKey(callee.Object().(*types.Func)) {
				case "github.com/hibiken/asynq.NewTask":
					if what := dedupOption(call.Call.Args[2:]); what != "" {
						out = append(out, EnqueueDedup{Framework: "asynq", Task: ssavalue.ConstString(call.Call.Args[0]), What: what, Pos: call.Pos()})
					}
				case "(*github.com/hibiken/asynq.Client).Enqueue", "(*github.com/hibiken/asynq.Client).EnqueueContext":
					args := call.Call.Args[1:] // after the receiver
					if len(args) > 0 && ssavalue.IsContext(args[0].Type()) {
						args = args[1:]
					}
					if len(args) < 2 {
						continue
					}
					if what := dedupOption(args[1:]); what != "" {
						out = append(out, EnqueueDedup{Framework: "asynq", Task: taskTypeOf(args[0]), What: what, Pos: call.Pos()})
					}
				}
			}
		}
		// Watermill's Deduplicator middleware.
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if a, ok := instr.(*ssa.Alloc); ok && isDeduplicator(a.Type()) {
					out = append(out, EnqueueDedup{Framework: "watermill", Task: "*", Pos: a.Pos(),
						What: "watermill middleware.Deduplicator (in memory, per process; it marks the key before the handler runs, so a redelivery after a failure inside its window is acked and dropped: a loss, not a guard)"})
				}
			}
		}
		// River: func (T) InsertOpts() river.InsertOpts { return river.InsertOpts{UniqueOpts: ...} }
		if obj, ok := fn.Object().(*types.Func); ok && obj != nil && obj.Name() == "InsertOpts" && setsField(fn, "UniqueOpts") {
			recv := obj.Type().(*types.Signature).Recv()
			if recv != nil && env.KindOf != nil {
				if kind, ok := env.KindOf(recv.Type()); ok {
					out = append(out, EnqueueDedup{Framework: "river", Task: kind, What: "river UniqueOpts", Pos: fn.Pos()})
				}
			}
		}
	}
	return out
}

// dedupOption returns the name of the first Unique/TaskID option among the
// variadic option arguments, or "".
func dedupOption(opts []ssa.Value) string {
	for _, o := range opts {
		for _, v := range sliceOrSelf(o) {
			if mi, ok := v.(*ssa.MakeInterface); ok {
				v = mi.X
			}
			if c, ok := v.(*ssa.Call); ok {
				if callee := c.Call.StaticCallee(); callee != nil && callee.Object() != nil {
					if what, ok := asynqDedupOptions()[models.FuncKey(callee.Object().(*types.Func))]; ok {
						return what
					}
				}
			}
		}
	}
	return ""
}

// taskTypeOf returns the type name of a task built by asynq.NewTask.
func taskTypeOf(v ssa.Value) string {
	if c, ok := v.(*ssa.Call); ok {
		if callee := c.Call.StaticCallee(); callee != nil && callee.Object() != nil &&
			models.FuncKey(callee.Object().(*types.Func)) == "github.com/hibiken/asynq.NewTask" {
			return ssavalue.ConstString(c.Call.Args[0])
		}
	}
	return ""
}

// setsField reports whether fn stores into a struct field of that name.
func setsField(fn *ssa.Function, name string) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
				if s, ok := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct); ok && s.Field(fa.Field).Name() == name {
					return true
				}
			}
		}
	}
	return false
}

func isDeduplicator(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "github.com/ThreeDotsLabs/watermill/message/router/middleware" && n.Obj().Name() == "Deduplicator"
}

// sliceOrSelf returns the elements of a variadic slice literal, or v.
func sliceOrSelf(v ssa.Value) []ssa.Value {
	if elems := ssavalue.SliceElems(v); elems != nil {
		return elems
	}
	return []ssa.Value{v}
}
