package discovery

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// The ack modes of a handler's subscription (Handler.AckMode): whether
// only the handler's own ack acknowledges a message (manual: a failure
// that skips it is redelivered) or the library acks when the handler
// returns (auto: a skipped ack is made anyway). "" is not found: no rule
// says it, or the options come from elsewhere (a parameter, a slice
// built by append).
const (
	AckManual = "manual"
	AckAuto   = "auto"
	// AckUnknown: a rule was applied but the mode could not be read
	// (kept apart from "" so that a forward carries it).
	AckUnknown = "unknown"
)

// ackModeOf is the ack mode of a call of rule r with arguments args: the
// rule's mode, turned manual by one of its ManualAck options among the
// call's variadic options (the last argument).
func (f *finder) ackModeOf(r *Registration, args []ssa.Value) string {
	if r.Ack != AckAuto || len(r.ManualAck) == 0 {
		return r.Ack
	}
	if len(args) == 0 {
		return AckUnknown
	}
	return f.optionsMode(r, args[len(args)-1], true)
}

// optionsMode is the ack mode a slice of options gives: a literal (a
// variadic argument, a local slice), or, when field is set, the package's
// literals stored in the struct field it is loaded from (options kept in
// a configuration struct: &Config{SubOpts: subOpts}).
func (f *finder) optionsMode(r *Registration, opts ssa.Value, field bool) string {
	if c, ok := opts.(*ssa.Const); ok && c.IsNil() {
		return AckAuto // no option given
	}
	if _, ok := opts.Type().Underlying().(*types.Slice); !ok {
		return AckUnknown
	}
	vals := ssavalue.SliceElems(opts)
	if vals == nil {
		if t, i, ok := fieldRead(opts); ok && field {
			mode := ""
			for _, v := range f.fieldStored(t, i) {
				mode = mergeOptionModes(mode, f.optionsMode(r, v, false))
			}
			if mode != "" {
				return mode
			}
		}
		return AckUnknown // options passed on or built elsewhere
	}
	mode := AckAuto
	for _, v := range vals {
		mode = mergeOptionModes(mode, optionMode(r, v))
	}
	return mode
}

// optionMode is the ack mode one option value gives: manual for a call
// of one of r's ManualAck functions, auto for another call, not found for
// a value of unknown making (an option kept in a variable).
func optionMode(r *Registration, v ssa.Value) string {
	call, ok := ssavalue.Unconvert(v).(*ssa.Call)
	if !ok {
		return AckUnknown
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return AckUnknown
	}
	fn, _ := callee.Object().(*types.Func)
	if fn == nil {
		return AckUnknown
	}
	key := models.FuncKey(fn)
	for _, o := range r.ManualAck {
		if o == key {
			return AckManual
		}
	}
	return AckAuto
}

// mergeOptionModes combines the modes of options given together (or of
// the values one field may hold): one manual option makes it manual;
// otherwise one not found leaves it not found.
func mergeOptionModes(a, b string) string {
	switch {
	case a == AckManual || b == AckManual:
		return AckManual
	case a == "":
		return b
	case a == AckUnknown || b == AckUnknown:
		return AckUnknown
	}
	return AckAuto
}

// mergeAck sets h's ack mode from one more registration: a handler
// registered once manual is manual there (its failure is redelivered on
// that subscription); otherwise not found wins over auto.
func mergeAck(h *Handler, mode string) {
	switch {
	case h.AckMode == AckManual || mode == AckManual:
		h.AckMode = AckManual
	case !h.ackSet:
		h.AckMode = mode
	case h.AckMode != mode:
		h.AckMode = AckUnknown
	}
	h.ackSet = true
}

// isFalse reports whether v is the boolean constant false.
func isFalse(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && !constant.BoolVal(c.Value)
}
