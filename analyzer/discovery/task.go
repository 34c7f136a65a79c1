package discovery

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// taskFrom reads a consumer's task from the first source that names it.
// call is the registering or receiving call.
func taskFrom(srcs []models.TaskSource, call *ssa.CallCommon) string {
	for _, src := range srcs {
		var args []ssa.Value
		if src.Func == "" {
			args = callArgs(call)
		} else if built := builder(receiverOf(call), src.Func); built != nil {
			args = callArgs(built)
		}
		if src.Arg < 0 || src.Arg >= len(args) {
			continue
		}
		v := args[src.Arg]
		var name string
		if src.Field != "" {
			if a := ssavalue.LocalOf(v); a != nil {
				for _, st := range ssavalue.FieldStores(a, src.Field) {
					if name = nameOf(st.Val, 0); name != "" {
						break
					}
				}
			}
		} else {
			name = nameOf(v, 0)
		}
		if name != "" {
			return name
		}
	}
	return ""
}

// taskName reads a task from a registration's name argument: a constant
// string, or a []string literal of them (Sarama's topics).
func taskName(v ssa.Value) string { return nameOf(v, 0) }

// nameOf is the name a value spells: a constant string, a pointer helper
// of one (aws.String("q")), or a literal slice of them, joined by ",".
// A URL names its last path segment (an SQS queue URL names the queue).
// An array can hold a slice of itself (arr[0] = arr[:]): depth bounds the
// walk.
func nameOf(v ssa.Value, depth int) string {
	if depth > 4 {
		return ""
	}
	if s := ssavalue.ConstString(v); s != "" {
		return lastSegment(s)
	}
	if c, ok := v.(*ssa.Call); ok && len(c.Call.Args) == 1 {
		if p, ok := c.Type().Underlying().(*types.Pointer); ok {
			if b, ok := p.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.String {
				return nameOf(c.Call.Args[0], depth+1)
			}
		}
	}
	if elems := ssavalue.SliceElems(v); len(elems) > 0 {
		var names []string
		for _, e := range elems {
			n := nameOf(e, depth+1)
			if n == "" {
				return ""
			}
			names = append(names, n)
		}
		return strings.Join(names, ",")
	}
	return ""
}

func lastSegment(s string) string {
	if !strings.Contains(s, "://") {
		return s
	}
	s = strings.TrimRight(s, "/")
	return s[strings.LastIndexByte(s, '/')+1:]
}

// receiverOf is the receiver of a method call (static or interface).
func receiverOf(c *ssa.CallCommon) ssa.Value {
	if c.IsInvoke() {
		return c.Value
	}
	if callee := c.StaticCallee(); callee != nil && callee.Signature.Recv() != nil && len(c.Args) > 0 {
		return c.Args[0]
	}
	return nil
}

// callArgs are a call's arguments without the receiver.
func callArgs(c *ssa.CallCommon) []ssa.Value {
	if !c.IsInvoke() {
		if callee := c.StaticCallee(); callee != nil && callee.Signature.Recv() != nil && len(c.Args) > 0 {
			return c.Args[1:]
		}
	}
	return c.Args
}

// builder is the call of fn (a models.FuncKey) that produced v, through
// conversions and the (value, error) tuple it may return.
func builder(v ssa.Value, fn string) *ssa.CallCommon {
	for i := 0; v != nil && i < 8; i++ {
		switch x := ssavalue.Unconvert(v).(type) {
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.Call:
			var obj *types.Func
			if x.Call.IsInvoke() {
				obj = x.Call.Method
			} else if callee := x.Call.StaticCallee(); callee != nil {
				obj, _ = callee.Object().(*types.Func)
			}
			if obj != nil && models.FuncKey(obj) == fn {
				return &x.Call
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}
