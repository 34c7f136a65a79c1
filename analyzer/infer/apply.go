package infer

import (
	"sort"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/rules"
)

// Apply returns a handler's effects with the readings applied, sorted
// worst first: on is name inference (off with -strict or the config's
// infer: false); deferred, when set, picks the effects whose reading waits
// for another package (under go vet, a call through a field that the
// wiring package may resolve). Applied readings are taken off first, so
// applying again gives the same effects.
//
// A reading decides only what nothing else decided: an unknown dynamic
// call, an unknown effect, unresolved network I/O, a process whose
// command line only its subcommand's name reads. An HTTP call is read by
// its path whatever on says when its GET names an action (then it is
// unknown with that reason, or with on the action's effect); a POST that
// queries is a read only with on. With on, a database increment whose
// names plainly say heartbeat telemetry (Telemetry) is read as one.
func Apply(effs []effect.Effect, on bool, deferred func(*effect.Effect) bool) []effect.Effect {
	if len(effs) == 0 {
		return effs
	}
	out := make([]effect.Effect, len(effs))
	for i := range effs {
		e := effs[i].Raw()
		switch {
		case e.Kind == effect.KindHTTP:
			if r := HTTP(&e, on); r != nil {
				e = e.Apply(*r)
			}
		case e.Reading != nil && on && readable(&e) && (deferred == nil || !deferred(&e)):
			e = e.Apply(*e.Reading)
		case e.Kind == effect.KindDBWrite:
			if r := Telemetry(&e, on); r != nil {
				e = e.Apply(*r)
			}
		}
		if e.Risk == effect.Unknown {
			e.By = "" // nothing decided it
		}
		out[i] = e
	}
	sort.SliceStable(out, func(i, j int) bool { return effect.Less(&out[i], &out[j]) })
	return out
}

// readable reports whether an effect is one nothing decided: a reading
// may decide it.
func readable(e *effect.Effect) bool {
	// A check-then-act issue on an unknown call was set from its reading
	// (guard.needsGuard): the reading still decides what the call does.
	// An effect guarded only as running after a create that fails on a
	// duplicate is still read, as is one a claim helper's callback runs,
	// guarded (or random-key) for what its reading makes it
	// (summary.guardByClaim).
	if e.Risk != effect.Unknown || e.Guard != nil && !e.Guard.AfterDupFail && !e.Guard.OnReading || (e.Issue != "" && e.Issue != rules.CheckThenAct && e.Issue != rules.RandomKey) {
		return false
	}
	switch e.Kind {
	case effect.KindDynamic, effect.KindUnknown, effect.KindNetwork, effect.KindProcess:
		return true
	}
	return false
}
