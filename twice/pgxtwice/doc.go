// Package pgxtwice connects pgx to package twice: a tracer that makes a
// pgx pool's statements effect points of the delivery they run for (so
// twice can crash a delivery right after any of them), and a Querier for
// twice's PostgreSQL observer.
//
// Crash injection through pgx: the tracer reports each write statement,
// batch statement, COPY and successful COMMIT as an effect point. When the
// harness crashes the delivery there, it cancels the delivery's context;
// pgx then refuses every later statement on that context, a commit
// included, and closes a connection whose transaction it could not end,
// so PostgreSQL rolls the transaction back, as when the worker's process
// dies. Statements run on a context not derived from the delivery's are
// neither counted nor stopped.
//
// It is a module of its own so that only tests using pgx compile pgx.
package pgxtwice
