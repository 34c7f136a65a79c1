package wholeprogram

import "golang.org/x/tools/go/ssa"

// isMethod reports whether fn has a receiver: a resolved interface call's
// effects on parameter 0 then run on the handle the call was made on,
// which may carry the completion of its transaction (effect.TxGuard).
func isMethod(fn *ssa.Function) bool {
	return fn.Signature.Recv() != nil
}
