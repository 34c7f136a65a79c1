package triggers

import (
	"slices"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// The triggers and functions kept are the schema's after every up
// migration ran in order (files in name order, statements in file order):
// a trigger a later migration drops fires on nothing, and a function a
// later CREATE OR REPLACE redefines runs its new body. Followed, as
// PostgreSQL applies them: CREATE [OR REPLACE] TRIGGER (a trigger of the
// same name on the same table is replaced), DROP TRIGGER, DROP FUNCTION
// (with CASCADE, the triggers that run it go too; without, a trigger left
// on it has no known body), DROP TABLE (its triggers go with it), and
// renames of tables and triggers. Down migrations are not applied
// (collect skips them, inDown). Not modelled: ALTER TABLE … DISABLE
// TRIGGER, DROP SCHEMA … CASCADE.

// addTrigger records a CREATE TRIGGER, replacing the table's trigger of
// the same name.
func (s *Set) addTrigger(t *Trigger) {
	s.live = slices.DeleteFunc(s.live, func(o *Trigger) bool { return o.Table == t.Table && strings.EqualFold(o.Name, t.Name) })
	s.live = append(s.live, t)
}

// undoTriggers applies a statement that removes or renames triggers or
// the functions they run.
func (s *Set) undoTriggers(n *pg_query.Node) {
	if r := n.GetRenameStmt(); r != nil && r.Relation != nil {
		table := fold(r.Relation.Relname)
		for _, t := range s.live {
			switch {
			case t.Table != table:
			case r.RenameType == pg_query.ObjectType_OBJECT_TABLE:
				t.Table = strings.ToLower(r.Newname)
			case r.RenameType == pg_query.ObjectType_OBJECT_TRIGGER && strings.EqualFold(t.Name, r.Subname):
				t.Name = r.Newname
			}
		}
		return
	}
	d := n.GetDropStmt()
	if d == nil {
		return
	}
	cascade := d.Behavior == pg_query.DropBehavior_DROP_CASCADE
	for _, o := range d.Objects {
		switch d.RemoveType {
		case pg_query.ObjectType_OBJECT_TRIGGER:
			// DROP TRIGGER name ON [schema.]table: the list ends with
			// the table and the trigger.
			parts := names(o.GetList().GetItems())
			if len(parts) < 2 {
				continue
			}
			table, name := strings.ToLower(parts[len(parts)-2]), parts[len(parts)-1]
			s.removeTriggers(func(t *Trigger) bool { return t.Table == table && strings.EqualFold(t.Name, name) })
		case pg_query.ObjectType_OBJECT_FUNCTION:
			owa := o.GetObjectWithArgs()
			if owa == nil {
				continue
			}
			name := lastName(owa.Objname)
			delete(s.funcs, name)
			if cascade {
				s.removeTriggers(func(t *Trigger) bool { return t.Function == name })
			}
		case pg_query.ObjectType_OBJECT_TABLE:
			parts := names(o.GetList().GetItems())
			if len(parts) == 0 {
				continue
			}
			table := fold(parts[len(parts)-1])
			s.removeTriggers(func(t *Trigger) bool { return t.Table == table })
		}
	}
}

func (s *Set) removeTriggers(gone func(*Trigger) bool) {
	s.live = slices.DeleteFunc(s.live, gone)
}

// names are the strings of a qualified name's parts.
func names(items []*pg_query.Node) []string {
	var out []string
	for _, p := range items {
		out = append(out, p.GetString_().GetSval())
	}
	return out
}
