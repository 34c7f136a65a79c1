package summary

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/guard"
	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// A message that carries its receiver's deduplication key in a field (the
// catalog's idempotency_fields: a Matrix to-device message's message_id)
// is deduplicated by whoever receives it, however it travels: queued in a
// table, then sent. The call the message is handed to therefore has its
// effects keyed by that field, as an Idempotency-Key header keys a
// request: guarded when the value is the same on every delivery,
// random-key when it is new on each (util.RandomString(32) per delivery
// makes the receiver take the second copy as a new message). The message
// is found in the call's arguments: the struct itself, a struct with a
// field holding its JSON (edu.Content, err = json.Marshal(tdm)), or that
// JSON. Only effects that are not idempotent and carry no key or guard of
// their own are keyed.

// messageKeys keys the effects the call ci added to w.sites from index
// from by the deduplication field of a message among args.
func (w *walker) messageKeys(ci ssa.CallInstruction, args []ssa.Value, from int) {
	if from >= len(w.sites) {
		return
	}
	var k *effect.Key
	for _, a := range args {
		if k = w.carriedKey(a, 0); k != nil {
			break
		}
	}
	if k == nil {
		// Through a map, a helper's returned bytes, a parameter
		// (msgpath.go).
		for _, a := range args {
			if k = w.messagePathKey(a); k != nil {
				break
			}
		}
	}
	if k == nil {
		return
	}
	reported := false
	for _, s := range w.sites[from:] {
		e := s.Effect
		if e.Kind == effect.KindDynamic && e.MessageKey == nil {
			// Resolved over the whole program: its effects get the key
			// there (ApplyMessageKey).
			kk := *k
			if kk.Path == "" {
				kk.Param = 0
			}
			e.MessageKey = &kk
			continue
		}
		if e.Key != nil || e.Guard != nil || e.Issue != "" || !e.Risk.NonIdempotent() {
			continue
		}
		kk := *k
		e.Key = &kk
		if k.Random == "" {
			w.keyGuard(e)
			continue
		}
		e.Issue, e.IssuePos = rules.RandomKey, k.Pos
		if reported {
			continue
		}
		reported = true
		w.pitfalls = append(w.pitfalls, guard.Pitfall{Rule: rules.RandomKey, Pos: k.Pos, Message: fmt.Sprintf(
			"idempotency key %s derives from %s: %s; every delivery hands %s a message with a new key, so its receiver does not deduplicate it (%s); derive the key from the job's business identity",
			orExpr(k.Expr), k.Random, k.Note, calleeName(ci), e.Describe())})
	}
}

// calleeName names the function a call instruction calls, for messages.
func calleeName(ci ssa.CallInstruction) string {
	c := ci.Common()
	if c.IsInvoke() {
		return FuncName(c.Method)
	}
	if fn := c.StaticCallee(); fn != nil {
		if obj, ok := fn.Object().(*types.Func); ok && obj != nil {
			return FuncName(obj)
		}
		return fn.Name()
	}
	return "the callee"
}

// carriedKey is the deduplication key a message value carries: a
// catalogued idempotency field stored into the struct v is (or points
// to), into a struct whose JSON v is, or into a struct whose JSON a field
// of v holds.
func (w *walker) carriedKey(v ssa.Value, depth int) *effect.Key {
	if v == nil || depth > 3 {
		return nil
	}
	v = ssavalue.Unconvert(v)
	if m := marshalled(v, 0); m != nil {
		// The JSON of a value: the value marshalled.
		if mv := marshalledValue(v); mv != nil {
			return w.carriedKey(mv, depth+1)
		}
		return nil
	}
	if k := w.setterKey(v); k != nil {
		return k
	}
	ptr, ok := v.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok || st.NumFields() > 64 {
		return nil
	}
	ix := w.p.env.Index
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if ix.IdempotencyField(ptr.Elem(), f.Name()) {
			for _, store := range ssavalue.FieldStores(v, f.Name()) {
				k := w.keyFrom(store.Val, store)
				k.Note = "the " + f.Name() + " field of " + typeShort(ptr.Elem()) + " is what the message's receiver deduplicates on"
				return k
			}
			continue
		}
	}
	if k := w.embeddedKey(v, st, depth); k != nil {
		return k
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		for _, store := range ssavalue.FieldStores(v, f.Name()) {
			if marshalled(store.Val, 0) == nil {
				continue
			}
			if k := w.carriedKey(store.Val, depth+1); k != nil {
				return k
			}
		}
	}
	return nil
}

// setterKey is the key a catalogued setter gives the message in the local
// v is (or is loaded from): e.SetID(up.ID) on the event handed to
// c.Send(ctx, e), where the library keeps the id out of reach (sdk-go's
// event writes it into its context through an interface). The setter is
// called on the local's address; the last such call in the function's
// order is the one the message carries when it is sent.
func (w *walker) setterKey(v ssa.Value) *effect.Key {
	a := ssavalue.LocalOf(v)
	if a == nil {
		return nil
	}
	ix := w.p.env.Index
	var k *effect.Key
	for _, r := range ssavalue.Referrers(a) {
		call, ok := r.(*ssa.Call)
		if !ok || len(call.Call.Args) < 2 || call.Call.Args[0] != a {
			continue
		}
		fn := call.Call.StaticCallee()
		if fn == nil {
			continue
		}
		if o := fn.Origin(); o != nil {
			fn = o
		}
		obj, _ := fn.Object().(*types.Func)
		if obj == nil || !ix.IdempotencySetter(obj) {
			continue
		}
		k = w.keyFrom(call.Call.Args[1], call)
		k.Note = "the id " + obj.Name() + " sets is what the message's receiver deduplicates on"
	}
	return k
}

// embeddedKey is the key a catalogued field promoted from a struct that
// v's struct st embeds carries (cloudevent.CloudEvent[A] embeds
// CloudEventHeader, whose ID is the key): the embedded struct's own
// literal (CloudEventHeader: cloudevent.CloudEventHeader{ID: …}) or the
// local it was copied from (CloudEventHeader: hdr).
func (w *walker) embeddedKey(v ssa.Value, st *types.Struct, depth int) *effect.Key {
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Embedded() {
			continue
		}
		if _, ok := f.Type().Underlying().(*types.Struct); !ok {
			continue
		}
		for _, r := range ssavalue.Referrers(v) {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok || fa.X != v || ssavalue.FieldName(fa) != f.Name() {
				continue
			}
			if k := w.carriedKey(fa, depth+1); k != nil {
				return k
			}
		}
		for _, store := range ssavalue.FieldStores(v, f.Name()) {
			if local := ssavalue.LocalOf(store.Val); local != nil {
				if k := w.carriedKey(local, depth+1); k != nil {
					return k
				}
			}
		}
	}
	return nil
}

// ApplyMessageKey keys e, an effect the whole-program phase resolved the
// dynamic call call to, by the message key call carries (MessageKey):
// guarded when the key is stable, random-key when it is new on every
// delivery (the pitfall returned, once per key position: pits holds
// those already made). A dynamic call e stands for passes the key on.
func ApplyMessageKey(call, e *effect.Effect, pits []guard.Pitfall) *guard.Pitfall {
	k := call.MessageKey
	if k == nil {
		return nil
	}
	if e.Kind == effect.KindDynamic {
		if e.MessageKey == nil {
			e.MessageKey = k
		}
		return nil
	}
	if e.Key != nil || e.Guard != nil || e.Issue != "" || !e.Risk.NonIdempotent() {
		return nil
	}
	kk := *k
	e.Key = &kk
	if k.Random == "" {
		e.Guard = &effect.Guard{Kind: effect.GuardKey, Expr: k.Expr, Pos: k.Pos, Note: k.Note}
		if k.Identity != "" {
			e.Guard.Note = effect.JoinDetail(effect.IdentityNote(k.Identity), k.Note)
		}
		return nil
	}
	e.Issue, e.IssuePos = rules.RandomKey, k.Pos
	for _, p := range pits {
		if p.Rule == rules.RandomKey && p.Pos == k.Pos {
			return nil
		}
	}
	return &guard.Pitfall{Rule: rules.RandomKey, Pos: k.Pos, Message: fmt.Sprintf(
		"idempotency key %s derives from %s: %s; every delivery hands on a message with a new key, so its receiver does not deduplicate it (%s); derive the key from the job's business identity",
		orExpr(k.Expr), k.Random, k.Note, e.Describe())}
}
