package guard

import (
	"strconv"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// keyedPitfalls are the duplicate-as-error pitfalls of the claim c's
// tests as its key columns decide them (effect.Effect.KeyCols): a
// compare-and-set whose row is picked by a value new on every delivery
// (update … where id = $1 and state = 'reserving', $1 the uuid this run
// gave the row it inserted) changes only a row the same run wrote, so
// its "no row changed" is never an earlier delivery's work and the error
// returned there is no duplicate's; one picked by a parameter leaves
// that to the callers (Pitfall.KeyCols, summary keycols.go).
func keyedPitfalls(c *effect.Effect, pits []Pitfall) []Pitfall {
	if !c.CompareAndSet || len(pits) == 0 {
		return pits
	}
	var params []effect.KeyCol
	for _, kc := range c.KeyCols {
		if kc.Fresh != "" {
			return nil
		}
		if kc.Param > 0 {
			params = append(params, kc)
		}
	}
	if params == nil {
		return pits
	}
	out := make([]Pitfall, len(pits))
	for i, p := range pits {
		p.KeyCols = EncodeKeyCols(params)
		out[i] = p
	}
	return out
}

// EncodeKeyCols spells the key columns still parameters as
// Pitfall.KeyCols does: "col=param[.field]", joined by ";".
func EncodeKeyCols(kcs []effect.KeyCol) string {
	var parts []string
	for _, kc := range kcs {
		if kc.Param == 0 {
			continue
		}
		p := kc.Col + "=" + strconv.Itoa(kc.Param)
		if kc.Field != "" {
			p += "." + kc.Field
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ";")
}

// DecodeKeyCols reads Pitfall.KeyCols back.
func DecodeKeyCols(s string) []effect.KeyCol {
	if s == "" {
		return nil
	}
	var out []effect.KeyCol
	for _, p := range strings.Split(s, ";") {
		col, ref, _ := strings.Cut(p, "=")
		num, field, _ := strings.Cut(ref, ".")
		if n, err := strconv.Atoi(num); err == nil && n > 0 {
			out = append(out, effect.KeyCol{Col: col, Param: n, Field: field})
		}
	}
	return out
}

// FreshKeyCols reports whether one of the key columns is given a value
// new on every delivery.
func FreshKeyCols(kcs []effect.KeyCol) bool {
	for _, kc := range kcs {
		if kc.Fresh != "" {
			return true
		}
	}
	return false
}

// keysDiffer reports whether the check's statement and the write's fix
// one column to different constants (where provider = $2 given
// "discord", an insert's provider given "slack"; effect.Effect.KeyCols):
// the row written is never one the check reads, so the write records
// nothing the check tests. A column either side leaves to a parameter,
// or gives a value not told, tells nothing.
func keysDiffer(check, w *effect.Effect) bool {
	for _, c := range check.KeyCols {
		if c.Const == "" {
			continue
		}
		for _, k := range w.KeyCols {
			if k.Col == c.Col && k.Const != "" && k.Const != c.Const {
				return true
			}
		}
	}
	return false
}
