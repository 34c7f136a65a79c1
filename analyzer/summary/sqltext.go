package summary

import (
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// SQL text assembled the way generated data-access code assembles it
// (goctl's go-zero models):
//
//	rowsWithPlaceHolder = strings.Join(stringx.Remove(builder.RawFieldNames(&Order{}), "`id`"), "=?,") + "=?"
//	query := fmt.Sprintf("update %s set %s where `id` = ? and version = ?", m.table, rowsWithPlaceHolder)
//
// is read as a reviewer reads it: the table is what the package stores
// in the model's field, the set list the struct's columns, each given a
// parameter. What is not constant stays the dynamic marker.

// kept is the text of a string the package keeps in a struct field (the
// values its code stores there, a constructor's &model{table: "`orders`"})
// or in a package variable (its initializer); nil when addr is neither.
func (sw *strWalk) kept(addr ssa.Value, depth int) []string {
	var vals []ssa.Value
	switch a := addr.(type) {
	case *ssa.Global:
		if v := sw.p.globalInit(a); v != nil {
			vals = []ssa.Value{v}
		}
	case *ssa.FieldAddr:
		if g, ok := a.X.(*ssa.Global); ok {
			if texts := sw.p.globalFieldTexts(g, a.Field); len(texts) > 0 && len(texts) <= maxTexts {
				return texts
			}
		}
		vals = sw.p.stringFields().Of(a.X.Type(), a.Field)
	}
	if len(vals) == 0 || len(vals) > maxTexts {
		return nil
	}
	var out []string
	for _, v := range vals {
		for _, t := range sw.values(v, depth+1) {
			if len(out) < maxTexts {
				out = append(out, t)
			}
		}
	}
	return out
}

// format is fmt.Sprintf(f, args...) with its %s and %v verbs replaced by
// the text of their argument when it has one, other verbs (and explicit
// argument indexes) by the dynamic marker.
func (sw *strWalk) format(f string, args ssa.Value, depth int) []string {
	elems := ssavalue.SliceElems(args)
	out := []string{""}
	add := func(parts []string) {
		var next []string
		for _, o := range out {
			for _, p := range parts {
				if len(next) < maxTexts {
					next = append(next, o+p)
				}
			}
		}
		out = next
	}
	arg := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			add([]string{f[i : i+1]})
			continue
		}
		if i+1 < len(f) && f[i+1] == '%' {
			add([]string{"%"})
			i++
			continue
		}
		j := i + 1
		for j < len(f) && strings.IndexByte("+-# 0123456789.[]*", f[j]) >= 0 {
			j++
		}
		verb := byte(0)
		if j < len(f) {
			verb = f[j]
			j++
		}
		flags := f[i+1 : j]
		texts := []string{dynamic}
		if strings.ContainsAny(flags, "[*") || elems == nil {
			// An explicit index or a * width: the arguments no longer
			// line up with the verbs.
			elems = nil
		} else if (verb == 's' || verb == 'v') && len(flags) == 1 && arg < len(elems) {
			if t := sw.values(ssavalue.Unconvert(elems[arg]), depth+1); len(t) > 0 {
				texts = t
			}
		}
		arg++
		add(texts)
		i = j - 1
	}
	return out
}

// join is strings.Join(list, sep) of a list whose elements are known.
func (sw *strWalk) join(list, sep ssa.Value, depth int) []string {
	seps := sw.values(sep, depth+1)
	elems, ok := sw.list(list, depth+1)
	if !ok || len(seps) != 1 || strings.Contains(seps[0], dynamic) {
		return []string{dynamic}
	}
	return []string{strings.Join(elems, seps[0])}
}

// list returns the strings of a []string value: a slice literal of
// constants, a package variable's initializer, or the result of a
// function the catalog says builds one (string_list: the column names of
// a struct type, a list without some of its strings).
func (sw *strWalk) list(v ssa.Value, depth int) ([]string, bool) {
	sw.budget--
	if v == nil || depth > 12 || sw.budget < 0 {
		return nil, false
	}
	v = ssavalue.Unconvert(v)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if g, ok := load.X.(*ssa.Global); ok {
			return sw.list(sw.p.globalInit(g), depth+1)
		}
		return nil, false
	}
	if elems := ssavalue.SliceElems(v); elems != nil {
		return sw.constTexts(elems, depth)
	}
	call, ok := v.(*ssa.Call)
	if !ok || sw.p.env == nil || sw.p.env.Index == nil {
		return nil, false
	}
	obj, args := ssavalue.Callee(call.Common())
	if obj == nil {
		return nil, false
	}
	m := sw.p.env.Index.Lookup(obj)
	if m == nil || m.StringList == nil || m.StringList.Arg >= len(args) {
		return nil, false
	}
	sl := m.StringList
	switch {
	case sl.Tag != "":
		quote := sl.Quote
		if sl.PlainIf != nil && *sl.PlainIf < len(args) {
			if flags := ssavalue.SliceElems(args[*sl.PlainIf]); len(flags) > 0 {
				c, ok := ssavalue.Unconvert(flags[0]).(*ssa.Const)
				if !ok {
					return nil, false // quoted or not decided at run time
				}
				if ssavalue.IsTrue(c) {
					quote = ""
				}
			}
		}
		return columnNames(ssavalue.Unconvert(args[sl.Arg]).Type(), sl.Tag, quote)
	case sl.Without:
		in, ok := sw.list(args[sl.Arg], depth+1)
		if !ok {
			return nil, false
		}
		var drop []string
		if sl.Arg+1 < len(args) {
			elems := ssavalue.SliceElems(args[sl.Arg+1])
			if elems == nil {
				if c, ok := args[sl.Arg+1].(*ssa.Const); !ok || !c.IsNil() {
					return nil, false
				}
			}
			if drop, ok = sw.constTexts(elems, depth); !ok {
				return nil, false
			}
		}
		var out []string
		for _, s := range in {
			keep := true
			for _, d := range drop {
				if s == d {
					keep = false
				}
			}
			if keep {
				out = append(out, s)
			}
		}
		return out, true
	}
	return nil, false
}

// constTexts is the one constant text of each value; false when one has
// none or several.
func (sw *strWalk) constTexts(vals []ssa.Value, depth int) ([]string, bool) {
	out := make([]string, 0, len(vals))
	for _, e := range vals {
		t := sw.values(ssavalue.Unconvert(e), depth+1)
		if len(t) != 1 || strings.Contains(t[0], dynamic) {
			return nil, false
		}
		out = append(out, t[0])
	}
	return out, true
}

// columnNames are the columns of struct type t (or of the struct it
// points to) as its tag names them: the name before the first comma,
// the field's name when untagged or the name is empty, none for "-";
// each in quote.
func columnNames(t types.Type, tag, quote string) ([]string, bool) {
	if iface, ok := t.Underlying().(*types.Interface); ok && iface.Empty() {
		return nil, false // an any argument: the type is its dynamic one
	}
	st, ok := ssavalue.Deref(t).Underlying().(*types.Struct)
	if !ok {
		return nil, false
	}
	var out []string
	for i := 0; i < st.NumFields(); i++ {
		name, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get(tag), ",")
		name = strings.TrimSpace(name)
		if name == "-" {
			continue
		}
		if name == "" {
			name = st.Field(i).Name()
		}
		out = append(out, quote+name+quote)
	}
	return out, true
}
