// Package twice delivers a background-job handler more than once with the
// same input, against real state, and reports what the extra deliveries
// changed: the dynamic half of jobeffects' static inventory.
//
// A test builds a [Job] (a plain func with [Func]; asynq, River, Temporal
// and Watermill handlers with the adapters in twice/asynqtwice,
// twice/rivertwice, twice/temporaltwice and twice/watermilltwice, each its
// own module so a test compiles only the framework it uses), names what to
// observe ([Postgres] tables, an [HTTPRecorder], or any [Observer]) and a
// Reset that restores the fixture, then calls [Check] or [Run]. Three modes:
//
//   - [Sequential]: N deliveries one after another, each but the last losing
//     its completion/ack, as when a worker dies after the handler returned.
//     The state after the first is "the state after one delivery" that
//     every mode is compared with.
//   - [Concurrent]: N deliveries started together, as when the broker
//     redelivers while the first run is still going.
//   - [Crash]: for each effect point k the first delivery passes (a write
//     statement, a commit, an outbound write request), a run that is
//     abandoned right after point k and before its completion, then one
//     redelivery.
//
// Crash injection works on real code through instrumented boundaries: the
// database/sql wrapper ([OpenDB], [WrapConnector]), the pgx tracer in
// twice/pgxtwice, the [HTTPRecorder] transport, or a call to [Effect] in
// anything else. Each reports an effect point to the delivery's context;
// at point k the harness cancels that context and every boundary refuses
// further work for it (a database/sql transaction rolls back instead of
// committing), as an OOM kill would stop the process. Effects that go
// through none of these boundaries are neither counted nor stopped.
//
// The package imports only the standard library.
package twice
