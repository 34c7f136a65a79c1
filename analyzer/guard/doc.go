// Package guard decides, inside one function, which of its non-idempotent
// effects are protected against a second delivery, and finds the guard
// mistakes that leave them exposed.
//
// A claim (an insert that does nothing on conflict, or SETNX) guards an
// effect when the claim's result decides whether the effect runs — the
// effect sits in a block dominated by the "first time" edge of the branch
// that tests the result — and, for database effects, when both run on the
// same transaction handle, so they commit or roll back together. A
// framework completion in the same transaction (River JobCompleteTx,
// JobCancelTx of the job being worked, ResumableSetStepTx for its step)
// guards the database effects of that transaction, as does the
// transaction a framework commits with the job's completion when the
// handler returns nil (gue's j.Tx(), watermill-sql's TxFromContext) while
// no failing return follows the effect. An idempotency key passed to an
// external API guards that call unless the key derives from a random or
// time source.
//
// The mistakes reported are the ones the guard guide lists: a claim that
// commits separately from the effect (guard-separate-tx), a random key
// (random-key), and an already-processed branch that returns an error, so
// the queue retries and finally dead-letters a job that succeeded
// (duplicate-as-error; also its status form, statuserror.go: a row's
// status tested, an error returned on the branch the status this handler
// stores and saves takes), and a claim whose table the module's migrations
// create with no unique key backing it (claim-without-constraint: the
// summary checks the claim's SQL against the migrations' keys, package
// triggers; the second delivery then inserts its row too, so the claim
// guards nothing).
//
// Effects reached through callees arrive already marked by the callee's own
// analysis; here they are only matched against claims and completions made
// in this function, through the executor value they run on (a guard that
// holds only on a nil return is checked again against this function's
// returns).
package guard
