package summary

import (
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
	"github.com/jobeffects/jobeffects/analyzer/triggers"
)

// gorm's association writes (Association.Replace and Append) save the
// rows they are given with ON CONFLICT on the rows' primary key
// (gorm@v1.31 association.go saveAssociation → callbacks/associations.go
// onConflictOption) and then unlink the owner's other rows. Whether a
// second call writes the same rows is then decided by who numbers them:
// rows the database numbers (gorm's default auto-increment id) have no key
// yet when they are built, so each call creates them again and the first
// set is only unlinked; rows whose key the code sets (a join row keyed by
// the two ids it links) meet their own conflict and are written over.
// keyedRows reads that from the rows' type, as gorm's schema parser does.

// keyedRows (keyed_rows): the write is the model's op and risk when every
// row the argument holds is keyed by the code.
func (c *modelCall) keyedRows() {
	k := c.m.KeyedRows
	if k == nil || k.Arg < 0 || k.Arg >= len(c.args) {
		return
	}
	ts := rowTypes(c.args[k.Arg])
	if len(ts) == 0 {
		return
	}
	table, keyed := "", true
	for i, t := range ts {
		tb := tableOf(c.w.fn.Prog, c.w.p.env.ConstResult, t)
		if i > 0 && tb != table {
			table = ""
			keyed = false
			break
		}
		table = tb
		keyed = keyed && codeKeyed(t)
	}
	if table != "" {
		c.e.Target = table
	}
	if keyed {
		risk, _ := effect.ParseRisk(k.Risk)
		c.e.Op, c.e.Risk, c.e.Detail = k.Op, risk, k.Detail
	}
}

// rowTypes are the named struct types of the rows v holds: a row, a
// pointer to one, a slice of them, or a variadic ...interface{} list of
// such values. nil when one of them is not known.
func rowTypes(v ssa.Value) []*types.Named {
	v = ssavalue.Unconvert(v)
	if _, ok := v.Type().Underlying().(*types.Slice); ok {
		if elems := ssavalue.SliceElems(v); elems != nil && isEmptyInterface(elems[0].Type()) {
			var out []*types.Named
			for _, el := range elems {
				t := rowType(concrete(el))
				if t == nil {
					return nil
				}
				out = append(out, t)
			}
			return out
		}
	}
	if t := rowType(v.Type()); t != nil {
		return []*types.Named{t}
	}
	return nil
}

// concrete is the type of the value boxed into an interface, or v's.
func concrete(v ssa.Value) types.Type {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		return mi.X.Type()
	}
	return v.Type()
}

func isEmptyInterface(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	return ok && it.Empty()
}

// rowType is the named struct type t holds through pointers and slices,
// or nil.
func rowType(t types.Type) *types.Named {
	n, ok := types.Unalias(elemType(t)).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n
}

// codeKeyed reports whether the code, not the database, sets every column
// of n's gorm primary key: the key's fields (tagged primaryKey, else the
// field gorm maps to column id; embedded structs read in place) are all
// integers, none is auto-incremented — gorm numbers the key's id field or
// its only field unless tagged autoIncrement:false, and any field tagged
// autoIncrement — and *n has no BeforeCreate or BeforeSave hook that
// could set it. A key of another type (a string, often a fresh UUID) is
// not decided here.
func codeKeyed(n *types.Named) bool {
	if hasMethod(types.NewPointer(n), "BeforeCreate", "BeforeSave") {
		return false
	}
	pks := gormKeys(n.Underlying().(*types.Struct))
	if len(pks) == 0 {
		return false
	}
	for _, f := range pks {
		b, ok := f.v.Type().Underlying().(*types.Basic)
		if !ok || b.Info()&types.IsInteger == 0 {
			return false
		}
		if auto, ok := f.set["AUTOINCREMENT"]; ok && !strings.EqualFold(auto, "false") {
			return false
		}
	}
	prioritized := gormField{}
	for _, f := range pks {
		if f.column == "id" {
			prioritized = f
		}
	}
	if prioritized.v == nil && len(pks) == 1 {
		prioritized = pks[0]
	}
	if prioritized.v != nil {
		if auto, ok := prioritized.set["AUTOINCREMENT"]; !ok || !strings.EqualFold(auto, "false") {
			return false // gorm numbers it
		}
	}
	return true
}

// gormKeys are the fields of st's gorm primary key: those tagged
// primaryKey, else the field gorm maps to column id (embedded structs
// read in place); none when it has neither.
func gormKeys(st *types.Struct) []gormField {
	var pks, ids []gormField
	for _, f := range gormFields(st, 0) {
		if _, ok := f.set["PRIMARYKEY"]; ok {
			pks = append(pks, f)
		} else if _, ok := f.set["PRIMARY_KEY"]; ok {
			pks = append(pks, f)
		}
		if f.column == "id" {
			ids = append(ids, f)
		}
	}
	if len(pks) == 0 {
		return ids // gorm's default key
	}
	return pks
}

// gormField is one column of a gorm model: the field, its column name and
// its tag's settings (names upper-cased, as gorm's ParseTagSetting).
type gormField struct {
	v      *types.Var
	column string
	set    map[string]string
	top    int // the index of the outermost struct's field that holds it
}

// gormFields are the fields of st as gorm maps them, embedded structs
// (untagged, or tagged embedded) read in place.
func gormFields(st *types.Struct, depth int) []gormField {
	if depth > 4 {
		return nil
	}
	var out []gormField
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		tag := reflect.StructTag(st.Tag(i)).Get("gorm")
		set := map[string]string{}
		for _, part := range strings.Split(tag, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(part), ":")
			if k != "" {
				set[strings.ToUpper(k)] = v
			}
		}
		if tag == "-" {
			continue
		}
		if _, embedded := set["EMBEDDED"]; f.Anonymous() || embedded {
			if inner, ok := ssavalue.Deref(f.Type()).Underlying().(*types.Struct); ok {
				fs := gormFields(inner, depth+1)
				for k := range fs {
					fs[k].top = i
				}
				out = append(out, fs...)
				continue
			}
		}
		if !f.Exported() {
			continue
		}
		out = append(out, gormField{v: f, column: triggers.ModelColumn(f.Name(), reflect.StructTag(st.Tag(i))), set: set, top: i})
	}
	return out
}
