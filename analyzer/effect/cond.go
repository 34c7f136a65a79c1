package effect

import (
	"sort"
	"strconv"
	"strings"
)

// RecvParam, as a Cond's Param, is the value a channel worker received
// (TypePath tests of it): the send that hands the work decides them
// (summary/channels.go), with the dynamic type of what it sends.
const RecvParam = -2

// MapHitParam, as a Cond's Param, is no parameter but a map a struct field
// holds: Path is the field ("pkg/path.Type.Field"), Value "true" where a
// comma-ok lookup in it found its key (if d, ok := s.byType[k]; ok { … }),
// "false" where it did not. No caller decides it (every caller hands it
// up as it is): the whole-program phase, which sees every store, decides
// it for a map nothing ever fills (wholeprogram/unfilledmaps.go).
const MapHitParam = -3

// RowCallParam, as a Cond's Param, is no parameter but the row an
// interface call returned (rs, err := repo.GetByID(id)): Path is the
// call's position and result ("file:line:col#0", RowCallTested appended
// when the call's error was tested on the way), and the test is one of
// that row's primary key against zero (if w.ID == 0 { Create(w) }). No
// caller decides it (every caller hands it up as it is): the whole
// program, which knows the call's callees, decides it NonZero when each
// returns the row loaded from its table (wholeprogram/loadedkey.go,
// summary/loadedkey.go).
const RowCallParam = -4

// RowCallTested ends a RowCallParam Cond's Path when the call's error was
// tested nil on the way to the test.
const RowCallTested = "|tested"

// NonZero, as the value a test is decided with, is a primary key known
// not to be zero (a row loaded from its table): it decides `== 0` false
// and `!= 0` true.
const NonZero = "!0"

// TypePath, as a Cond's Path, tests the dynamic type of an interface
// value (a type switch's case, `t, ok := v.(T)` with T concrete): Value
// is the type's types.TypeString. A caller decides it with the concrete
// type of what it converts to the interface (MakeInterface) and hands it
// up from its own parameter; anything else drops the test.
const TypePath = "(type)"

// Cond is a test of a parameter of the summarised function against a
// constant that must hold for an effect to run: the effect sits in a
// branch the test decides (if ev.Type() == "dms.create" { … } else {
// effect }, switch in.Slot.Status { case SlotRevoke: effect }). A
// caller that passes a constant deciding the test false does not run the
// effect (context-sensitive pruning of an infeasible branch); one that
// passes a constant deciding it true drops the test; one that passes its
// own parameter hands the test up; anything else drops the test and keeps
// the effect. Only constants decide: nothing is guessed.
type Cond struct {
	// Param is the parameter (receiver first; free variables after the
	// parameters, as Exec counts them).
	Param int
	// Path is what of the parameter is compared: "" the value itself,
	// fields ("Slot.Status"), and a method without arguments called on
	// the value last ("Type()").
	Path string `json:",omitempty"`
	// Value is the constant it is compared with (go/constant's
	// ExactString: "\"dms.create\"", "3", "true").
	Value string
	// Neg: the test holds when the value differs from Value.
	Neg bool `json:",omitempty"`
}

// Holds reports whether the test may hold for a parameter whose Path is
// v: a constant's ExactString, or one of several (OneOf).
func (c Cond) Holds(v string) bool {
	if strings.HasPrefix(v, oneOfMark) {
		for _, m := range strings.Split(v[len(oneOfMark):], oneOfMark) {
			if c.Holds(m) {
				return true
			}
		}
		return false
	}
	if IsGlobalRef(v) || IsGlobalRef(c.Value) {
		return true // a variable's value is not known here (SubstGlobals)
	}
	return (v == c.Value) != c.Neg
}

// GlobalRef names the value of a package-level variable (its qualified
// name) where a constant stands in a test or an argument: it decides
// nothing until the whole-program phase, which sees every assignment,
// gives it the constant it is initialised to when nothing else assigns it
// (SubstGlobals).
func GlobalRef(name string) string { return "$" + name }

// IsGlobalRef reports whether v is a GlobalRef.
func IsGlobalRef(v string) bool { return strings.HasPrefix(v, "$") }

// SubstGlobals replaces in when and args the GlobalRefs consts gives a
// constant for (new slices and maps where one is replaced).
func SubstGlobals(when []Cond, args map[string]string, consts map[string]string) ([]Cond, map[string]string) {
	if len(consts) == 0 {
		return when, args
	}
	var w []Cond
	for i, c := range when {
		if v, ok := consts[strings.TrimPrefix(c.Value, "$")]; ok && IsGlobalRef(c.Value) {
			if w == nil {
				w = append([]Cond(nil), when...)
			}
			w[i].Value = v
		}
	}
	if w == nil {
		w = when
	}
	var a map[string]string
	for k, v := range args {
		if c, ok := consts[strings.TrimPrefix(v, "$")]; ok && IsGlobalRef(v) {
			if a == nil {
				a = make(map[string]string, len(args))
				for k2, v2 := range args {
					a[k2] = v2
				}
			}
			a[k] = c
		}
	}
	if a == nil {
		a = args
	}
	return w, a
}

const oneOfMark = "\x1f"

// OneOf is a value that is one of the constants vals (their
// ExactStrings): a phi of constants (status := A; switch … { case …:
// status = B }).
func OneOf(vals []string) string {
	if len(vals) == 1 {
		return vals[0]
	}
	return oneOfMark + strings.Join(vals, oneOfMark)
}

// String is the test as a reviewer reads it ("p1.Type() != \"dms.create\"").
func (c Cond) String() string {
	var b strings.Builder
	b.WriteString("p")
	b.WriteString(strconv.Itoa(c.Param))
	if c.Path != "" {
		b.WriteByte('.')
		b.WriteString(c.Path)
	}
	if c.Neg {
		b.WriteString(" != ")
	} else {
		b.WriteString(" == ")
	}
	b.WriteString(c.Value)
	return b.String()
}

// CommonConds are the tests both a and b carry: an effect folded from
// two paths runs where either runs, so only what both require stays.
func CommonConds(a, b []Cond) []Cond {
	if len(a) == 0 || len(b) == 0 {
		return nil
	}
	var out []Cond
	for _, c := range a {
		for _, d := range b {
			if c == d {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// AddConds appends to when the tests of more not already in it (a new
// slice).
func AddConds(when, more []Cond) []Cond {
	out := append([]Cond(nil), when...)
	for _, c := range more {
		dup := false
		for _, d := range out {
			if c == d {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, c)
		}
	}
	return out
}

// UnderKey drops the effects of a dispatch entry that run only where its
// parameter arg's method returns another key than key, and the tests it
// decides true.
func UnderKey(effs []Effect, arg int, method, key string) []Effect {
	val := strconv.Quote(key)
	var out []Effect
	for _, e := range effs {
		keep := true
		var when []Cond
		for _, c := range e.When {
			if c.Param != arg || c.Path != method {
				when = append(when, c)
				continue
			}
			if !c.Holds(val) {
				keep = false
				break
			}
		}
		if keep {
			e.When = when
			out = append(out, e)
		}
	}
	return out
}

// argAt is what args (Effect.CondArgs) say path of argument param holds:
// a constant, a path of the caller's parameter ("@k.path"), or "".
func argAt(args map[string]string, param int, path string) string {
	p := strconv.Itoa(param)
	if v, ok := args[p+dot(path)]; ok {
		return v
	}
	parts := []string{}
	if path != "" {
		parts = strings.Split(path, ".")
	}
	for n := len(parts) - 1; n >= 0; n-- {
		v, ok := args[p+dot(strings.Join(parts[:n], "."))]
		if ok && strings.HasPrefix(v, "@") {
			return v + dot(strings.Join(parts[n:], "."))
		}
	}
	return ""
}

func dot(p string) string {
	if p == "" {
		return ""
	}
	return "." + p
}

// parseRef splits "@k.A.B" into k and "A.B".
func parseRef(v string) (int, string, bool) {
	s := strings.TrimPrefix(v, "@")
	head, rest, _ := strings.Cut(s, ".")
	k, err := strconv.Atoi(head)
	return k, rest, err == nil
}

// ResolveWhen resolves the tests of the effects of a function a call
// through an interface or a function value resolves to with what the call
// passes (args, the call's CondArgs; nil when nothing is known): false
// when one is decided false; the tests left name the caller's
// parameters.
func ResolveWhen(when []Cond, args map[string]string) ([]Cond, bool) {
	var out []Cond
	for _, c := range when {
		if c.Param == MapHitParam || c.Param == RowCallParam {
			out = append(out, c) // no argument decides it
			continue
		}
		v := argAt(args, c.Param, c.Path)
		switch {
		case v == "":
		case strings.HasPrefix(v, "@"):
			if k, p, ok := parseRef(v); ok {
				out = append(out, Cond{Param: k, Path: p, Value: c.Value, Neg: c.Neg})
			}
		case !c.Holds(v):
			return nil, false
		}
	}
	return out, true
}

// ComposeCondArgs makes inner (the CondArgs of a call inside a function a
// call resolves to, naming that function's parameters) name the outer
// call's caller's instead, by outer (that call's CondArgs).
func ComposeCondArgs(inner, outer map[string]string) map[string]string {
	out := map[string]string{}
	for key, v := range inner {
		if !strings.HasPrefix(v, "@") {
			out[key] = v
			continue
		}
		k, p, ok := parseRef(v)
		if !ok {
			continue
		}
		if w := argAt(outer, k, p); w != "" {
			out[key] = w
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// ArgVal is one entry of Effect.CondArgs.
type ArgVal struct{ Key, Val string }

// ArgMap is args as a map.
func ArgMap(args []ArgVal) map[string]string {
	if len(args) == 0 {
		return nil
	}
	m := make(map[string]string, len(args))
	for _, a := range args {
		m[a.Key] = a.Val
	}
	return m
}

// ArgList is m as a sorted list (nil when empty).
func ArgList(m map[string]string) []ArgVal {
	if len(m) == 0 {
		return nil
	}
	out := make([]ArgVal, 0, len(m))
	for k, v := range m {
		out = append(out, ArgVal{k, v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}
