package triggers

import (
	"bytes"
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"sort"
	"strconv"
)

// Keys of ent's schema. An application on ent declares its tables in
// ent/schema/*.go (field.String("name").Unique(), index.Fields("a",
// "b").Unique(), edges whose foreign keys become columns, mixins) and
// entc compiles them into ent/migrate/schema.go, the tables ent's own
// migration creates (client.Schema.Create): for each table a
// <T>Columns list ({Name: "slug", …, Unique: true}) and a <T>Table
// (&schema.Table{Name: "t", Columns: <T>Columns, PrimaryKey:
// []*schema.Column{<T>Columns[0]}, Indexes: []*schema.Index{{Name: …,
// Unique: true, Columns: []*schema.Column{<T>Columns[2], …}}}}). That
// generated file is read, not the schema package: it names the table as
// ent does (its pluralisation, an entsql.Annotation's table), the edges'
// columns and the mixins' indexes as they are made. Each table's keys are
// written as the DDL ent would run (ModelSchema's form: CREATE TABLE with
// no columns, then one statement per key on its line of the Go file), and
// like a model's they count only for a table no migration or schema text
// creates: an application that keeps SQL migrations (atlas's, generated
// from the same schema) has the keys they give.

// EntCandidate reports whether a Go file's source may be ent's generated
// migration schema (a cheap test).
func EntCandidate(src []byte) bool {
	return bytes.Contains(src, []byte(`"entgo.io/ent/dialect/sql/schema"`)) && bytes.Contains(src, []byte("schema.Table{"))
}

// EntSchema returns the DDL of the keys of the tables ent's generated
// migration schema declares (ent/migrate/schema.go), one File per table.
func EntSchema(files []File) []File {
	fset := gotoken.NewFileSet()
	var out []File
	for _, f := range files {
		if !EntCandidate(f.Data) {
			continue
		}
		af, err := parser.ParseFile(fset, f.Path, f.Data, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		cols := map[string][]entColumn{} // <T>Columns → its columns
		type table struct {
			lit  *ast.CompositeLit
			line int
		}
		var tables []table
		for _, d := range af.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != gotoken.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok || len(vs.Names) != len(vs.Values) {
					continue
				}
				for i, v := range vs.Values {
					if u, ok := v.(*ast.UnaryExpr); ok && u.Op == gotoken.AND {
						if lit, ok := u.X.(*ast.CompositeLit); ok && selName(lit.Type) == "schema.Table" {
							tables = append(tables, table{lit, fset.Position(lit.Pos()).Line})
						}
						continue
					}
					if lit, ok := v.(*ast.CompositeLit); ok && isColumnList(lit.Type) {
						cols[vs.Names[i].Name] = entColumns(fset, lit)
					}
				}
			}
		}
		for _, t := range tables {
			m := entTable(fset, t.lit, cols)
			if m == nil {
				continue
			}
			// The CREATE TABLE on the table's line, or the first key's
			// when that comes first (a unique column of the <T>Columns
			// list above it): each key on its own line.
			line := t.line
			if len(m.keys) > 0 && m.keys[0].line < line {
				line = m.keys[0].line
			}
			out = append(out, m.file(f.Path, line))
		}
	}
	return out
}

// entColumn is one column of a <T>Columns list.
type entColumn struct {
	name   string
	unique bool
	line   int
}

// isColumnList reports whether t is []*schema.Column.
func isColumnList(t ast.Expr) bool {
	at, ok := t.(*ast.ArrayType)
	if !ok || at.Len != nil {
		return false
	}
	st, ok := at.Elt.(*ast.StarExpr)
	return ok && selName(st.X) == "schema.Column"
}

// entColumns reads a <T>Columns list: each element's Name and Unique.
func entColumns(fset *gotoken.FileSet, lit *ast.CompositeLit) []entColumn {
	var out []entColumn
	for _, el := range lit.Elts {
		cl, ok := el.(*ast.CompositeLit)
		if !ok {
			return nil // a column made otherwise: the indexes would be off
		}
		c := entColumn{line: fset.Position(cl.Pos()).Line}
		for _, kv := range keyValues(cl) {
			switch kv.key {
			case "Name":
				c.name = stringLit(kv.value)
			case "Unique":
				c.unique = isTrue(kv.value)
			}
		}
		if c.name == "" {
			return nil
		}
		out = append(out, c)
	}
	return out
}

// entTable reads one &schema.Table{…}: its name, primary key, unique
// columns and unique indexes; nil when the name or the columns are not
// read.
func entTable(fset *gotoken.FileSet, lit *ast.CompositeLit, lists map[string][]entColumn) *model {
	var name, colsVar string
	var pk, indexes ast.Expr
	for _, kv := range keyValues(lit) {
		switch kv.key {
		case "Name":
			name = stringLit(kv.value)
		case "Columns":
			if id, ok := kv.value.(*ast.Ident); ok {
				colsVar = id.Name
			}
		case "PrimaryKey":
			pk = kv.value
		case "Indexes":
			indexes = kv.value
		}
	}
	cols, ok := lists[colsVar]
	if name == "" || !ok {
		return nil
	}
	m := &model{table: name}
	if pk != nil {
		if names, ok := columnRefs(pk, colsVar, cols); ok && len(names) > 0 {
			m.keys = append(m.keys, modelKey{kind: "primary key", cols: names, line: fset.Position(pk.Pos()).Line})
		}
	}
	for _, c := range cols {
		if c.unique && !(len(m.keys) > 0 && m.keys[0].kind == "primary key" && len(m.keys[0].cols) == 1 && m.keys[0].cols[0] == c.name) {
			m.keys = append(m.keys, modelKey{kind: "unique", cols: []string{c.name}, line: c.line})
		}
	}
	if il, ok := indexes.(*ast.CompositeLit); ok {
		for _, el := range il.Elts {
			ix, ok := el.(*ast.CompositeLit)
			if !ok {
				continue
			}
			var ixName string
			var unique, annotated bool
			var ixCols ast.Expr
			for _, kv := range keyValues(ix) {
				switch kv.key {
				case "Name":
					ixName = stringLit(kv.value)
				case "Unique":
					unique = isTrue(kv.value)
				case "Columns":
					ixCols = kv.value
				case "Annotation":
					// An index annotation (entsql.IndexWhere: a partial
					// index; a descending or typed column): not read,
					// so the key is not taken as a plain one.
					annotated = true
				}
			}
			if !unique || annotated || ixName == "" || ixCols == nil {
				continue
			}
			if names, ok := columnRefs(ixCols, colsVar, cols); ok && len(names) > 0 {
				m.keys = append(m.keys, modelKey{kind: "unique index", name: ixName, cols: names, line: fset.Position(ix.Pos()).Line})
			}
		}
	}
	sort.SliceStable(m.keys, func(i, j int) bool { return m.keys[i].line < m.keys[j].line })
	return m
}

// columnRefs reads []*schema.Column{<T>Columns[2], …} as the column
// names; false when an element is anything else.
func columnRefs(e ast.Expr, colsVar string, cols []entColumn) ([]string, bool) {
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	var out []string
	for _, el := range lit.Elts {
		ix, ok := el.(*ast.IndexExpr)
		if !ok {
			return nil, false
		}
		id, ok := ix.X.(*ast.Ident)
		if !ok || id.Name != colsVar {
			return nil, false
		}
		bl, ok := ix.Index.(*ast.BasicLit)
		if !ok || bl.Kind != gotoken.INT {
			return nil, false
		}
		n, err := strconv.Atoi(bl.Value)
		if err != nil || n < 0 || n >= len(cols) {
			return nil, false
		}
		out = append(out, cols[n].name)
	}
	return out, true
}

type keyValue struct {
	key   string
	value ast.Expr
}

// keyValues are a composite literal's Key: Value elements.
func keyValues(lit *ast.CompositeLit) []keyValue {
	var out []keyValue
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			out = append(out, keyValue{id.Name, kv.Value})
		}
	}
	return out
}

// stringLit is the value of a string literal, "" for anything else.
func stringLit(e ast.Expr) string {
	bl, ok := e.(*ast.BasicLit)
	if !ok || bl.Kind != gotoken.STRING {
		return ""
	}
	s, err := strconv.Unquote(bl.Value)
	if err != nil {
		return ""
	}
	return s
}

// isTrue reports whether e is the identifier true.
func isTrue(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "true"
}
