package wholeprogram

import "github.com/jobeffects/jobeffects/analyzer/result"

// Adapter closures of registrars the program calls. An application's
// registrar that takes a handler as a function of the job's arguments
// registers a closure calling it with what it reads from the job
// (RegisterWorkerFunc[A](work) hands River func(ctx, j) { return
// work(ctx, j.Args) }). Its package lists that closure as a handler (task
// unknown, its one effect the call of the captured parameter): it cannot
// tell whether its importers call the registrar, and one nothing calls
// still has the closure registered. Each function a call of the
// registrar passes is a handler of its own, with its task and effects,
// naming the registrar (result.Handler.Via); once the program has one,
// the closure stands for nothing more and only repeats their findings
// when the call graph resolves its call to them. The closure of a
// registrar no handler comes through stays.

// throughAdapters returns the registrars (result.Handler.Adapts keys)
// some handler of the program is registered through.
func throughAdapters(results []*result.Result) map[string]bool {
	var out map[string]bool
	for _, res := range results {
		for _, h := range res.Handlers {
			for _, k := range h.Via {
				if out == nil {
					out = map[string]bool{}
				}
				out[k] = true
			}
		}
	}
	return out
}

// replacedAdapter reports whether h is the adapter closure of a registrar
// a handler of the program is registered through.
func replacedAdapter(h *result.Handler, through map[string]bool) bool {
	return h.Adapts != "" && through[h.Adapts]
}
