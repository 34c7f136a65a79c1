package sqlclass

import "strings"

// ClassifyInterpolated is Classify for a library that writes its "?"
// parameters into the text as quoted literals before sending it (go-pg's
// appendQuery → Formatter.FormatQuery, sent by simpleQuery: v10.13.0
// messages.go:506-523, base.go:229-252). There a parameter may stand where
// PostgreSQL's grammar wants a literal, which a bind parameter cannot:
// NOTIFY "ch", ? (a payload is a string constant), SET x = ?. Such text
// parses neither as written nor with "?" read as $N; read with every "?"
// and "?N" as a string literal it does, and a literal is what the server
// receives. Text that parses either way is classified exactly as Classify
// does (bind parameters keep their numbers for SetParams and the like).
func ClassifyInterpolated(text string) []Stmt {
	out := Classify(text)
	if len(out) != 1 || out[0].Op != Unknown || !strings.HasPrefix(out[0].Detail, "parse error") || !strings.Contains(text, "?") {
		return out
	}
	return interp.Get(text, func() []Stmt {
		lit := literalPlaceholders(text)
		if lit == text {
			return out
		}
		if _, err := parse(lit); err != nil {
			return out
		}
		return classifyText(lit)
	})
}

// literalPlaceholders rewrites "?" and "?N" outside quotes as the empty
// string literal (two single quotes).
func literalPlaceholders(s string) string {
	var b strings.Builder
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
			b.WriteByte(c)
		case c == '\'' || c == '"':
			quote = c
			b.WriteByte(c)
		case c == '?':
			for i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9' {
				i++
			}
			b.WriteString("''")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
