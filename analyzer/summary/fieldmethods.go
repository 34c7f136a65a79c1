package summary

import (
	"go/types"
	"reflect"
	"sort"
	"strings"
	"unicode"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// fieldMethods (field_methods): a reflective copy of values field by field
// (jinzhu/copier's Copy) calls, by name, the methods of the values' types
// named after a field of either side: a setter of the destination taking
// the source field's value, a getter of the source whose result fills the
// destination field (copier.go: dest.MethodByName(field).Call,
// source.MethodByName(field).Call), and the Scan and Value methods of
// fields that are sql.Scanners or driver.Valuers. The walk takes every
// struct type reachable from the arguments (through pointers, slices,
// arrays, maps and fields, as the copy recurses into them) and follows
// each method of such a type whose name is an exported field name (or a
// `copier:"Name"` tag) of any of them, with the arity the copy calls it
// with: more than the copy can call, never less. An argument whose type is
// an interface, or a field of an interface type meeting a field of the
// same name of another type, leaves the values' dynamic types unknown:
// the call is an unknown effect then.
func (c *modelCall) fieldMethods() {
	if len(c.m.FieldMethods) == 0 {
		return
	}
	w, ci := c.w, c.ci
	fc := &fieldCopy{seen: map[types.Type]bool{}, names: map[string]bool{}, fields: map[string][]types.Type{}}
	var unknown []string
	for _, k := range c.m.FieldMethods {
		v := c.arg(&k)
		if v == nil {
			continue
		}
		t := ssavalue.Unconvert(normalize(v)).Type()
		if types.IsInterface(t) {
			unknown = append(unknown, "an argument of type "+types.TypeString(t, nil))
			continue
		}
		fc.walk(t, 0)
	}
	unknown = append(unknown, fc.interfaceMeets()...)
	if len(unknown) > 0 {
		target := c.m.Func
		if i := strings.LastIndex(target, "/"); i >= 0 {
			target = target[i+1:] // "copier.Copy", as FuncName spells it
		}
		w.unknown(ci, target, "copies values field by field by reflection and may call their methods named after fields; "+strings.Join(unknown, ", ")+": their dynamic types are not known here")
	}
	prog := w.fn.Prog
	for _, t := range fc.named {
		ms := prog.MethodSets.MethodSet(types.NewPointer(t))
		for i := 0; i < ms.Len(); i++ {
			sel := ms.At(i)
			if !fc.called(sel) {
				continue
			}
			fn := prog.MethodValue(sel)
			if fn == nil {
				continue
			}
			w.callRefOnce(ci, funcRef{fn: ssavalue.Declared(fn)}, nil)
		}
	}
}

// fieldCopy gathers what a reflective copy of some values can reach.
type fieldCopy struct {
	seen   map[types.Type]bool
	named  []*types.Named          // the named types reached, in order
	names  map[string]bool         // exported field names and copier tag names
	fields map[string][]types.Type // exported field name → the types it has
}

// walk notes the named types and exported fields reachable from t.
func (fc *fieldCopy) walk(t types.Type, depth int) {
	if depth > 12 || fc.seen[t] {
		return
	}
	fc.seen[t] = true
	switch x := types.Unalias(t).(type) {
	case *types.Named:
		fc.named = append(fc.named, x)
		fc.walk(x.Underlying(), depth+1)
	case *types.Pointer:
		fc.walk(x.Elem(), depth+1)
	case *types.Slice:
		fc.walk(x.Elem(), depth+1)
	case *types.Array:
		fc.walk(x.Elem(), depth+1)
	case *types.Map:
		fc.walk(x.Key(), depth+1)
		fc.walk(x.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < x.NumFields(); i++ {
			f := x.Field(i)
			if f.Exported() && !f.Embedded() {
				fc.names[f.Name()] = true
				fc.fields[f.Name()] = append(fc.fields[f.Name()], f.Type())
			}
			for _, part := range strings.Split(reflect.StructTag(x.Tag(i)).Get("copier"), ",") {
				part = strings.TrimSpace(part)
				if part != "" && unicode.IsUpper([]rune(part)[0]) {
					fc.names[part] = true
				}
			}
			if f.Exported() || f.Embedded() {
				fc.walk(f.Type(), depth+1) // the copy cannot set an unexported field
			}
		}
	}
}

// called reports whether the copy can call the method: named after a
// field, a setter (one parameter) or a getter (none, one result); or a
// field's Scan (one parameter) or Value (none).
func (fc *fieldCopy) called(sel *types.Selection) bool {
	fn, ok := sel.Obj().(*types.Func)
	if !ok || !fn.Exported() {
		return false
	}
	sig := fn.Type().(*types.Signature)
	in, out := sig.Params().Len(), sig.Results().Len()
	switch name := fn.Name(); {
	case name == "Scan" && in == 1, name == "Value" && in == 0:
		return true
	case fc.names[name]:
		return in == 1 || (in == 0 && out == 1)
	}
	return false
}

// interfaceMeets lists the fields of an interface type (other than error)
// that meet a field of the same name of another type: the copy recurses
// into the dynamic value there, whose type is not known here.
func (fc *fieldCopy) interfaceMeets() []string {
	var out []string
	for name, ts := range fc.fields {
		iface, other := false, false
		for _, t := range ts {
			if types.IsInterface(t) && !isErrorType(t) {
				iface = true
			} else {
				other = true
			}
		}
		if iface && other {
			out = append(out, "the interface field "+name)
		}
	}
	sort.Strings(out)
	return out
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}
