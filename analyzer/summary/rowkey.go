package summary

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// A row handed to a store through an interface (s.Invoices.Create(ctx,
// inv)) whose field is named as an idempotency key (IdempotencyKey, or
// json:"idempotency_key": the names a request body's key goes by,
// bodyKeyNames) carries the key the store deduplicates that row on; the
// application named the field for nothing else. When what this function
// stores into that field derives from a uuid, a random source or the
// clock (also through a helper hashing a map that holds one: a key
// generator given {"customer_id": …, "timestamp": time.Now()}), every
// delivery hands the store a new key: the call is random-key (guard.keys)
// for what its reading or implementation makes it. A key the same on
// every delivery decides nothing here: whether the store refuses a second
// row with it is the store's code or schema, which this call does not
// show, so the call is left to them (no guard is assumed from a name).

// rowKey is the random key of an interface call's struct arguments (see
// above), or nil.
func (w *walker) rowKey(args []ssa.Value) *effect.Key {
	for _, a := range args {
		v := normalize(a)
		st := structOf(v.Type())
		if st == nil {
			continue
		}
		for i := 0; i < st.NumFields(); i++ {
			f := st.Field(i)
			if !keyLike(f.Type()) {
				continue
			}
			name := strings.ToLower(f.Name())
			if tag := reflectTagJSON(st.Tag(i)); tag != "" {
				name = strings.ToLower(tag)
			}
			if !bodyKeyNames[name] {
				continue
			}
			for _, store := range ssavalue.FieldStores(v, f.Name()) {
				if k := w.keyFrom(store.Val, store); k.Random != "" {
					return k
				}
			}
		}
	}
	return nil
}
