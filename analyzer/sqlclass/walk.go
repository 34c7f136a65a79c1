package sqlclass

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/jobeffects/jobeffects/internal/memo"
)

// children calls f for every message-typed child of m (singular fields and
// list elements), in field-declaration order, which is deterministic (unlike
// protoreflect's Range). The *pg_query.Node wrapper is one oneof of ~270
// fields; WhichOneof finds its populated field directly instead of asking
// each field Has.
func children(m protoreflect.Message, f func(protoreflect.Message)) {
	sh := shapeOf(m.Descriptor())
	for _, od := range sh.oneofs {
		if fd := m.WhichOneof(od); fd != nil && fd.Kind() == protoreflect.MessageKind {
			f(m.Get(fd).Message())
		}
	}
	for _, fd := range sh.fields {
		if !m.Has(fd) {
			continue
		}
		v := m.Get(fd)
		if fd.IsList() {
			l := v.List()
			for j := 0; j < l.Len(); j++ {
				f(l.Get(j).Message())
			}
			continue
		}
		f(v.Message())
	}
}

// shape is the walkable part of a message type: its oneofs and its other
// message-typed (singular or list, not map) fields, in declaration order.
type shape struct {
	oneofs []protoreflect.OneofDescriptor
	fields []protoreflect.FieldDescriptor
}

// shapes are the message types' shapes: bounded by the parser's schema.
var shapes memo.Map[protoreflect.FullName, *shape]

func shapeOf(md protoreflect.MessageDescriptor) *shape {
	return shapes.Get(md.FullName(), func() *shape { return newShape(md) })
}

func newShape(md protoreflect.MessageDescriptor) *shape {
	sh := &shape{}
	ods := md.Oneofs()
	for i := 0; i < ods.Len(); i++ {
		if od := ods.Get(i); !od.IsSynthetic() {
			sh.oneofs = append(sh.oneofs, od)
		}
	}
	fds := md.Fields()
	for i := 0; i < fds.Len(); i++ {
		fd := fds.Get(i)
		if fd.Kind() != protoreflect.MessageKind || fd.IsMap() {
			continue
		}
		if od := fd.ContainingOneof(); od != nil && !od.IsSynthetic() {
			continue
		}
		sh.fields = append(sh.fields, fd)
	}
	return sh
}

// inspect walks the tree under m depth-first in field order, calling visit
// for every message (including *pg_query.Node wrappers). When visit returns
// false the message's children are skipped.
func inspect(m protoreflect.Message, visit func(protoreflect.Message) bool) {
	if !m.IsValid() || !visit(m) {
		return
	}
	children(m, func(c protoreflect.Message) { inspect(c, visit) })
}

// isDML reports whether n is a data-modifying statement (the kinds allowed
// in a data-modifying CTE).
func isDML(n *pg_query.Node) bool {
	if n == nil {
		return false
	}
	switch n.Node.(type) {
	case *pg_query.Node_InsertStmt, *pg_query.Node_UpdateStmt,
		*pg_query.Node_DeleteStmt, *pg_query.Node_MergeStmt:
		return true
	}
	return false
}

// stringsOf returns the String values of a name list (funcname, ColumnRef
// fields, ...); a non-String element (A_Star) gives "*".
func stringsOf(nodes []*pg_query.Node) []string {
	out := make([]string, 0, len(nodes))
	for _, n := range nodes {
		if s := n.GetString_(); s != nil {
			out = append(out, s.Sval)
		} else {
			out = append(out, "*")
		}
	}
	return out
}

// aConst returns the constant n is, looking through casts ('seq'::regclass,
// 100::int); nil when n is no constant (or nil).
func aConst(n *pg_query.Node) *pg_query.A_Const {
	for n != nil && n.GetTypeCast() != nil {
		n = n.GetTypeCast().Arg
	}
	if n == nil {
		return nil
	}
	return n.GetAConst()
}

// constString returns the value of a string constant, looking through casts.
func constString(n *pg_query.Node) (string, bool) {
	if s := aConst(n).GetSval(); s != nil {
		return s.Sval, true
	}
	return "", false
}

// relName returns a RangeVar's name as "schema.rel" or "rel".
func relName(rv *pg_query.RangeVar) string {
	if rv == nil {
		return ""
	}
	name := rv.Relname
	if rv.Schemaname != "" {
		name = rv.Schemaname + "." + name
	}
	if rv.Catalogname != "" {
		name = rv.Catalogname + "." + name
	}
	return name
}

// aliasOf returns a RangeVar's alias name, or "".
func aliasOf(rv *pg_query.RangeVar) string {
	if rv == nil || rv.Alias == nil {
		return ""
	}
	return rv.Alias.Aliasname
}
