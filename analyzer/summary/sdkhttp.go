package summary

import "github.com/jobeffects/jobeffects/analyzer/effect"

// unresolvedRequest reports whether an HTTP effect's method is unknown for
// good: no parameter is left for a caller to decide it (MethodArg,
// RequestArg, URLArg are spent). Inside an SDK that builds the request
// through layers the analysis cannot follow to the end (go-github's
// NewRequest, then Do → BareDo → the transport with the request re-made
// with its context), the effect reaches the SDK's boundary that way. There
// it is folded into the boundary's effect like the SDK's other unresolved
// calls, and read as a reviewer reads the SDK call
// ((*RepositoriesService).ListBranches lists, (*GitService).CreateRef
// creates): by name, with its lower confidence, never guessed "no effect"
// (the reading is dropped where the SDK's code shows a write).
func unresolvedRequest(e *effect.Effect) bool {
	return e.Op == effect.OpUnknown && e.MethodArg == 0 && e.RequestArg == 0 && e.URLArg == 0
}
