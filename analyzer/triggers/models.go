package triggers

import (
	"bytes"
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Keys declared by ORM models (issue: zep). An application that creates
// its tables from its model structs (bun's db.NewCreateTable().Model(m),
// gorm's AutoMigrate or Migrator().CreateTable) declares their unique keys
// in the struct tags, not in a migration file: bun's `bun:",pk"`,
// `bun:",unique"` and `bun:",unique:group"` (a named group of columns;
// bun@v1.2.18 schema/table.go:313-331 addUnique, :534-548 newField,
// query_table_create.go:268-300), gorm's `gorm:"primaryKey"`,
// `gorm:"unique"`, `gorm:"uniqueIndex"` / `gorm:"uniqueIndex:name"` and
// the v1 spellings primary_key, unique_index.
//
// The choice: tags count only with evidence that the tables are created
// from the models — a non-test Go file of the module calls the ORM's
// create-from-model (CreatesTables: bun's NewCreateTable, gorm's
// AutoMigrate or CreateTable). Which model each call creates is not
// traced (Zep ranges over a list of models): every tagged model of that
// ORM in the module counts. A table the migrations (or schema kept in Go
// strings) declare keeps their keys: the models' keys are added only for
// tables no DDL text creates. ModelSchema writes each model's keys as the
// DDL the ORM would run for them (CREATE TABLE with no columns, then one
// ALTER TABLE … ADD PRIMARY KEY / UNIQUE or CREATE UNIQUE INDEX per key;
// a model without keys is its CREATE TABLE alone: a known table),
// each on the line of the Go file that declares it, so Parse reads them
// like any migration and a key's position is its struct tag.
//
// A bun struct counts only when it embeds bun.BaseModel (a struct with bun
// tags and no BaseModel is most often a mixin other models embed).
// A gorm model's embedded struct declared in the same package (an
// application's own base Model) is read in place, as gorm does
// (flattenLocal). Not read: keys of other embedded structs (bun's embed:,
// gorm's of another package other than gorm.Model, or tagged
// embeddedPrefix) — a model with such a field gets no
// primary key and no named group from the tags (a key missing a column
// would be a key the table does not have), only its single-column
// unique fields; gorm's default primary key (a field ID) is kept as
// gorm makes it.

// CreatesTables reports whether a Go file's source calls bun's or gorm's
// create-from-model.
func CreatesTables(src []byte) (bun, gorm bool) {
	bun = bytes.Contains(src, []byte(".NewCreateTable("))
	gorm = bytes.Contains(src, []byte(".AutoMigrate(")) || bytes.Contains(src, []byte(".CreateTable("))
	return bun, gorm
}

// ModelCandidate reports whether a Go file's source may declare ORM
// models with keys or create tables from them (a cheap test).
func ModelCandidate(src []byte) bool {
	b, g := CreatesTables(src)
	return b || g || bytes.Contains(src, []byte(`bun:"`)) || bytes.Contains(src, []byte(`gorm:"`))
}

// ModelSchema returns the DDL of the keys the tagged models of one
// package's files declare, for the ORMs whose create-from-model the
// module calls (bun, gorm): one File per model (Model its table).
func ModelSchema(files []File, bun, gorm bool) []File {
	if !bun && !gorm {
		return nil
	}
	fset := gotoken.NewFileSet()
	var out []File
	type parsed struct {
		path string
		f    *ast.File
	}
	var ps []parsed
	names := map[string]string{} // type name → TableName() constant
	for _, f := range files {
		af, err := parser.ParseFile(fset, f.Path, f.Data, parser.SkipObjectResolution)
		if err != nil || importsTesting(af) {
			continue
		}
		ps = append(ps, parsed{f.Path, af})
		for _, d := range af.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "TableName" && fd.Recv != nil && len(fd.Recv.List) == 1 {
				if name := constReturn(fd); name != "" {
					names[recvName(fd.Recv.List[0].Type)] = name
				}
			}
		}
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].path < ps[j].path })
	// The package's struct types by name: a gorm model's embedded base
	// struct declared here is read as part of it (flattenLocal).
	locals := map[string]*ast.StructType{}
	for _, p := range ps {
		for _, d := range p.f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, sp := range gd.Specs {
				if ts, ok := sp.(*ast.TypeSpec); ok {
					if st, ok := ts.Type.(*ast.StructType); ok {
						locals[ts.Name.Name] = st
					}
				}
			}
		}
	}
	for _, p := range ps {
		ast.Inspect(p.f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return false
			}
			m := readModel(fset, ts.Name.Name, st, names[ts.Name.Name], bun, gorm, locals)
			if m == nil {
				return false
			}
			// A model without keys still names a table the ORM creates:
			// known, with no unique key (an association whose rows
			// nothing turns away, summary.repeatsPerParent).
			out = append(out, m.file(p.path, fset.Position(ts.Pos()).Line))
			return false
		})
	}
	return out
}

type modelKey struct {
	kind string // "primary key", "unique", "unique index"
	name string
	cols []string
	line int
}

type model struct {
	table string
	keys  []modelKey
}

// file writes the model's keys as DDL, each statement on its key's line
// (the CREATE TABLE on the type's).
func (m *model) file(path string, line int) File {
	var b strings.Builder
	at := line
	emit := func(l int, stmt string) {
		for ; at < l; at++ {
			b.WriteByte('\n')
		}
		b.WriteString(stmt)
	}
	q := strconv.Quote
	emit(line, "CREATE TABLE "+q(m.table)+" ();")
	keys := append([]modelKey(nil), m.keys...)
	sort.SliceStable(keys, func(i, j int) bool { return keys[i].line < keys[j].line })
	for _, k := range keys {
		cols := make([]string, len(k.cols))
		for i, c := range k.cols {
			cols[i] = q(c)
		}
		list := "(" + strings.Join(cols, ", ") + ")"
		switch {
		case k.kind == "primary key":
			emit(k.line, " ALTER TABLE "+q(m.table)+" ADD PRIMARY KEY "+list+";")
		case k.kind == "unique index":
			emit(k.line, " CREATE UNIQUE INDEX "+q(k.name)+" ON "+q(m.table)+" "+list+";")
		case k.name != "":
			emit(k.line, " ALTER TABLE "+q(m.table)+" ADD CONSTRAINT "+q(k.name)+" UNIQUE "+list+";")
		default:
			emit(k.line, " ALTER TABLE "+q(m.table)+" ADD UNIQUE "+list+";")
		}
	}
	return File{Path: path, Data: []byte(b.String()), Line: line, Model: m.table}
}

// readModel reads one struct's keys, for bun when its fields carry bun
// tags (or it embeds bun.BaseModel), else for gorm when they carry gorm
// tags or it embeds gorm.Model; nil for neither.
func readModel(fset *gotoken.FileSet, typeName string, st *ast.StructType, declared string, bun, gorm bool, locals map[string]*ast.StructType) *model {
	isBun, isGorm, embedded, baseModel := false, false, false, false
	// gorm's fields of an embedded struct declared in this package, read
	// in place (flattenLocal); what is left embedded is not known here.
	flat := flattenLocal(st, locals, 0)
	gormEmbedded := false
	for _, f := range flat.Fields.List {
		if len(f.Names) == 0 && selName(f.Type) != "gorm.Model" {
			gormEmbedded = true
		}
	}
	for _, f := range st.Fields.List {
		tag := fieldTag(f)
		if _, ok := tag.Lookup("bun"); ok {
			isBun = true
		}
		if _, ok := tag.Lookup("gorm"); ok {
			isGorm = true
		}
		if len(f.Names) == 0 {
			switch selName(f.Type) {
			case "bun.BaseModel", "schema.BaseModel":
				isBun, baseModel = true, true
			case "gorm.Model":
				isGorm = true
			default:
				embedded = true
			}
		}
	}
	switch {
	case isBun && bun:
		if !baseModel {
			// A struct bun tags but that names no table of its own: a
			// mixin other models embed (zep's DocumentBase), or a model
			// whose table is given at each query.
			return nil
		}
		return readBun(fset, typeName, st, embedded)
	case isGorm && gorm && !isBun:
		return readGorm(fset, typeName, flat, declared, gormEmbedded)
	}
	return nil
}

// flattenLocal returns st with each anonymous field whose type is a
// struct declared in the package (Model, *Base) replaced by that struct's
// fields, as gorm's schema parses an embedded struct's fields as the
// model's own (schema/field.go: EmbeddedSchema), each placed at the
// anonymous field's position (a key it holds is reported there). One
// with a gorm tag (embeddedPrefix renames its columns) or of another
// package's type stays anonymous: its fields are not known here.
func flattenLocal(st *ast.StructType, locals map[string]*ast.StructType, depth int) *ast.StructType {
	var out []*ast.Field
	changed := false
	for _, f := range st.Fields.List {
		inner := locals[recvName(f.Type)]
		if len(f.Names) > 0 || inner == nil || inner == st || depth > 3 || fieldTag(f).Get("gorm") != "" {
			out = append(out, f)
			continue
		}
		changed = true
		for _, g := range flattenLocal(inner, locals, depth+1).Fields.List {
			h := &ast.Field{Type: g.Type, Tag: g.Tag}
			if len(g.Names) == 0 {
				// Still anonymous (another package's type): kept, at the
				// outer field's position.
				h.Type = &ast.StarExpr{Star: f.Pos(), X: g.Type}
				if _, ok := g.Type.(*ast.StarExpr); ok {
					h.Type = g.Type
				}
			}
			for _, n := range g.Names {
				h.Names = append(h.Names, &ast.Ident{NamePos: f.Pos(), Name: n.Name})
			}
			out = append(out, h)
		}
	}
	if !changed {
		return st
	}
	return &ast.StructType{Struct: st.Struct, Fields: &ast.FieldList{Opening: st.Fields.Opening, List: out, Closing: st.Fields.Closing}}
}

func readBun(fset *gotoken.FileSet, typeName string, st *ast.StructType, embedded bool) *model {
	m := &model{table: PluralSnake(typeName)}
	var pk []string
	pkLine := 0
	groups := map[string]*modelKey{}
	var order []string
	for _, f := range st.Fields.List {
		raw := fieldTag(f).Get("bun")
		line := fset.Position(f.Pos()).Line
		if len(f.Names) == 0 {
			if n := selName(f.Type); n == "bun.BaseModel" || n == "schema.BaseModel" {
				t := parseBunTag(raw)
				if t.name != "" {
					m.table = t.name
				}
				if v, ok := t.opt("table"); ok && v != "" {
					m.table = v
				}
			}
			continue
		}
		if raw == "-" {
			continue
		}
		t := parseBunTag(raw)
		if _, rel := t.opts["rel"]; rel {
			continue
		}
		for _, n := range f.Names {
			if !n.IsExported() {
				continue
			}
			col := underscore(n.Name)
			if t.name != "" {
				col = t.name
			}
			if v, ok := t.opt("column"); ok && v != "" {
				col = v
			}
			if _, ok := t.opts["pk"]; ok {
				pk = append(pk, col)
				if pkLine == 0 {
					pkLine = line
				}
			}
			vs, ok := t.opts["unique"]
			if !ok {
				continue
			}
			var names []string
			if len(vs) == 1 {
				names = strings.Split(vs[0], ",")
			} else {
				names = vs
			}
			for _, u := range names {
				if u == "" {
					m.keys = append(m.keys, modelKey{kind: "unique", cols: []string{col}, line: line})
					continue
				}
				if embedded {
					continue
				}
				g := groups[u]
				if g == nil {
					g = &modelKey{kind: "unique", name: u, line: line}
					groups[u] = g
					order = append(order, u)
				}
				g.cols = append(g.cols, col)
			}
		}
	}
	if len(pk) > 0 && !embedded {
		m.keys = append(m.keys, modelKey{kind: "primary key", cols: pk, line: pkLine})
	}
	for _, u := range order {
		m.keys = append(m.keys, *groups[u])
	}
	return m
}

func readGorm(fset *gotoken.FileSet, typeName string, st *ast.StructType, declared string, embedded bool) *model {
	m := &model{table: PluralSnake(typeName)}
	if declared != "" {
		m.table = declared
	}
	var pk []string
	pkLine, idLine := 0, 0
	// gorm makes one index of every field that names it (schema/index.go
	// ParseIndexes: the fields appended by name, the class taken from the
	// first that has one): `index:idx_ab` on a and `uniqueIndex:idx_ab`
	// on b is one UNIQUE index (a, b), and a WHERE on any member makes it
	// partial. So members are gathered by name whatever their class, and a
	// group is a key only when one of them is unique and none is partial.
	groups := map[string]*modelKey{}
	unique, partial := map[string]bool{}, map[string]bool{}
	var order []string
	for _, f := range st.Fields.List {
		line := fset.Position(f.Pos()).Line
		if len(f.Names) == 0 {
			if selName(f.Type) == "gorm.Model" {
				idLine = line
			}
			continue
		}
		raw := fieldTag(f).Get("gorm")
		if raw == "-" {
			continue
		}
		settings := gormSettings(raw)
		for _, n := range f.Names {
			if !n.IsExported() {
				continue
			}
			col := underscore(n.Name)
			if v := settings["COLUMN"]; v != "" {
				col = v
			}
			if col == "id" && idLine == 0 {
				idLine = line
			}
			if _, ok := settings["PRIMARYKEY"]; ok {
				pk = append(pk, col)
				if pkLine == 0 {
					pkLine = line
				}
			} else if _, ok := settings["PRIMARY_KEY"]; ok {
				pk = append(pk, col)
				if pkLine == 0 {
					pkLine = line
				}
			}
			if _, ok := settings["UNIQUE"]; ok {
				m.keys = append(m.keys, modelKey{kind: "unique", cols: []string{col}, line: line})
			}
			for _, key := range []string{"UNIQUEINDEX", "UNIQUE_INDEX", "INDEX"} {
				v, ok := settings[key]
				if !ok {
					continue
				}
				name, opts, _ := strings.Cut(v, ",")
				if name == "" {
					name = "idx_" + m.table + "_" + col
				}
				if embedded && name != "idx_"+m.table+"_"+col {
					continue
				}
				if key != "INDEX" || gormUniqueOpts(opts) {
					unique[name] = true
				}
				if strings.Contains(strings.ToUpper(opts), "WHERE:") {
					partial[name] = true // not a key of every row
				}
				g := groups[name]
				if g == nil {
					g = &modelKey{kind: "unique index", name: name, line: line}
					groups[name] = g
					order = append(order, name)
				}
				g.cols = append(g.cols, col)
			}
		}
	}
	switch {
	case len(pk) > 0 && !embedded:
		m.keys = append(m.keys, modelKey{kind: "primary key", cols: pk, line: pkLine})
	case len(pk) == 0 && idLine > 0:
		m.keys = append(m.keys, modelKey{kind: "primary key", cols: []string{"id"}, line: idLine})
	}
	for _, u := range order {
		if unique[u] && !partial[u] {
			m.keys = append(m.keys, *groups[u])
		}
	}
	return m
}

// gormUniqueOpts reports whether an index tag's options make it unique
// (`index:,unique`, `index:name,class:UNIQUE`).
func gormUniqueOpts(opts string) bool {
	for _, o := range strings.Split(opts, ",") {
		o = strings.ToUpper(strings.TrimSpace(o))
		if o == "UNIQUE" || o == "CLASS:UNIQUE" {
			return true
		}
	}
	return false
}

// gormSettings parses a gorm tag as gorm's schema.ParseTagSetting does:
// ";"-separated, "KEY:value", keys upper-cased.
func gormSettings(s string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(s, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, ":")
		out[strings.ToUpper(strings.TrimSpace(k))] = strings.TrimSpace(v)
	}
	return out
}

type bunTag struct {
	name string
	opts map[string][]string
}

func (t bunTag) opt(name string) (string, bool) {
	vs, ok := t.opts[name]
	if !ok {
		return "", false
	}
	return vs[len(vs)-1], true
}

// parseBunTag parses a bun tag as bun's internal/tagparser does: the
// first element without a colon is the name, "key:value" and bare keys
// are options, a value may be quoted ("a,b").
func parseBunTag(s string) bunTag {
	t := bunTag{opts: map[string][]string{}}
	seen := false
	set := func(key string) {
		if seen {
			if key != "" {
				t.opts[key] = append(t.opts[key], "")
			}
			return
		}
		seen = true
		t.name = key
	}
	add := func(key, value string) {
		seen = true
		if key != "" {
			t.opts[key] = append(t.opts[key], value)
		}
	}
	i := 0
	quoted := func() string {
		var b strings.Builder
		for i < len(s) {
			c := s[i]
			i++
			switch c {
			case '\\':
				if i < len(s) {
					b.WriteByte(s[i])
					i++
				}
			case '"':
				return b.String()
			default:
				b.WriteByte(c)
			}
		}
		return ""
	}
	for i < len(s) {
		start := i
		done := false
		for i < len(s) && !done {
			c := s[i]
			i++
			switch c {
			case ',':
				set(s[start : i-1])
				done = true
			case ':':
				key := s[start : i-1]
				vstart, depth := i, 0
				value := ""
				for i < len(s) {
					c := s[i]
					if c == '"' && i == vstart {
						i++
						value = quoted()
						vstart = -1
						break
					}
					if c == ',' && depth == 0 {
						break
					}
					if c == '(' {
						depth++
					} else if c == ')' && depth > 0 {
						depth--
					}
					i++
				}
				if vstart >= 0 {
					value = s[vstart:i]
				}
				add(key, value)
				done = true
			case '"':
				set(quoted())
				done = true
			}
		}
		if !done {
			set(s[start:i])
		}
		if i < len(s) && s[i] == ',' {
			i++
		}
	}
	return t
}

func fieldTag(f *ast.Field) reflect.StructTag {
	if f.Tag == nil {
		return ""
	}
	s, err := strconv.Unquote(f.Tag.Value)
	if err != nil {
		return ""
	}
	return reflect.StructTag(s)
}

// selName is "pkg.Name" for a selector type expression, "" otherwise.
func selName(e ast.Expr) string {
	if st, ok := e.(*ast.StarExpr); ok {
		e = st.X
	}
	if se, ok := e.(*ast.SelectorExpr); ok {
		if id, ok := se.X.(*ast.Ident); ok {
			return id.Name + "." + se.Sel.Name
		}
	}
	return ""
}

func recvName(e ast.Expr) string {
	if st, ok := e.(*ast.StarExpr); ok {
		e = st.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// constReturn is the string literal a function returns on its one
// return statement, "" otherwise.
func constReturn(fd *ast.FuncDecl) string {
	if fd.Body == nil || len(fd.Body.List) != 1 {
		return ""
	}
	r, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(r.Results) != 1 {
		return ""
	}
	lit, ok := r.Results[0].(*ast.BasicLit)
	if !ok || lit.Kind != gotoken.STRING {
		return ""
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return ""
	}
	return s
}

// underscore is bun's internal.Underscore (gorm's column naming agrees on
// the usual names): "MessageUUID" → "message_uuid", "UserID" → "user_id".
func underscore(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 && i+1 < len(s) && (isLower(s[i-1]) || isLower(s[i+1])) {
				b.WriteByte('_')
			}
			b.WriteByte(c + 'a' - 'A')
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }

// PluralSnake is the table an ORM names after a type by default:
// "UserProfile" → "user_profiles", "Category" → "categories".
func PluralSnake(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, r := range rs {
		if unicode.IsUpper(r) {
			if i > 0 && (unicode.IsLower(rs[i-1]) || (i+1 < len(rs) && unicode.IsLower(rs[i+1]))) {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(r))
		} else {
			b.WriteRune(r)
		}
	}
	s := b.String()
	switch {
	case strings.HasSuffix(s, "s"), strings.HasSuffix(s, "x"), strings.HasSuffix(s, "ch"), strings.HasSuffix(s, "sh"):
		return s + "es"
	case strings.HasSuffix(s, "y") && len(s) > 1 && !strings.ContainsRune("aeiou", rune(s[len(s)-2])):
		return s[:len(s)-1] + "ies"
	}
	return s + "s"
}

// ModelColumn is the column a model's field maps to, as ModelSchema names
// it: bun's tag name or column: option, gorm's column: setting, else the
// field's name in snake case; "" for a field the ORM skips (tag "-") or a
// relation (bun's rel:).
func ModelColumn(field string, tag reflect.StructTag) string {
	col := underscore(field)
	if raw, ok := tag.Lookup("bun"); ok {
		if raw == "-" {
			return ""
		}
		t := parseBunTag(raw)
		if _, rel := t.opts["rel"]; rel {
			return ""
		}
		if t.name != "" {
			col = t.name
		}
		if v, ok := t.opt("column"); ok && v != "" {
			col = v
		}
		return col
	}
	if raw, ok := tag.Lookup("gorm"); ok {
		if raw == "-" {
			return ""
		}
		if v := gormSettings(raw)["COLUMN"]; v != "" {
			col = v
		}
	}
	return col
}
