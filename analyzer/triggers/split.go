package triggers

import (
	"errors"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/pganalyze/pg_query_go/v6/parser"
)

// Span is a statement's place in a text: bytes [Start, End), without the
// semicolon that ends it.
type Span struct{ Start, End int }

// maxJoin bounds how many semicolon-separated pieces one statement may
// span (a BEGIN ATOMIC body, a CREATE RULE's parenthesised actions).
const maxJoin = 256

// Split splits SQL text into statements, so that a statement that does
// not parse costs only itself. It cuts at every semicolon the PostgreSQL
// scanner sees outside strings, comments and dollar-quoted bodies,
// whatever the parentheses around it: an unclosed parenthesis or a
// misspelt keyword then ends with its statement instead of swallowing the
// file (libpg_query's scanner split keeps counting parentheses, its
// parser split stops at the first error). The few statements that hold
// semicolons of their own — a function body in BEGIN ATOMIC … END, a
// rule's parenthesised actions — are pieces joined back when together
// they parse.
//
// A text the scanner cannot read to its end (an unterminated string or
// dollar quote) is split up to where the scanner stopped; what follows is
// part of the statement it stopped in, which does not parse.
func Split(text string) []Span {
	toks, stop := scan(text)
	pieces, open := cut(toks)
	if stop < len(text) {
		// The rest belongs to the statement the scanner stopped in.
		rest := trimSpan(text, Span{stop, len(text)})
		switch {
		case open:
			pieces[len(pieces)-1].span.End = rest.End
		case rest.End > rest.Start:
			pieces = append(pieces, piece{span: rest})
		}
	}
	return join(text, pieces)
}

// token is the part of a scanner token Split reads.
type token struct {
	start, end int
	kind       pg_query.Token
}

// scan returns the tokens of text and where the scanner stopped: len(text),
// or the offset of the token it could not read.
func scan(text string) ([]token, int) {
	res, err := scanSafely(text)
	if err == nil {
		return tokens(res), len(text)
	}
	stop := 0
	var pe *parser.Error
	if errors.As(err, &pe) && pe.Cursorpos > 0 && pe.Cursorpos-1 < len(text) {
		stop = pe.Cursorpos - 1
	}
	if stop == 0 {
		return nil, 0
	}
	// The text before the bad token scans (it did once already).
	res, err = scanSafely(text[:stop])
	if err != nil {
		return nil, 0
	}
	return tokens(res), stop
}

func scanSafely(text string) (res *pg_query.ScanResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errorString("scanner panic")
		}
	}()
	return pg_query.Scan(text)
}

func tokens(res *pg_query.ScanResult) []token {
	out := make([]token, 0, len(res.Tokens))
	for _, t := range res.Tokens {
		if t.Token == pg_query.Token_SQL_COMMENT || t.Token == pg_query.Token_C_COMMENT {
			continue
		}
		out = append(out, token{int(t.Start), int(t.End), t.Token})
	}
	return out
}

// piece is the text between two semicolons, with what joining reads.
type piece struct {
	span      Span
	depth     int  // parentheses opened minus closed
	atomic    bool // holds BEGIN ATOMIC
	startsEnd bool // its first token is END
}

// cut cuts the tokens at the semicolons; open says the last piece has no
// semicolon after it.
func cut(toks []token) (out []piece, open bool) {
	cur, first := piece{}, -1
	flush := func(last int) {
		if first >= 0 {
			cur.span = Span{toks[first].start, toks[last].end}
			out = append(out, cur)
		}
		cur, first = piece{}, -1
	}
	for i, t := range toks {
		if t.kind == pg_query.Token_ASCII_59 { // ;
			flush(i - 1)
			continue
		}
		if first < 0 {
			first = i
			cur.startsEnd = t.kind == pg_query.Token_END_P
		}
		switch t.kind {
		case pg_query.Token_ASCII_40: // (
			cur.depth++
		case pg_query.Token_ASCII_41: // )
			cur.depth--
		case pg_query.Token_ATOMIC:
			if i > 0 && toks[i-1].kind == pg_query.Token_BEGIN_P {
				cur.atomic = true
			}
		}
	}
	open = first >= 0
	flush(len(toks) - 1)
	return out, open
}

// join returns the statements: each piece, or a piece that does not parse
// alone joined with those after it up to the one that closes it (its
// parentheses balanced; for BEGIN ATOMIC, an END) when together they parse.
func join(text string, pieces []piece) []Span {
	out := make([]Span, 0, len(pieces))
	for i := 0; i < len(pieces); i++ {
		p := pieces[i]
		if (p.depth > 0 || p.atomic) && !parses(text, p.span) {
			if j := closing(text, pieces, i); j > i {
				out = append(out, Span{p.span.Start, pieces[j].span.End})
				i = j
				continue
			}
		}
		out = append(out, p.span)
	}
	return out
}

// closing is the last piece of the statement piece i opens, or -1.
func closing(text string, pieces []piece, i int) int {
	depth, atomic := pieces[i].depth, pieces[i].atomic
	for j := i + 1; j < len(pieces) && j <= i+maxJoin; j++ {
		depth += pieces[j].depth
		atomic = atomic || pieces[j].atomic
		if depth < 0 {
			return -1
		}
		if depth > 0 || (atomic && !pieces[j].startsEnd) {
			continue
		}
		if parses(text, Span{pieces[i].span.Start, pieces[j].span.End}) {
			return j
		}
		if !atomic {
			return -1
		}
	}
	return -1
}

func parses(text string, s Span) bool {
	_, err := parse(text[s.Start:s.End])
	return err == nil
}

func trimSpan(text string, s Span) Span {
	for s.Start < s.End && isSpace(text[s.Start]) {
		s.Start++
	}
	for s.End > s.Start && isSpace(text[s.End-1]) {
		s.End--
	}
	return s
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
