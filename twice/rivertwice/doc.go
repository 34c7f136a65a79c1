// Package rivertwice delivers River jobs to their workers for package
// twice, through River's own executor (rivertest.Worker): the worker sees
// a real *river.Job[T] in the running state, river.ClientFromContext,
// JobCompleteTx, JobCancelTx and resumable steps work on the
// transactions it opens itself, and River's completer marks the job done
// after Work returns.
//
// Each run inserts the job (River's schema must be migrated in the test
// database); each delivery then does what River would at that point:
//
//   - a completed, cancelled or discarded job is not delivered again
//     (twice.ErrNotDelivered), so a JobCompleteTx committed with the
//     effect stops a redelivery as it does in production;
//   - a job left running by a delivery whose ack was lost (the worker
//     died after Work returned, before the completer's update) is what
//     River's rescuer finds stuck: it cancels it if a cancellation was
//     attempted (JobCancelTx of a running job records only that), discards
//     it if it is out of attempts, and otherwise makes it retryable, and
//     it runs again;
//   - a lost ack (twice.Delivery.Ack false, and every crashed delivery)
//     is modelled by undoing the completer's update: the job is left
//     running, unless the worker itself completed or cancelled it in a
//     transaction that committed.
//
// Concurrent deliveries each run the executor on the same job row, as
// when the rescuer hands a job still running to a second worker.
//
// Use a pool instrumented with pgxtwice (pgxtwice.NewPool) so the
// worker's statements are effect points; River's own bookkeeping runs on
// twice.Internal contexts and is not.
//
// It is a module of its own so that only tests using River compile River.
package rivertwice
