package summary

import (
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// FuncName is the display name of a declared function in evidence paths:
// "store.AddEntry", "(*jobs.Deps).CreditNaive". Package names, not paths,
// keep paths readable; the position next to each hop disambiguates.
func FuncName(fn *types.Func) string {
	fn = fn.Origin()
	sig, _ := fn.Type().(*types.Signature)
	qual := func(p *types.Package) string { return p.Name() }
	if sig != nil && sig.Recv() != nil {
		recv := sig.Recv().Type()
		ptr := ""
		if p, ok := recv.(*types.Pointer); ok {
			ptr = "*"
			recv = p.Elem()
		}
		recvName := types.TypeString(recv, qual)
		if i := strings.IndexByte(recvName, '['); i >= 0 {
			recvName = recvName[:i]
		}
		if ptr == "" && !types.IsInterface(recv) {
			return recvName + "." + fn.Name()
		}
		return "(" + ptr + recvName + ")." + fn.Name()
	}
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// SSAName is FuncName for an SSA function, naming closures after their
// enclosing function as the Go runtime does ("(*jobs.Deps).Run.func1").
func SSAName(fn *ssa.Function) string {
	if fn.Parent() != nil {
		name := fn.Name()
		suffix := name
		if i := strings.LastIndexByte(name, '$'); i >= 0 {
			suffix = name[i+1:]
		}
		if _, err := strconv.Atoi(suffix); err == nil {
			return SSAName(fn.Parent()) + ".func" + suffix
		}
		return SSAName(fn.Parent()) + "." + name
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if obj, ok := fn.Object().(*types.Func); ok && obj != nil {
		return FuncName(obj)
	}
	return fn.String()
}

// PosString renders pos as "file:line:col" for facts.
func PosString(fset *token.FileSet, pos token.Pos) string {
	if !pos.IsValid() {
		return ""
	}
	p := fset.Position(pos)
	return p.Filename + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Column)
}

// Key names a function across SSA programs that share a FileSet: its
// position and display name. The whole-program phase finds the
// per-package summaries of its functions by it.
func Key(fset *token.FileSet, fn *ssa.Function) string {
	return PosString(fset, fn.Pos()) + "|" + SSAName(fn)
}

// FullName is the package-qualified name of a function, stable across
// runs: "example.com/shop/jobs.(*Deps).CreditNaive".
func FullName(fn *ssa.Function) string {
	local := SSAName(fn)
	pkg := ""
	if o := fn.Origin(); o != nil {
		fn = o
	}
	for f := fn; f != nil; f = f.Parent() {
		if f.Pkg != nil {
			pkg = f.Pkg.Pkg.Path()
			break
		}
		if obj, ok := f.Object().(*types.Func); ok && obj != nil && obj.Pkg() != nil {
			pkg = obj.Pkg().Path()
			break
		}
	}
	// SSAName qualifies with the package name; replace it with the path.
	if obj, ok := fn.Object().(*types.Func); ok && obj != nil && obj.Pkg() != nil {
		name := obj.Pkg().Name()
		local = strings.Replace(local, name+".", "", 1)
	} else if fn.Parent() != nil {
		for f := fn; f != nil; f = f.Parent() {
			if obj, ok := f.Object().(*types.Func); ok && obj != nil && obj.Pkg() != nil {
				local = strings.Replace(local, obj.Pkg().Name()+".", "", 1)
				break
			}
		}
	}
	if pkg == "" {
		return local
	}
	return pkg + "." + local
}
