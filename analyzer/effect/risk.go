package effect

// Risk says how bad it is when an effect happens twice.
//
// The numeric order is the ranking used to pick a handler's worst effect:
// critical > high > medium > unknown > safe. A handler whose effects are all
// safe or unknown is unknown, never safe: an unresolved call is not evidence
// of no effect.
type Risk int

const (
	Safe     Risk = iota // naturally idempotent: read, set, upsert by key, delete
	Unknown              // cannot be told statically
	Medium               // an internal duplicate: insert, increment, append, publish
	High                 // a duplicate a user sees: email, SMS, push, webhook
	Critical             // money or an irreversible external act
)

var riskNames = [...]string{"safe", "unknown", "medium", "high", "critical"}

func (r Risk) String() string {
	if r < 0 || int(r) >= len(riskNames) {
		return "unknown"
	}
	return riskNames[r]
}

// ParseRisk reads a risk name as written in catalogs and config files.
func ParseRisk(s string) (Risk, bool) {
	for i, n := range riskNames {
		if n == s {
			return Risk(i), true
		}
	}
	return Unknown, false
}

// NonIdempotent reports whether an effect of this risk needs a guard.
func (r Risk) NonIdempotent() bool { return r >= Medium }

// HandlerRisk is the risk of a handler with these effects: the highest
// known risk among them (critical > high > medium); if there is none, unknown
// when any effect is unknown, else safe. Guards do not lower it: the risk
// says what a duplicate would cost, the guard says whether one can happen.
func HandlerRisk(effs []Effect) Risk {
	worst := Safe
	for i := range effs {
		if effs[i].Risk > worst {
			worst = effs[i].Risk
		}
	}
	return worst
}
