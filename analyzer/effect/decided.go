package effect

// How an effect was decided (Effect.By), as the inventory's by: field
// writes it.
const (
	// ByCode: the analysis followed what the code does (SQL text parsed,
	// an HTTP request's method and URL read, a trigger's body).
	ByCode = "code"
	// ByModel: a catalog entry (analyzer/catalog) decided it.
	ByModel = "model"
	// ByConfig: a model of the user's .jobeffects.yaml decided it.
	ByConfig = "config"
	// ByName: inferred from the names a reviewer reads at a call the
	// analysis cannot follow (package infer); lower confidence.
	ByName = "name"
)

// Reading is how a reviewer reads a call the analysis cannot follow, from
// its names and signature (package infer): the effect it is taken for when
// name inference is on. It travels in facts with the unknown effect it
// reads, and is applied only where a handler's findings are decided, so
// that the whole-program phase still resolves the call when it can.
type Reading struct {
	Kind string
	Op   string
	Risk Risk
	// Why says what was read: "inferred from the name (*github.IssuesService).Create: create with a payload".
	Why string
	// Path marks a reading made from an HTTP call's method and URL path
	// when it is applied (not stored with the effect).
	Path bool
	// Was is the effect as the analysis left it, while the reading is
	// applied (Effect.Raw restores it).
	Was *Was
}

// Was is what an applied reading replaced.
type Was struct {
	Kind, Op, Detail, By string
	Risk                 Risk
	// Guarded: the reading took its guard from TxGuard (Raw drops it).
	Guarded bool
}

// Inferred reports whether a reading decides the effect.
func (e *Effect) Inferred() bool { return e.By == ByName }

// Raw returns e as the analysis decided it, without an applied reading.
func (e Effect) Raw() Effect {
	r := e.Reading
	if r == nil || r.Was == nil {
		return e
	}
	w := r.Was
	e.Kind, e.Op, e.Detail, e.By, e.Risk = w.Kind, w.Op, w.Detail, w.By, w.Risk
	if w.Guarded {
		e.Guard = nil
	}
	if r.Path {
		e.Reading = nil
		return e
	}
	c := *r
	c.Was = nil
	e.Reading = &c
	return e
}

// RawAll returns effs without their applied readings (a new slice when
// any was applied).
func RawAll(effs []Effect) []Effect {
	for i := range effs {
		if effs[i].Reading != nil && effs[i].Reading.Was != nil {
			out := make([]Effect, len(effs))
			for j := range effs {
				out[j] = effs[j].Raw()
			}
			return out
		}
	}
	return effs
}

// Apply returns e decided by reading r (which it records with what it
// replaces): kind, operation and risk are the reading's, By is ByName
// when the reading decides a risk (else empty: an unknown with a reason),
// and the detail starts with why.
func (e Effect) Apply(r Reading) Effect {
	r.Was = &Was{Kind: e.Kind, Op: e.Op, Detail: e.Detail, By: e.By, Risk: e.Risk}
	e.Reading = &r
	if r.Kind != "" {
		e.Kind = r.Kind
	}
	if r.Op != "" {
		e.Op = r.Op
	}
	e.Risk = r.Risk
	e.By = ByName
	if r.Risk == Unknown {
		e.By = ""
	}
	if e.Detail == "" {
		e.Detail = r.Why
	} else {
		e.Detail = r.Why + "; " + e.Detail
	}
	if g := e.txGuardFor(); g != nil {
		e.Guard = g
		r.Was.Guarded = true
	}
	e.createIfAbsent()
	return e
}

// Confidence levels of a handler's verdict.
const (
	ConfidenceHigh   = "high"
	ConfidenceMedium = "medium"
	ConfidenceLow    = "low"
)

// Confidence is how sure a handler's verdict is: low when its risk is
// unknown (an unknown effect is its worst), medium when any of its worst
// effects (those at the handler's risk) is inferred from names, else high
// (code, catalog or config decided them).
func Confidence(effs []Effect) string {
	worst := HandlerRisk(effs)
	if worst == Unknown {
		return ConfidenceLow
	}
	for i := range effs {
		if effs[i].Risk == worst && effs[i].By == ByName {
			return ConfidenceMedium
		}
	}
	return ConfidenceHigh
}

// ConfidenceRank orders confidence levels (0 for an unknown name).
func ConfidenceRank(c string) int {
	switch c {
	case ConfidenceLow:
		return 1
	case ConfidenceMedium:
		return 2
	case ConfidenceHigh:
		return 3
	}
	return 0
}
