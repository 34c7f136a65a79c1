package triggers

import (
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// Function is one CREATE FUNCTION of the migrations: a statement that calls
// it does what its body does.
type Function struct {
	Name string
	Pos  string // "file:line" of CREATE FUNCTION
	// ReadOnly: declared IMMUTABLE or STABLE, which PostgreSQL allows
	// only for functions that do not modify the database (it rejects
	// INSERT, UPDATE and DELETE in them).
	ReadOnly bool
	// Params are the names of its input parameters in call order
	// (as the parser folds them; "" for an unnamed one), so a
	// caller binds the constants a call passes to the names the body uses.
	Params []string
	// Body are its SQL statements (PL/pgSQL or LANGUAGE sql); a body in
	// another language is one Dynamic statement.
	Body []Statement
}

// Column is a column's declared type.
type Column struct {
	Type string // as the parser names it: "jsonb", "text", "int4", "text[]"
	Pos  string // the "file:line" that declared it
}

// Function returns the function the migrations declare under name
// ("f" or "schema.f"; only the last part is compared, folded like an
// unquoted name), or nil.
func (s *Set) Function(name string) *Function {
	if s == nil {
		return nil
	}
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return s.funcs[strings.ToLower(name)]
}

// ColumnType returns the type the migrations last gave table.column (the
// table's schema is not compared).
func (s *Set) ColumnType(table, column string) (Column, bool) {
	if s == nil {
		return Column{}, false
	}
	if i := strings.LastIndexByte(table, '.'); i >= 0 {
		table = table[i+1:]
	}
	c, ok := s.columns[strings.ToLower(table)+"."+strings.ToLower(column)]
	return c, ok
}

// function reads one CREATE FUNCTION (not a procedure: CALL is always a
// call); line is the line its text starts on, version that of the parse
// tree it comes from.
func function(cf *pg_query.CreateFunctionStmt, file, stmtText string, line int, version int32) *Function {
	if cf.IsProcedure {
		return nil
	}
	f := &Function{Name: lastName(cf.Funcname), Params: inputParams(cf)}
	lang := ""
	for _, o := range cf.Options {
		d := o.GetDefElem()
		if d == nil {
			continue
		}
		switch d.Defname {
		case "volatility":
			v := strings.ToLower(d.Arg.GetString_().GetSval())
			f.ReadOnly = v == "immutable" || v == "stable"
		case "language":
			lang = strings.ToLower(d.Arg.GetString_().GetSval())
		}
	}
	if cf.SqlBody != nil {
		// SQL-standard body (BEGIN ATOMIC … END, RETURN expr): already
		// parsed; deparse it back to statements.
		f.Body = sqlBody(cf.SqlBody, file+":"+strconv.Itoa(line+strings.Count(stmtText[:leadingSpace(stmtText)], "\n")), version)
		return f
	}
	body := functionBody(cf)
	if body == "" {
		return f
	}
	bodyLine := line + strings.Count(stmtText[:max(0, strings.Index(stmtText, body))], "\n")
	pos := file + ":" + strconv.Itoa(bodyLine)
	switch lang {
	case "plpgsql", "":
		f.Body = bodyStatements(file, stmtText, bodyLine)
	case "sql":
		f.Body = []Statement{{SQL: body, Pos: pos}}
	default:
		f.Body = []Statement{{Pos: pos, Dynamic: true}}
	}
	return f
}

// sqlBody deparses the statements of a SQL-standard function body.
func sqlBody(n *pg_query.Node, pos string, version int32) []Statement {
	var nodes []*pg_query.Node
	if l := n.GetList(); l != nil {
		for _, it := range l.Items {
			if inner := it.GetList(); inner != nil {
				nodes = append(nodes, inner.Items...)
			} else {
				nodes = append(nodes, it)
			}
		}
	} else {
		nodes = []*pg_query.Node{n}
	}
	var out []Statement
	for _, st := range nodes {
		if st.GetReturnStmt() != nil {
			st = st.GetReturnStmt().Returnval
			text, err := deparseExpr(st, version)
			if err != nil {
				out = append(out, Statement{Pos: pos, Dynamic: true})
				continue
			}
			out = append(out, Statement{SQL: "select " + text, Pos: pos})
			continue
		}
		text, err := deparse(&pg_query.ParseResult{Stmts: []*pg_query.RawStmt{{Stmt: st}}}, version)
		if err != nil {
			out = append(out, Statement{Pos: pos, Dynamic: true})
			continue
		}
		out = append(out, Statement{SQL: text, Pos: pos})
	}
	return out
}

// deparseExpr deparses an expression as the target of a SELECT.
func deparseExpr(e *pg_query.Node, version int32) (string, error) {
	sel := &pg_query.SelectStmt{TargetList: []*pg_query.Node{
		{Node: &pg_query.Node_ResTarget{ResTarget: &pg_query.ResTarget{Val: e}}}}}
	text, err := deparse(&pg_query.ParseResult{Stmts: []*pg_query.RawStmt{{Stmt: &pg_query.Node{Node: &pg_query.Node_SelectStmt{SelectStmt: sel}}}}}, version)
	return strings.TrimPrefix(text, "SELECT "), err
}

// addColumns records the column types a CREATE TABLE or ALTER TABLE
// declares.
func (s *Set) addColumns(n *pg_query.Node, pos string) {
	if ct := n.GetCreateStmt(); ct != nil && ct.Relation != nil {
		for _, e := range ct.TableElts {
			if cd := e.GetColumnDef(); cd != nil {
				s.column(ct.Relation.Relname, cd, pos)
			}
		}
	}
	if at := n.GetAlterTableStmt(); at != nil && at.Relation != nil {
		for _, c := range at.Cmds {
			cmd := c.GetAlterTableCmd()
			if cmd == nil {
				continue
			}
			cd := cmd.Def.GetColumnDef()
			switch cmd.Subtype {
			case pg_query.AlterTableType_AT_AddColumn:
				if cd != nil {
					s.column(at.Relation.Relname, cd, pos)
				}
			case pg_query.AlterTableType_AT_AlterColumnType:
				if cd != nil {
					cd = &pg_query.ColumnDef{Colname: cmd.Name, TypeName: cd.TypeName}
					s.column(at.Relation.Relname, cd, pos)
				}
			}
		}
	}
}

func (s *Set) column(table string, cd *pg_query.ColumnDef, pos string) {
	if cd.TypeName == nil || cd.Colname == "" {
		return
	}
	typ := lastName(cd.TypeName.Names)
	if len(cd.TypeName.ArrayBounds) > 0 {
		typ += "[]"
	}
	s.columns[strings.ToLower(table)+"."+strings.ToLower(cd.Colname)] = Column{Type: typ, Pos: pos}
}

// deparse turns a tree back into SQL text; the tree must carry the
// parser's version (that of the tree it was taken from).
func deparse(tree *pg_query.ParseResult, version int32) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errorString("deparser panic")
		}
	}()
	tree.Version = version
	return pg_query.Deparse(tree)
}

// inputParams lists the names of cf's input parameters (IN, INOUT and
// VARIADIC; OUT and TABLE columns are not passed), in order.
func inputParams(cf *pg_query.CreateFunctionStmt) []string {
	var out []string
	for _, p := range cf.Parameters {
		fp := p.GetFunctionParameter()
		if fp == nil {
			continue
		}
		switch fp.Mode {
		case pg_query.FunctionParameterMode_FUNC_PARAM_OUT, pg_query.FunctionParameterMode_FUNC_PARAM_TABLE:
			continue
		}
		out = append(out, fp.Name)
	}
	return out
}
