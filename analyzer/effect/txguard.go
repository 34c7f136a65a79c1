package effect

// A call through an interface on a transaction-bound handle. Applications
// put sqlc's queries behind their own interface (Querier with WithTx(tx)
// Querier) and pass the bound handle to helpers: the per-package analysis
// sees q.CreateX(…) as an unknown interface call, and only the whole
// program (or a reading of its name) says it is an insert. The guard
// analysis, which knows the handle is bound to a transaction the job's
// completion commits, records that completion on the unknown call
// (TxGuard); whatever later decides the call hands the guard to the
// database writes it makes on that receiver.

// TxGuardFor returns the guard a database write the call c stands for
// inherits: c's TxGuard when the write runs on the callee's receiver
// (onReceiver) and is not guarded or flagged otherwise; nil when none.
func TxGuardFor(c *Effect, w *Effect, onReceiver bool) *Guard {
	if c.TxGuard == nil || !onReceiver || w.Kind != KindDBWrite || !w.Risk.NonIdempotent() || w.Guard != nil || w.Issue != "" {
		return nil
	}
	g := *c.TxGuard
	return &g
}

// txGuardFor is TxGuardFor for a reading of the call itself: the write
// read from its name is the call on its receiver.
func (e *Effect) txGuardFor() *Guard {
	if e.Guard != nil {
		return nil
	}
	return TxGuardFor(e, e, true)
}
