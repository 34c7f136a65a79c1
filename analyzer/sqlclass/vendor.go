package sqlclass

import (
	"regexp"
	"strconv"
	"strings"
)

// MySQL and SQLite statements the PostgreSQL grammar cannot read but whose
// effect is plain from their first keywords. They are matched only after
// PostgreSQL has refused the text.
var vendorForms = []struct {
	re *regexp.Regexp
	op Op
	is string
}{
	// INSERT IGNORE (MySQL) and INSERT OR IGNORE (SQLite) skip a row that
	// conflicts: the claim form.
	{regexp.MustCompile(`(?is)^\s*insert\s+(?:low_priority\s+|delayed\s+|high_priority\s+)?(?:ignore|or\s+ignore)\s+(?:into\s+)?([\w."` + "`" + `]+)`), Claim, "INSERT IGNORE"},
	// REPLACE INTO / INSERT OR REPLACE: delete-then-insert by key, a set.
	{regexp.MustCompile(`(?is)^\s*(?:replace|insert\s+or\s+replace)\s+(?:low_priority\s+|delayed\s+)?(?:into\s+)?([\w."` + "`" + `]+)`), UpsertSet, "REPLACE"},
}

// MySQL's upsert: INSERT … ON DUPLICATE KEY UPDATE col = expr, …
var onDuplicateKey = regexp.MustCompile(`(?is)^\s*insert\s+(?:ignore\s+)?(?:into\s+)?([\w."` + "`" + `]+).*?\bon\s+duplicate\s+key\s+update\s+(.*)$`)

// mysqlValues is VALUES(col), MySQL's "the value this row would have inserted".
var mysqlValues = regexp.MustCompile(`(?i)\bvalues\s*\(\s*([\w` + "`" + `]+)\s*\)`)

func vendorForm(text string) (Stmt, bool) {
	text = stripLeadingComments(text)
	if m := onDuplicateKey.FindStringSubmatch(text); m != nil {
		st := Stmt{Op: UpsertSet, Table: strings.ToLower(strings.Trim(m[1], "`\"")), Detail: "ON DUPLICATE KEY UPDATE (MySQL)"}
		for _, a := range splitTopLevel(m[2]) {
			col, expr, ok := strings.Cut(a, "=")
			if !ok {
				continue
			}
			col = strings.Trim(strings.TrimSpace(col), "`")
			expr = mysqlValues.ReplaceAllString(expr, "excluded.$1")
			if ClassifyFragment(strings.ReplaceAll(expr, "`", ""), col) == UpdateIncrement {
				st.Op, st.Detail = UpsertIncrement, "ON DUPLICATE KEY UPDATE "+col+" accumulates (MySQL)"
			}
		}
		if st.Op == UpsertSet {
			st.SetParams = mysqlSetParams(text, m[2])
		}
		return st, true
	}
	for _, f := range vendorForms {
		if m := f.re.FindStringSubmatch(text); m != nil {
			return Stmt{Op: f.op, Table: strings.ToLower(strings.Trim(m[1], "`\"")), Detail: f.is + " (MySQL/SQLite)"}, true
		}
	}
	return Stmt{}, false
}

func stripLeadingComments(s string) string {
	for {
		s = strings.TrimSpace(s)
		switch {
		case strings.HasPrefix(s, "--"):
			if i := strings.IndexByte(s, '\n'); i >= 0 {
				s = s[i+1:]
				continue
			}
			return ""
		case strings.HasPrefix(s, "/*"):
			if i := strings.Index(s, "*/"); i >= 0 {
				s = s[i+2:]
				continue
			}
			return ""
		}
		return s
	}
}

// normalizeVendor rewrites MySQL/SQLite placeholders (?, ?N) to $N and
// backtick identifiers to double quotes, outside string literals, so that
// the PostgreSQL parser can read the statement's structure.
func normalizeVendor(s string) string {
	var b strings.Builder
	n := 0
	inStr := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inStr != 0 {
			b.WriteByte(c)
			if c == inStr {
				inStr = 0
			}
			continue
		}
		switch c {
		case '\'':
			inStr = c
			b.WriteByte(c)
		case '`':
			b.WriteByte('"')
		case ':':
			// sqlx named parameters (:name); not PostgreSQL casts (::).
			j := i + 1
			for j < len(s) && (s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			if j > i+1 && (i == 0 || s[i-1] != ':') && (j >= len(s) || s[j] != ':') {
				n++
				b.WriteString("$" + strconv.Itoa(n))
				i = j - 1
			} else {
				b.WriteByte(c)
			}
		case '?':
			j := i + 1
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j > i+1 {
				b.WriteString("$" + s[i+1:j])
				i = j - 1
			} else {
				n++
				if afterIN(b.String()) {
					// GORM and sqlx.In expand "IN ?" with a slice to a
					// parenthesised list: one parameter stands for it.
					b.WriteString("($" + strconv.Itoa(n) + ")")
				} else {
					b.WriteString("$" + strconv.Itoa(n))
				}
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// splitTopLevel splits an assignment list at commas outside parentheses
// and quotes.
func splitTopLevel(s string) []string {
	var out []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"' || c == '`':
			quote = c
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// mysqlSetParams reads ON DUPLICATE KEY UPDATE as PostgreSQL's ON CONFLICT
// DO UPDATE (VALUES(c) as excluded.c, "?" as $n) to find the parameters
// it assigns as they are; "" when the rewrite does not parse.
func mysqlSetParams(text, updates string) string {
	i := strings.LastIndex(text, updates)
	if i < 0 {
		return ""
	}
	head := onDuplicateClause.ReplaceAllString(text[:i], " on conflict do update set ")
	pg := normalizeVendor(head + mysqlValues.ReplaceAllString(updates, "excluded.$1"))
	res, err := parse(pg)
	if err != nil || len(res.Stmts) != 1 {
		return ""
	}
	ins := res.Stmts[0].Stmt.GetInsertStmt()
	if ins == nil || ins.OnConflictClause == nil {
		return ""
	}
	return assignedParams(ins.OnConflictClause.TargetList, ins)
}

var onDuplicateClause = regexp.MustCompile(`(?is)\bon\s+duplicate\s+key\s+update\s*$`)

// afterIN reports whether the text written so far ends with the keyword IN
// (NOT IN too), so that a placeholder following it is the list.
func afterIN(out string) bool {
	t := strings.TrimRight(out, " \t\r\n")
	if len(t) < 2 || !strings.EqualFold(t[len(t)-2:], "in") {
		return false
	}
	if len(t) == 2 {
		return true
	}
	c := t[len(t)-3]
	return !(c == '_' || c == '"' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9')
}
