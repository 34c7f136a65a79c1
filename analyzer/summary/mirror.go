package summary

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// A claim made through the application's interface that mirrors an SDK
// client (interlock's store.DynamoAPI, declared for mocks, whose PutItem
// has (*dynamodb.Client).PutItem's signature) is decided where the call
// is made: a conditional put (attribute_not_exists) claims the item's
// key there, and the helper that makes it hands the outcome to its
// callers (guard.ClaimReturn), which the whole-program phase, resolving
// the interface only later, cannot give them. Only a call the mirrored
// method's model makes a claim by its arguments (claim_when) is read
// so; any other call through the interface stays a dynamic call, left
// to the whole-program phase.

// mirroredClaim is the modeled library method m mirrors and its model,
// when the call with args (receiver excluded) is a claim by that model's
// claim_when; nil otherwise. The mirrored method is a method of the same
// name and an identical signature of a named type declared in the
// package of one of m's pointer-to-struct parameters (the SDK's
// *PutItemInput lives beside its Client).
func (w *walker) mirroredClaim(m *types.Func, args []ssa.Value) (*types.Func, *models.Model) {
	fn := w.p.mirroredMethod(m)
	if fn == nil {
		return nil, nil
	}
	model := w.p.env.Index.Lookup(fn)
	cw := model.ClaimWhenOf()
	if cw == nil || cw.Arg < 0 || cw.Arg >= len(args) || !cw.Matches(ssavalue.FieldConst(args[cw.Arg], cw.Field)) {
		return nil, nil
	}
	return fn, model
}

// mirroredMethod is the method with a claim_when model that m mirrors
// (mirroredClaim), or nil; cached per m.
func (p *Package) mirroredMethod(m *types.Func) *types.Func {
	if fn, ok := p.mirrors[m]; ok {
		return fn
	}
	fn := findMirrored(m, p.env.Index)
	if p.mirrors == nil {
		p.mirrors = map[*types.Func]*types.Func{}
	}
	p.mirrors[m] = fn
	return fn
}

func findMirrored(m *types.Func, ix *models.Index) *types.Func {
	sig, ok := m.Type().(*types.Signature)
	if !ok {
		return nil
	}
	seen := map[*types.Package]bool{}
	for i := 0; i < sig.Params().Len(); i++ {
		p, ok := sig.Params().At(i).Type().Underlying().(*types.Pointer)
		if !ok {
			continue
		}
		n, ok := types.Unalias(p.Elem()).(*types.Named)
		if !ok || n.Obj().Pkg() == nil || seen[n.Obj().Pkg()] {
			continue
		}
		pkg := n.Obj().Pkg()
		seen[pkg] = true
		for _, name := range pkg.Scope().Names() {
			tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
			if !ok || types.IsInterface(tn.Type()) || generic(tn.Type()) {
				continue
			}
			obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), false, pkg, m.Name())
			fn, ok := obj.(*types.Func)
			if !ok || !types.Identical(fn.Type(), m.Type()) {
				continue
			}
			if ix.Lookup(fn).ClaimWhenOf() != nil {
				return fn
			}
		}
	}
	return nil
}

// generic reports whether t is a generic type not instantiated.
func generic(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.TypeParams().Len() > 0
}

// dropGuardedKeys drops the random-key pitfalls at the positions whose
// calls a claim turned out to guard (guard.Env.KeyGuarded), unless
// another effect still carries the issue there.
func (w *walker) dropGuardedKeys(pos map[string]bool) {
	if len(pos) == 0 {
		return
	}
	for _, s := range w.sites {
		if s.Effect.Issue == rules.RandomKey {
			delete(pos, s.Effect.IssuePos)
		}
	}
	w.pitfalls = slices.DeleteFunc(w.pitfalls, func(p guard.Pitfall) bool { return p.Rule == rules.RandomKey && pos[p.Pos] })
}
