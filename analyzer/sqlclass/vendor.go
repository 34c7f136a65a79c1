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

func vendorForm(text string) (Stmt, bool) {
	text = stripLeadingComments(text)
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
				b.WriteString("$" + strconv.Itoa(n))
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
