package ssavalue

import "go/types"

// HasTypeParam reports whether t is, or is made of, a type parameter (a
// generic body's T, *T, []T, map[K]V, chan T, G[T], or a generic type not
// instantiated): in an uninstantiated body such a value may be of any
// type, so no test of its dynamic type is decided, and no method is
// looked up on it. Struct fields are not followed: only what the type
// is written of.
func HasTypeParam(t types.Type) bool {
	switch t := t.(type) {
	case *types.TypeParam:
		return true
	case *types.Pointer:
		return HasTypeParam(t.Elem())
	case *types.Slice:
		return HasTypeParam(t.Elem())
	case *types.Array:
		return HasTypeParam(t.Elem())
	case *types.Chan:
		return HasTypeParam(t.Elem())
	case *types.Map:
		return HasTypeParam(t.Key()) || HasTypeParam(t.Elem())
	case *types.Named:
		if args := t.TypeArgs(); args != nil {
			for i := 0; i < args.Len(); i++ {
				if HasTypeParam(args.At(i)) {
					return true
				}
			}
		}
		return t.TypeParams().Len() > 0 && t.TypeArgs().Len() == 0
	}
	return false
}
