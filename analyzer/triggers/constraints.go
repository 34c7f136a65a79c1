package triggers

import (
	"slices"
	"sort"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// The migrations' unique keys, read in the same parse as the triggers: a
// claim (insert … on conflict do nothing) dedupes only if a unique index
// or primary key covers its key, so the analysis checks each claim against
// them (rule claim-without-constraint). Kept: CREATE TABLE's column and
// table PRIMARY KEY / UNIQUE, CREATE UNIQUE INDEX, ALTER TABLE ADD
// CONSTRAINT (and ADD COLUMN … UNIQUE), undone or renamed by the later
// migrations (files in name order): DROP INDEX, DROP CONSTRAINT, DROP
// TABLE, and renames of tables, columns, constraints and indexes. The
// down migrations (a *.down.sql file, or what follows goose's, sql-migrate's
// or dbmate's down marker) are not applied. Not modelled: exclusion
// constraints.

// Unique is one unique key of a table.
type Unique struct {
	Name    string   // the constraint or index name ("" when unnamed)
	Kind    string   // "primary key", "unique", "unique index"
	Columns []string // folded names; an expression is "(expression)"
	Partial bool     // a unique index with a WHERE
	Pos     string   // "file:line"
}

// String is "primary key (job_id) at migrations/001.sql:3".
func (u Unique) String() string {
	s := u.Kind
	if u.Name != "" && u.Kind != "primary key" {
		s += " " + u.Name
	}
	s += " (" + strings.Join(u.Columns, ", ") + ")"
	if u.Partial {
		s += " where …"
	}
	return s + " at " + u.Pos
}

// Table reports whether the migrations create the table (its schema is
// not compared).
func (s *Set) Table(table string) bool {
	return s != nil && s.tables[fold(table)]
}

// Uniques are the table's unique keys.
func (s *Set) Uniques(table string) []Unique {
	if s == nil {
		return nil
	}
	return s.uniques[fold(table)]
}

func fold(table string) string {
	if i := strings.LastIndexByte(table, '.'); i >= 0 {
		table = table[i+1:]
	}
	return strings.ToLower(strings.Trim(table, `"`))
}

// addUniques records the tables and unique keys a statement declares.
func (s *Set) addUniques(n *pg_query.Node, pos string) {
	switch {
	case n.GetCreateStmt() != nil && n.GetCreateStmt().Relation != nil:
		ct := n.GetCreateStmt()
		table := fold(ct.Relation.Relname)
		s.tables[table] = true
		for _, e := range ct.TableElts {
			if cd := e.GetColumnDef(); cd != nil {
				s.columnUniques(table, cd, pos)
			}
			if c := e.GetConstraint(); c != nil {
				s.constraint(table, c, nil, pos)
			}
		}
	case n.GetIndexStmt() != nil && n.GetIndexStmt().Unique && n.GetIndexStmt().Relation != nil:
		ix := n.GetIndexStmt()
		u := Unique{Name: ix.Idxname, Kind: "unique index", Partial: ix.WhereClause != nil, Pos: pos}
		for _, p := range ix.IndexParams {
			ie := p.GetIndexElem()
			switch {
			case ie == nil:
			case ie.Name != "":
				u.Columns = append(u.Columns, strings.ToLower(ie.Name))
			default:
				u.Columns = append(u.Columns, "(expression)")
			}
		}
		s.unique(fold(ix.Relation.Relname), u)
	case n.GetDropStmt() != nil:
		s.drop(n.GetDropStmt())
	case n.GetRenameStmt() != nil && n.GetRenameStmt().Relation != nil:
		s.rename(n.GetRenameStmt())
	case n.GetAlterTableStmt() != nil && n.GetAlterTableStmt().Relation != nil:
		at := n.GetAlterTableStmt()
		table := fold(at.Relation.Relname)
		for _, c := range at.Cmds {
			cmd := c.GetAlterTableCmd()
			if cmd != nil && cmd.Subtype == pg_query.AlterTableType_AT_DropConstraint {
				s.removeUniques(func(t string, u Unique) bool { return t == table && strings.EqualFold(u.Name, cmd.Name) })
				continue
			}
			if cmd == nil || cmd.Def == nil {
				continue
			}
			switch cmd.Subtype {
			case pg_query.AlterTableType_AT_AddConstraint:
				if con := cmd.Def.GetConstraint(); con != nil {
					s.constraint(table, con, nil, pos)
				}
			case pg_query.AlterTableType_AT_AddColumn:
				if cd := cmd.Def.GetColumnDef(); cd != nil {
					s.columnUniques(table, cd, pos)
				}
			}
		}
	}
}

// columnUniques records a column's PRIMARY KEY or UNIQUE.
func (s *Set) columnUniques(table string, cd *pg_query.ColumnDef, pos string) {
	for _, cn := range cd.Constraints {
		if c := cn.GetConstraint(); c != nil {
			s.constraint(table, c, []string{strings.ToLower(cd.Colname)}, pos)
		}
	}
}

// constraint records a PRIMARY KEY or UNIQUE constraint: on cols for a
// column constraint, on its keys for a table constraint.
func (s *Set) constraint(table string, c *pg_query.Constraint, cols []string, pos string) {
	var kind string
	switch c.Contype {
	case pg_query.ConstrType_CONSTR_PRIMARY:
		kind = "primary key"
	case pg_query.ConstrType_CONSTR_UNIQUE:
		kind = "unique"
	default:
		return
	}
	u := Unique{Name: c.Conname, Kind: kind, Columns: cols, Pos: pos}
	if len(c.Keys) > 0 {
		u.Columns = nil
		for _, k := range c.Keys {
			u.Columns = append(u.Columns, strings.ToLower(k.GetString_().GetSval()))
		}
	}
	if c.Indexname != "" && len(u.Columns) == 0 {
		// ADD CONSTRAINT … UNIQUE USING INDEX i: the index's columns.
		for _, ix := range s.uniques[table] {
			if ix.Name == c.Indexname {
				u.Columns = ix.Columns
			}
		}
	}
	if kind == "primary key" && u.Name == "" {
		u.Name = table + "_pkey"
	}
	s.unique(table, u)
}

// drop undoes DROP TABLE and DROP INDEX.
func (s *Set) drop(d *pg_query.DropStmt) {
	for _, o := range d.Objects {
		var parts []string
		for _, p := range o.GetList().GetItems() {
			parts = append(parts, p.GetString_().GetSval())
		}
		if len(parts) == 0 {
			continue
		}
		name := fold(strings.Join(parts, "."))
		switch d.RemoveType {
		case pg_query.ObjectType_OBJECT_TABLE:
			delete(s.tables, name)
			delete(s.uniques, name)
		case pg_query.ObjectType_OBJECT_INDEX:
			s.removeUniques(func(_ string, u Unique) bool { return u.Kind == "unique index" && strings.EqualFold(u.Name, name) })
		}
	}
}

// rename follows ALTER TABLE … RENAME (the table, a column, a constraint)
// and ALTER INDEX … RENAME TO.
func (s *Set) rename(r *pg_query.RenameStmt) {
	rel := fold(r.Relation.Relname)
	newName := strings.ToLower(r.Newname)
	switch r.RenameType {
	case pg_query.ObjectType_OBJECT_TABLE:
		if s.tables[rel] {
			delete(s.tables, rel)
			s.tables[newName] = true
		}
		if us, ok := s.uniques[rel]; ok {
			delete(s.uniques, rel)
			s.uniques[newName] = us
		}
	case pg_query.ObjectType_OBJECT_COLUMN:
		for i, u := range s.uniques[rel] {
			cols := slices.Clone(u.Columns)
			for j, c := range cols {
				if c == strings.ToLower(r.Subname) {
					cols[j] = newName
				}
			}
			s.uniques[rel][i].Columns = cols
		}
	case pg_query.ObjectType_OBJECT_TABCONSTRAINT:
		for i, u := range s.uniques[rel] {
			if strings.EqualFold(u.Name, r.Subname) {
				s.uniques[rel][i].Name = r.Newname
			}
		}
	case pg_query.ObjectType_OBJECT_INDEX:
		for t, us := range s.uniques {
			for i, u := range us {
				if u.Kind == "unique index" && strings.EqualFold(u.Name, rel) {
					s.uniques[t][i].Name = r.Newname
				}
			}
		}
	}
}

// removeUniques drops the unique keys gone(table, key) says are gone.
func (s *Set) removeUniques(gone func(table string, u Unique) bool) {
	for t, us := range s.uniques {
		s.uniques[t] = slices.DeleteFunc(us, func(u Unique) bool { return gone(t, u) })
	}
}

// inDown reports whether the statement at start is part of a down
// migration: a *.down.sql or *_down.sql file, or below a down marker
// (goose "-- +goose Down", sql-migrate "-- +migrate Down", dbmate
// "-- migrate:down") with no up marker after it.
func inDown(file, text string, start int) bool {
	base := strings.ToLower(file[strings.LastIndexAny(file, `/\`)+1:])
	if strings.Contains(base, ".down.") || strings.HasSuffix(base, "_down.sql") {
		return true
	}
	before := strings.ToLower(text[:min(start, len(text))])
	// tern (jackc/tern) has no up marker: what follows its one separator
	// line is the down migration.
	down := max(strings.LastIndex(before, "+goose down"), strings.LastIndex(before, "+migrate down"), strings.LastIndex(before, "migrate:down"),
		strings.LastIndex(before, "---- create above / drop below ----"), strings.LastIndex(before, "-- rambler down"))
	up := max(strings.LastIndex(before, "+goose up"), strings.LastIndex(before, "+migrate up"), strings.LastIndex(before, "migrate:up"),
		strings.LastIndex(before, "-- rambler up"))
	return down >= 0 && down > up
}

func (s *Set) unique(table string, u Unique) {
	if len(u.Columns) == 0 {
		return
	}
	s.uniques[table] = append(s.uniques[table], u)
}

// Claim says whether a unique key backs a claim's insert into table:
// conflict are its ON CONFLICT (columns), constraint its ON CONFLICT ON
// CONSTRAINT name, inserted the columns it inserts (all "" or nil when
// the text does not say). The state is "ok" (the key that backs it),
// "none" (the migrations create the table with no key that does: the
// claim dedupes nothing, or PostgreSQL rejects its conflict target), or
// "unknown" (no migration creates the table).
func (s *Set) Claim(table string, conflict []string, constraint string, inserted []string) (state, text string) {
	if !s.Table(table) {
		return "unknown", "no migration creates " + table
	}
	us := s.Uniques(table)
	for _, u := range us {
		switch {
		case constraint != "":
			if strings.EqualFold(u.Name, constraint) || u.Name == "" && u.Kind == "unique" && strings.EqualFold(constraint, fold(table)+"_"+strings.Join(u.Columns, "_")+"_key") {
				return "ok", u.String()
			}
		case len(conflict) > 0:
			if sameSet(u.Columns, conflict) {
				return "ok", u.String()
			}
		case len(inserted) > 0:
			if subset(u.Columns, inserted) && !u.Partial {
				return "ok", u.String()
			}
		default:
			return "ok", u.String()
		}
	}
	keys := make([]string, 0, len(us))
	for _, u := range us {
		keys = append(keys, u.String())
	}
	sort.Strings(keys)
	have := "it has no unique key"
	if len(keys) > 0 {
		have = "its unique keys are " + strings.Join(keys, "; ")
	}
	switch {
	case constraint != "":
		return "none", "no constraint " + constraint + " on " + table + " in the migrations: " + have
	case len(conflict) > 0:
		return "none", "no unique key on " + table + " (" + strings.Join(conflict, ", ") + ") in the migrations: " + have
	case len(inserted) > 0:
		return "none", "no unique key on " + table + " within the inserted columns (" + strings.Join(inserted, ", ") + ") in the migrations: " + have
	}
	return "none", "no unique key on " + table + " in the migrations"
}

func sameSet(a, b []string) bool {
	return len(a) == len(b) && subset(a, b)
}

// subset reports whether every element of a is in b.
func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// leadingComments is the length of the whitespace and SQL comments (-- …
// and /* … */) that start s.
func leadingComments(s string) int {
	i := 0
	for {
		i += leadingSpace(s[i:])
		switch {
		case strings.HasPrefix(s[i:], "--"):
			if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
				i += j + 1
				continue
			}
			return len(s)
		case strings.HasPrefix(s[i:], "/*"):
			if j := strings.Index(s[i:], "*/"); j >= 0 {
				i += j + 2
				continue
			}
			return len(s)
		}
		return i
	}
}

// InsertKey is a unique key of the table that a plain insert of these
// columns gives every column of, so that a second insert of the same row
// violates it: the insert fails on a duplicate instead of repeating. A
// key that is only an id column is left out (a surrogate key, which the
// code usually fills with a fresh uuid or a sequence per insert: it says
// nothing of a second delivery), as are partial unique indexes.
func (s *Set) InsertKey(table string, inserted []string) (Unique, bool) {
	if keys := s.InsertKeys(table, inserted); len(keys) > 0 {
		return keys[0], true
	}
	return Unique{}, false
}

// InsertKeys are all the keys InsertKey may choose from, in its order.
func (s *Set) InsertKeys(table string, inserted []string) []Unique {
	if s == nil || len(inserted) == 0 {
		return nil
	}
	var out []Unique
	for _, u := range s.Uniques(table) {
		if u.Partial || len(u.Columns) == 1 && u.Columns[0] == "id" || !subset(u.Columns, inserted) {
			continue
		}
		out = append(out, u)
	}
	return out
}
