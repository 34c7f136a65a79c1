package twicetests

import (
	"fmt"
	"go/ast"
	"strconv"
	"strings"
	"unicode"

	"github.com/jobeffects/jobeffects/inventory/schema"
)

// handlerRef is an inventory handler name taken apart:
// "example.com/shop/jobs.(*Deps).CreditNaive", "….AvatarWorker.func1".
type handlerRef struct {
	pkg     string
	recv    string // receiver type, "" for a function
	ptr     bool
	name    string // method or function; for a literal, the enclosing one
	closure bool   // a function literal inside name
}

func parseHandler(s string) handlerRef {
	var r handlerRef
	slash := strings.LastIndexByte(s, '/')
	dot := strings.IndexByte(s[slash+1:], '.')
	if dot < 0 {
		return r
	}
	r.pkg, s = s[:slash+1+dot], s[slash+1+dot+1:]
	if strings.HasPrefix(s, "(*") {
		end := strings.IndexByte(s, ')')
		if end < 0 {
			return r
		}
		r.recv, r.ptr, s = s[2:end], true, strings.TrimPrefix(s[end+1:], ".")
		parts := strings.Split(s, ".")
		r.name = parts[0]
		r.closure = len(parts) > 1
		return r
	}
	parts := strings.Split(s, ".")
	switch {
	case len(parts) == 1:
		r.name = parts[0]
	case isLiteral(parts[1]):
		r.name, r.closure = parts[0], true
	default:
		r.recv, r.name = parts[0], parts[1]
		r.closure = len(parts) > 2
	}
	return r
}

// isLiteral reports whether a name part is a function literal's ("func1").
func isLiteral(p string) bool {
	if !strings.HasPrefix(p, "func") {
		return false
	}
	_, err := strconv.Atoi(p[4:])
	return err == nil
}

func (r handlerRef) display() string {
	s := r.name
	if r.recv != "" {
		if r.ptr {
			s = "(*" + r.recv + ")." + r.name
		} else {
			s = r.recv + "." + r.name
		}
	}
	if r.closure {
		return "(a function literal in " + s + ")"
	}
	return s
}

// todo says how to get a handler the skeleton cannot name.
func (r handlerRef) todo() string {
	if r.closure {
		inner := r
		inner.closure = false
		return "the handler " + inner.display() + " builds"
	}
	return "the handler " + r.display()
}

// decl returns the handler's declaration (the enclosing one for a
// literal), or nil.
func (g *gen) decl(r handlerRef) *ast.FuncDecl {
	if r.closure {
		return nil
	}
	return g.src.funcDecl(r.recv, r.name)
}

// riverArgs returns the River args type of the worker r names, with the
// imports it needs.
func (g *gen) riverArgs(r handlerRef) (string, map[string]string, bool) {
	if r.closure || r.recv == "" {
		// A worker built by a function: river.Worker[T] is its result
		// (AvatarWorker returns river.WorkFunc(...)).
		return riverWorkerResult(g.src, g.src.funcDecl(r.recv, r.name))
	}
	return riverArgs(g.src, g.src.funcDecl(r.recv, r.name))
}

// testName is TestTwice and the task in camel case, unique in the file.
func (g *gen) testName(h schema.Handler, r handlerRef) string {
	base := h.Task
	if base == "" {
		base = r.recv + " " + r.name
	}
	var b strings.Builder
	b.WriteString("TestTwice")
	up := true
	for _, c := range base {
		if !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			up = true
			continue
		}
		if up {
			c = unicode.ToUpper(c)
			up = false
		}
		b.WriteRune(c)
	}
	name := b.String()
	for i := 2; g.names[name]; i++ {
		name = fmt.Sprintf("%s%d", b.String(), i)
	}
	g.names[name] = true
	return name
}

// findings summarises the handler's unsuppressed findings, or its guard.
func (g *gen) findings(h schema.Handler) string {
	var rules []string
	for _, f := range h.Findings {
		if f.Suppressed == "" {
			rules = append(rules, f.Rule+" at "+f.Position)
		}
	}
	switch {
	case len(rules) > 0:
		return "; " + strings.Join(rules, ", ")
	case h.Guard != nil:
		return fmt.Sprintf("; guarded (%s at %s)", h.Guard.Kind, h.Guard.Position)
	}
	return "; no finding"
}

func quoteAll(s []string) string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = strconv.Quote(x)
	}
	return strings.Join(q, ", ")
}

func orDash(s string) string {
	if s == "" {
		return "(no task name)"
	}
	return s
}
