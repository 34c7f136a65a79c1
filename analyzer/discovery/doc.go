// Package discovery finds the handlers of a package: the functions a job
// system calls once per delivery.
//
// Two kinds of evidence are used, both described by data (the catalog
// files of package catalog):
//
//   - Registrations: calls such as asynq's ServeMux.HandleFunc, River's
//     AddWorker or Temporal's RegisterActivity. The handler argument is
//     resolved through the forms registration APIs accept: functions,
//     method values, closures, conversions to a named func type, wrapper
//     factories (withLogging(h.Send)), constructor calls (river.WorkFunc),
//     values of a type whose method is the handler, and pointers to structs
//     whose exported methods are all handlers (Temporal). The task name is
//     the constant name argument, or the type argument's Kind().
//   - Shapes: a declared function with asynq's handler signature, or a
//     Work(ctx, *river.Job[T]) method, is a handler wherever it is
//     registered. The defining package reports its findings, so a handler
//     registered in main is diagnosed at its definition, once.
//
// An application's own registrar that takes a value of its job interface
// and hands the framework an adapter calling the job's method
// (RegisterJob(ctx, j Job) registering func(…) { return j.Run(…) }) is a
// forward of that parameter with the method (ifacejobs.go): each concrete
// type its callers pass is a handler, named by the constant its Name()
// (or whichever method the registrar names the task by) returns.
//
// Its function-valued sibling (funcadapter.go): a registrar that takes the
// handler as a function and registers a closure calling it with the job's
// args (RegisterWorkerFunc[A](work) registering river.WorkFunc(func(ctx, j)
// { return work(ctx, j.Args) })) forwards that parameter: each function its
// callers pass is a handler (the closure stays one too, task unknown). A
// task named by a type argument's Kind() that is the registrar's own type
// parameter is named at each call by the type argument there
// (Forward.KindTypeArg).
//
// A pull loop of the application built once per processor (pullpool.go):
// one generic loop around a catalogued receive (kafka-go's FetchMessage)
// that hands each message, itself or over a channel field to worker
// goroutines, to a method of an interface value its constructor kept in a
// field (NewConsumer(cfg, p) storing p; c.p.Process(ctx, ev)) forwards
// that parameter with the method, as a loop over a receive wrapper does
// (msgloop.go): each processor its callers build it with is a handler with
// its own effects; the loop is none.
//
// Handlers registered from lists (reglists.go): an element of a slice
// ranged over is followed back through append, struct fields, the
// package's callers and the results of its functions to the literals it
// comes from, each element a handler; a helper that ranges over a list
// parameter forwards it as a list (Forward.Elem). A call through one of
// the application's interfaces forwards what the implementations forward:
// the package's own, those of the interface's package (a fact on the
// interface method), or those of another package of the program.
//
// A registration in one package of a handler defined in another is
// recorded for the inventory (task, registration site); it is diagnosed
// there only when no shape rule makes the defining package do it.
//
// Retry policies (FindRetry, retry*.go) are read where the code sets them:
// at asynq's Enqueue and River's Insert calls, and at the calls of the
// application's helpers that enqueue from their parameters or return
// options (retry_enqueue.go). Like registration helpers, those are found to
// a fixed point in the package and are facts for the others, so a policy
// is recorded at the outermost call that sets it, with the enqueues that
// set none, for the inventory to list.
package discovery
