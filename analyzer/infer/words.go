package infer

import (
	"strings"
	"unicode"
)

// words splits a name into its lower-case words: CreateIssue → create,
// issue; sendSMS → send, sms; HTTPClient → http, client; go-mail → go,
// mail; EventIDs → event, ids; v2 → v (digits end a word and are
// dropped).
func words(name string) []string {
	var out []string
	rs := []rune(name)
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i, r := range rs {
		switch {
		case !unicode.IsLetter(r):
			flush()
		case unicode.IsUpper(r):
			// A new word starts at an upper-case letter after a lower-case
			// one (sendSMS), or before a lower-case one that follows
			// upper-case ones (HTTPClient → HTTP, Client).
			if len(cur) > 0 {
				prevLower := unicode.IsLower(rs[i-1])
				nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
				// A plural acronym keeps its s: EventIDs → event, ids.
				plural := nextLower && rs[i+1] == 's' && (i+2 == len(rs) || !unicode.IsLower(rs[i+2]))
				if prevLower || (nextLower && !plural && unicode.IsUpper(rs[i-1])) {
					flush()
				}
			}
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return out
}
