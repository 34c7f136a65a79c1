package ssavalue

import "go/types"

// HandleType reports whether a call returning t can build a handle around
// a transaction it is given: a pointer (sqlc's q.WithTx(tx) *Queries, a
// repository's constructor), or an interface with methods that is not an
// error. The interface form is how applications put WithTx into the
// interface sqlc generates without it (Querier.WithTx(tx) Querier, as in
// sqlc issue 383's recipe): the bound value is the same queries on the
// transaction. An error, a bool or an empty interface is never a handle.
func HandleType(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return true
	case *types.Interface:
		return u.NumMethods() > 0 && !isErrorType(t)
	}
	return false
}

// isErrorType reports whether t is the error interface or one that only
// extends it (Error() string and nothing a handle would have).
func isErrorType(t types.Type) bool {
	if types.Identical(t, types.Universe.Lookup("error").Type()) {
		return true
	}
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := 0; i < iface.NumMethods(); i++ {
		if iface.Method(i).Name() == "Error" {
			return true
		}
	}
	return false
}
