package ssavalue

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// readOnly are the functions that only read what they are handed in an
// interface: fmt's and log's printers (fmt/print.go prints a value by
// reflection; the methods it would call are ruled out by OnlyRead) and
// reflect.TypeOf (a type, no value). A value printed before a test of
// its fields leaves them as they were (summary's conditions), and one
// only printed is filled by no decoder (wholeprogram/nilfields.go).
var readOnly = map[string]bool{
	"fmt.Print": true, "fmt.Printf": true, "fmt.Println": true,
	"fmt.Sprint": true, "fmt.Sprintf": true, "fmt.Sprintln": true,
	"fmt.Fprint": true, "fmt.Fprintf": true, "fmt.Fprintln": true,
	"fmt.Errorf": true, "fmt.Append": true, "fmt.Appendf": true, "fmt.Appendln": true,
	"log.Print": true, "log.Printf": true, "log.Println": true,
	"log.Fatal": true, "log.Fatalf": true, "log.Fatalln": true,
	"log.Panic": true, "log.Panicf": true, "log.Panicln": true,
	"reflect.TypeOf": true,
}

func readOnlyCall(instr ssa.Instruction, v ssa.Value) bool {
	ci, ok := instr.(ssa.CallInstruction)
	if !ok || ci.Common().IsInvoke() {
		return false
	}
	callee := ci.Common().StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Signature.Recv() != nil || !readOnly[callee.Pkg.Pkg.Path()+"."+callee.Name()] {
		return false
	}
	for _, a := range ci.Common().Args {
		if a == v {
			return true
		}
	}
	return false
}

// OnlyRead reports whether an interface made of a value is only handed
// to readOnly functions, directly or in their variadic argument list,
// and the value has no method fmt would call (String, Error, Format,
// GoString: code that may change it).
func OnlyRead(mi *ssa.MakeInterface) bool {
	ms := types.NewMethodSet(mi.X.Type())
	for _, m := range []string{"String", "Error", "Format", "GoString"} {
		if ms.Lookup(nil, m) != nil {
			return false
		}
	}
	for _, ref := range *mi.Referrers() {
		if readOnlyCall(ref, mi) {
			continue
		}
		st, ok := ref.(*ssa.Store)
		if !ok || st.Val != mi {
			return false
		}
		ia, ok := st.Addr.(*ssa.IndexAddr)
		if !ok {
			return false
		}
		arr, ok := ia.X.(*ssa.Alloc)
		if !ok || !argsArray(arr) {
			return false
		}
	}
	return true
}

// argsArray reports whether arr is a variadic argument list: its
// elements are only stored, and its slices only handed to readOnly
// functions.
func argsArray(arr *ssa.Alloc) bool {
	for _, ref := range *arr.Referrers() {
		switch x := ref.(type) {
		case *ssa.IndexAddr:
			for _, r := range *x.Referrers() {
				if st, ok := r.(*ssa.Store); !ok || st.Addr != x {
					return false
				}
			}
		case *ssa.Slice:
			for _, r := range *x.Referrers() {
				if !readOnlyCall(r, x) {
					return false
				}
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}
