package summary

import (
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/sqlclass"
)

// A SELECT whose WHERE clause is built at run time
// ("… WHERE event_nid IN ($1)" + " AND event_type_nid IN " +
// placeholders(n) + " ORDER BY …") does not parse with the dynamic marker
// where the placeholder list goes. What it does is decided before the
// WHERE: a predicate cannot make a SELECT write (data-modifying
// statements only come in a WITH, before it). So a text that does not
// parse is read up to a WHERE before its first run-time part, when that
// head is a plain SELECT. Only SELECTs are cut: an UPDATE's or DELETE's
// WHERE can make it a compare-and-set claim, and an INSERT … SELECT …
// WHERE can end in ON CONFLICT.

// dynamicWhere returns the statements of text read up to its WHERE, when
// text failed to parse (stmts) because of a run-time part after it.
func dynamicWhere(text string, stmts []sqlclass.Stmt, classify func(string) []sqlclass.Stmt) ([]sqlclass.Stmt, bool) {
	if len(stmts) != 1 || stmts[0].Op != sqlclass.Unknown || strings.Contains(text, ";") {
		return nil, false
	}
	first := strings.Index(text, dynamic)
	if first < 0 {
		return nil, false
	}
	upper := asciiUpper(text)
	for end := first; ; {
		i := lastKeyword(upper[:end], "WHERE")
		if i < 0 {
			return nil, false
		}
		head := classify(text[:i])
		if plainSelects(head) {
			out := make([]sqlclass.Stmt, len(head))
			copy(out, head)
			waits, noWait := rowLockIn(upper[i:])
			for k := range out {
				out[k].Detail = strings.TrimSpace(out[k].Detail + " (WHERE clause built at run time)")
				out[k].RowLock = out[k].RowLock || waits
				out[k].RowLockNoWait = out[k].RowLockNoWait || noWait
			}
			return out, true
		}
		end = i
	}
}

func plainSelects(stmts []sqlclass.Stmt) bool {
	for _, st := range stmts {
		if st.Op != sqlclass.Select {
			return false
		}
	}
	return len(stmts) > 0
}

// rowLockIn reports an update lock in the tail, as sqlclass reads a
// parsed one (Stmt.RowLock, RowLockNoWait): for update or for no key
// update, waiting unless skip locked or nowait follows. The share forms
// lock no one out of reading the rows: no lock the guard analysis uses.
func rowLockIn(upperTail string) (waits, noWait bool) {
	if !strings.Contains(upperTail, "FOR UPDATE") && !strings.Contains(upperTail, "FOR NO KEY UPDATE") {
		return false, false
	}
	if strings.Contains(upperTail, "SKIP LOCKED") || strings.Contains(upperTail, "NOWAIT") {
		return false, true
	}
	return true, false
}

// lastKeyword is the index of the last whole-word kw in s (ASCII
// upper-case), or -1.
func lastKeyword(s, kw string) int {
	for end := len(s); ; {
		i := strings.LastIndex(s[:end], kw)
		if i < 0 {
			return -1
		}
		before := i == 0 || !isWordByte(s[i-1])
		after := i+len(kw) == len(s) || !isWordByte(s[i+len(kw)])
		if before && after {
			return i
		}
		end = i
	}
}

func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z'
}

// asciiUpper upper-cases ASCII letters only, so indexes into the result
// are indexes into s.
func asciiUpper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}
