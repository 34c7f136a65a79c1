package sqlclass

import (
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// ClassifyFragment classifies a SQL expression fragment assigned to column,
// such as the value of gorm.Expr("balance + ?") in
// Update("balance", gorm.Expr(...)), or bun's Set("n = n + 1") right-hand
// side. It parses "select <expr>" after turning driver placeholders into
// $n, and returns:
//
//   - UpdateIncrement when column (bare, or qualified by anything but
//     excluded.) is an operand of + - * / || or an argument of
//     array_append / array_prepend / array_cat / concat / concat_ws, at any
//     depth, outside sub-selects: the same rule as Classify's SET lists;
//   - otherwise the most risky effect of a function called in the
//     fragment (Call for a user function, Notify for pg_notify, UpdateSet
//     for setval), so a writing function is not hidden behind a "set";
//   - otherwise UpdateSet;
//   - Unknown when the fragment does not parse as one expression list.
//
// column may be "balance" or "accounts.balance"; only its last part is
// compared. Results are cached like Classify's.
func ClassifyFragment(expr, column string) Op {
	if i := strings.LastIndexByte(column, '.'); i >= 0 {
		column = column[i+1:]
	}
	column = foldQualifiedName(column)
	return cachedOp(column+"\x00"+expr, func() Op { return classifyFragment(expr, column) })
}

func classifyFragment(expr, column string) (op Op) {
	defer func() {
		if r := recover(); r != nil {
			op = Unknown
		}
	}()
	return classifyFragmentRaw(expr, column)
}

// classifyFragmentRaw is classifyFragment without the panic guard.
func classifyFragmentRaw(expr, column string) Op {
	if strings.TrimSpace(expr) == "" {
		return Unknown
	}
	res, err := parse("select " + NormalizePlaceholders(expr))
	if err != nil || len(res.Stmts) != 1 {
		return Unknown
	}
	sel := res.Stmts[0].Stmt.GetSelectStmt()
	if sel == nil || len(sel.TargetList) == 0 || len(sel.FromClause) > 0 || sel.WhereClause != nil {
		// "select balance + 1; drop ..." or "x from t": not one expression.
		return Unknown
	}
	ref := selfRef{} // nil quals: any qualifier but excluded
	for _, t := range sel.TargetList {
		if rt := t.GetResTarget(); rt != nil && accumulatesAtAll(ref, rt.Val, column) {
			return UpdateIncrement
		}
	}
	sc := &scanner{}
	sc.scan(sel, false)
	if len(sc.ctes) > 0 {
		return Unknown
	}
	if fns := sc.functions(); len(fns) > 0 {
		return Worst(fns).Op
	}
	return UpdateSet
}

// NormalizePlaceholders rewrites driver-neutral placeholders in a fragment
// to PostgreSQL's $n so it parses: ?, ?N, :name, @name and fmt verbs
// (%d, %s, %v, %q, %f, %x, %g, with optional width/precision). Quoted
// strings, quoted identifiers and comments are left alone. "::" casts,
// array slices "a[1:2]" and the modulo operator "n % 2" are not
// placeholders. Use it only on fragments: in full PostgreSQL text "?" is a
// jsonb operator.
func NormalizePlaceholders(s string) string {
	var b strings.Builder
	n := 0
	next := func() string { n++; return "$" + strconv.Itoa(n) }
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'' || c == '"':
			j := closeQuote(s, i, c)
			b.WriteString(s[i:j])
			i = j - 1
		case c == '-' && i+1 < len(s) && s[i+1] == '-':
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				j = len(s) - i
			}
			b.WriteString(s[i : i+j])
			i += j - 1
		case c == '?':
			j := i + 1
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			b.WriteString(next())
			i = j - 1
		case (c == ':' || c == '@') && i+1 < len(s) && isIdentStart(s[i+1]) && placeholderContext(s, i):
			j := i + 1
			for j < len(s) && isIdentChar(s[j]) {
				j++
			}
			b.WriteString(next())
			i = j - 1
		case c == '%':
			if j := fmtVerbEnd(s, i); j > 0 {
				b.WriteString(next())
				i = j - 1
				continue
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// closeQuote returns the index just past the quoted token starting at i
// (doubled quotes stay inside); len(s) if unterminated.
func closeQuote(s string, i int, q byte) int {
	for j := i + 1; j < len(s); j++ {
		if s[j] == q {
			if j+1 < len(s) && s[j+1] == q {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(s)
}

// placeholderContext reports whether the ':' or '@' at i starts a named
// parameter: it must not follow ':' (a "::" cast), '[' or an identifier /
// number / closing bracket (slices, operators between operands).
func placeholderContext(s string, i int) bool {
	if s[i] == ':' && i+1 < len(s) && s[i+1] == ':' {
		return false
	}
	k := i - 1
	for k >= 0 && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r') {
		k--
	}
	if k < 0 {
		return true
	}
	switch p := s[k]; {
	case p == ':' || p == '[' || p == ')' || p == ']' || isIdentChar(p):
		return false
	}
	return true
}

// fmtVerbEnd returns the index past a fmt verb starting at i (%d, %5.2f,
// %-3s, %v), or -1. The verb must be followed by a non-identifier
// character so "n % 2" and "a %b" style operators are not taken.
func fmtVerbEnd(s string, i int) int {
	j := i + 1
	for j < len(s) && (isDigit(s[j]) || s[j] == '.' || s[j] == '-' || s[j] == '+' || s[j] == '#') {
		j++
	}
	if j >= len(s) || !strings.ContainsRune("dsvqfgxXe", rune(s[j])) {
		return -1
	}
	if j+1 < len(s) && isIdentChar(s[j+1]) {
		return -1
	}
	return j + 1
}

func isDigit(c byte) bool      { return c >= '0' && c <= '9' }
func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isIdentChar(c byte) bool  { return isIdentStart(c) || isDigit(c) || c == '$' }

// accumulatesAtAll: a fragment's "||" of untold types counts (the
// fragment's column type is not known here).
func accumulatesAtAll(ref selfRef, val *pg_query.Node, column string) bool {
	why, _ := ref.accumulates(val, column)
	return why != ""
}
