// forEachElement and the free-type-parameter check below are adapted from
// golang.org/x/tools v0.52.0 (internal/typesinternal/element.go and
// internal/typeparams/free.go):
//
// Copyright 2024 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style license that can be
// found in golang.org/x/tools' LICENSE file.

package wholeprogram

import (
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// forEachElement calls f for T and each type reachable from it through
// reflection, as go/ssa's Program.RuntimeTypes derives them (x/tools'
// internal typesinternal.ForEachElement, copied: allFunctions must derive
// the same types, and the original is not importable), except that an
// alias is replaced by its target before it is recorded (below). access is false
// for a type reflection cannot reach itself (a tuple, the underlying type
// of a named type); f's result says the type was seen, which prunes the
// descent.
func forEachElement(msets *typeutil.MethodSetCache, T types.Type, f func(T types.Type, access bool) bool) {
	var visit func(T types.Type, access bool)
	visit = func(T types.Type, access bool) {
		// An alias is its target, here as for reflection. x/tools
		// records the alias and then visits the target, which f finds
		// seen (typeutil.Map holds identical types as one key) and so
		// prunes: the target's pointer type (*N, whose method set
		// holds the wrappers of N's methods) was derived only when N
		// itself had been reached before the alias. Which came first
		// followed go/ssa's RuntimeTypes, a map's order: testdata/
		// ecosystem's set gained or lost (*crypto/ed25519.PrivateKey)'s
		// four wrappers from run to run (x/crypto's ed25519.PrivateKey
		// is an alias of it). Unaliased first, N is what is recorded and
		// its descent is complete whichever spelling comes first.
		T = types.Unalias(T)
		if f(T, access) {
			return
		}
		// The parameters and results of each method (the tuples are
		// inaccessible, their elements are not).
		mset := msets.MethodSet(T)
		for i := 0; i < mset.Len(); i++ {
			sig := mset.At(i).Type().(*types.Signature)
			if sig.TypeParams() != nil {
				continue
			}
			visit(sig.Params(), false)
			visit(sig.Results(), false)
		}
		switch T := T.(type) {
		case *types.Pointer:
			visit(T.Elem(), true)
		case *types.Slice:
			visit(T.Elem(), true)
		case *types.Chan:
			visit(T.Elem(), true)
		case *types.Map:
			visit(T.Key(), true)
			visit(T.Elem(), true)
		case *types.Signature:
			visit(T.Params(), false)
			visit(T.Results(), false)
		case *types.Named:
			// *N may have more methods; N's underlying type is not
			// reachable by reflection, its elements are.
			visit(types.NewPointer(T), true)
			visit(T.Underlying(), false)
		case *types.Array:
			visit(T.Elem(), true)
		case *types.Struct:
			for i := 0; i < T.NumFields(); i++ {
				visit(T.Field(i).Type(), true)
			}
		case *types.Tuple:
			for i := 0; i < T.Len(); i++ {
				visit(T.At(i).Type(), true)
			}
		}
		// Basic and interface types have no elements (an interface's
		// methods were visited above); parameterized types never get
		// here (freeTypeParams).
	}
	visit(T, true)
}

// freeTypeParams tells whether a type has free type parameters, as go/ssa
// decides which MakeInterface operands are runtime types (x/tools'
// internal typeparams.Free): the conversions of a generic function's own
// body are not, its instances' are.
type freeTypeParams struct {
	seen map[types.Type]bool
}

func (w *freeTypeParams) has(typ types.Type) (res bool) {
	if x, ok := w.seen[typ]; ok {
		return x // also a cycle's answer so far
	}
	if w.seen == nil {
		w.seen = map[types.Type]bool{}
	}
	w.seen[typ] = false
	defer func() { w.seen[typ] = res }()
	switch t := typ.(type) {
	case *types.Alias:
		if t.TypeParams().Len() > t.TypeArgs().Len() {
			return true
		}
		return w.has(types.Unalias(t))
	case *types.Array:
		return w.has(t.Elem())
	case *types.Slice:
		return w.has(t.Elem())
	case *types.Pointer:
		return w.has(t.Elem())
	case *types.Chan:
		return w.has(t.Elem())
	case *types.Map:
		return w.has(t.Key()) || w.has(t.Elem())
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if w.has(t.Field(i).Type()) {
				return true
			}
		}
	case *types.Tuple:
		for i := 0; i < t.Len(); i++ {
			if w.has(t.At(i).Type()) {
				return true
			}
		}
	case *types.Signature:
		return w.has(t.Params()) || w.has(t.Results())
	case *types.Interface:
		// Type-set terms appear only in constraints, never in a
		// converted value's type.
		for i := 0; i < t.NumMethods(); i++ {
			if w.has(t.Method(i).Type()) {
				return true
			}
		}
	case *types.Named:
		args := t.TypeArgs()
		if t.TypeParams().Len() > args.Len() {
			return true
		}
		for i := 0; i < args.Len(); i++ {
			if w.has(args.At(i)) {
				return true
			}
		}
		// A type declared in a generic function uses its parameters.
		return w.has(t.Underlying())
	case *types.TypeParam:
		return true
	}
	return false
}
