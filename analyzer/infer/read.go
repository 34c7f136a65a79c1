package infer

import (
	"go/types"
	"path"
	"slices"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// Call is what a reviewer reads at a call the analysis cannot follow.
type Call struct {
	// Name is the function's, method's or func-typed field's name.
	Name string
	// Recv is the name of the receiver's type as the call site sees it
	// (the interface or the struct), "" for a function.
	Recv string
	// Field is the struct field the receiver or the function value is
	// loaded from ("Mailer" in d.Mailer.Send), if any.
	Field string
	// Pkg is the path of the package declaring the function or the type.
	Pkg string
	// Sig is the called signature, without the receiver.
	Sig *types.Signature
	// Display is how the call is named in the reading's reason
	// ("(*github.IssuesService).Create").
	Display string
	// Network: the call is known to do network I/O (a library's code
	// reaches the network): what it writes is a remote API's, whatever
	// its names say.
	Network bool
}

// Read returns how a reviewer reads the call, or nil when its names say
// nothing the table knows.
func Read(c Call) *effect.Reading {
	t, err := names()
	if err != nil || c.Sig == nil {
		return nil
	}
	if op := openAPIOperation(c); op != "" {
		return t.readOperation(c, op)
	}
	name := t.unqualified(words(c.Name))
	if len(name) == 0 {
		return nil
	}
	r, kind, op, risk := t.find(name, t.shapeOf(c.Sig), func(rest []string) []string { return context(rest, c) })
	if r == nil {
		return nil
	}
	why := "inferred from the name " + orName(c.Display, c.Name) + ": " + r.Why
	return &effect.Reading{Kind: kind, Op: op, Risk: risk, Why: why}
}

// find is the first rule that reads a name (as words) with a signature
// of shape sh, and the kind, operation and risk it gives there; ctx makes
// the context words from the name's words after the verb. nil when no
// rule reads it, or a write is vetoed (writes_unless).
func (t *table) find(name []string, sh shape, ctx func(rest []string) []string) (*rule, string, string, effect.Risk) {
	for i := range t.Rules {
		r := &t.Rules[i]
		n := r.match(name)
		if n < 0 || (r.Shape == "accessor" && t.writers[name[0]]) {
			continue
		}
		if !sh.has(r.Shape) || (r.IO && !sh.io) || (r.Pure && sh.io) || (r.Unnamed && sh.names) || (r.Self && !sh.self) {
			continue
		}
		if len(r.Rest) > 0 && !t.within(name[n:], r.Rest) {
			continue
		}
		if len(r.phrases) > 0 && !hasPhrase(name[n:], r.phrases) {
			continue
		}
		words := ctx(name[n:])
		if len(r.When) > 0 && !t.touches(words, r.When) || t.touches(words, r.Unless) {
			continue
		}
		if r.risk != effect.Safe && t.touches(words, t.WritesUnless) {
			return nil, "", "", effect.Unknown
		}
		if r.risk == effect.Safe && t.alsoWrites(name[n:]) {
			// RenderAndSendEmail, FetchThenCreate: the name says it does
			// more than its first verb; no safe reading.
			continue
		}
		kind, op, risk := t.resolve(r, words)
		return r, kind, op, risk
	}
	return nil, "", "", effect.Unknown
}

// alsoWrites reports whether a name's words after its verb join another
// verb that writes ("and send", "then store").
func (t *table) alsoWrites(rest []string) bool {
	for i := 0; i+1 < len(rest); i++ {
		if (rest[i] == "and" || rest[i] == "then") && t.writers[rest[i+1]] {
			return true
		}
	}
	return false
}

// unqualified is a name's words without the qualifiers in front of its
// verb (BulkInsertEvents → insert, events); a name that is only
// qualifiers stays as it is.
func (t *table) unqualified(name []string) []string {
	for i, w := range name {
		if !t.qualify[w] {
			return name[i:]
		}
	}
	return name
}

// match returns how many leading words of name a verb of r matches (0 for
// a rule without verbs), or -1.
func (r *rule) match(name []string) int {
	if len(r.verbs) == 0 {
		return 0
	}
	for _, v := range r.verbs {
		if len(v) <= len(name) && slices.Equal(v, name[:len(v)]) {
			return len(v)
		}
	}
	return -1
}

// resolve is the kind, operation and risk of a rule's effect in a
// context.
func (t *table) resolve(r *rule, ctx []string) (kind, op string, risk effect.Risk) {
	kind, op, risk = r.Effect.Kind, r.Effect.Op, r.risk
	if kind != "write" && kind != "read" {
		return kind, op, risk
	}
	for _, s := range t.Stores {
		if len(s.When) > 0 && !t.touches(ctx, s.When) {
			continue
		}
		if kind == "write" {
			kind = s.Write
		} else {
			kind = s.Read
		}
		if o := s.Ops[op]; o != "" {
			op = o
		}
		if s.risk > risk && risk.NonIdempotent() {
			risk = s.risk
		}
		return kind, op, risk
	}
	return effect.KindUnknown, op, risk // not reached: the last store has no when
}

// context are the words around the verb: the rest of the name, the
// receiver's type, the field, the package's last element.
func context(rest []string, c Call) []string {
	out := append([]string(nil), rest...)
	out = append(out, words(c.Recv)...)
	out = append(out, words(c.Field)...)
	if c.Pkg != "" {
		out = append(out, words(pkgName(c.Pkg))...)
	}
	if c.Network {
		out = append(out, "remote")
	}
	return out
}

// pkgName is the element of an import path that names the package: the
// last one that is not a major version or a language marker
// (github.com/svix/svix-webhooks/go → svix-webhooks, …/go-github/v81/github
// → github).
func pkgName(p string) string {
	elems := strings.Split(p, "/")
	for i := len(elems) - 1; i > 0; i-- {
		e := elems[i]
		if e == "go" || e == "golang" || majorVersion(e) {
			continue
		}
		return e
	}
	return path.Base(p)
}

func majorVersion(e string) bool {
	if len(e) < 2 || e[0] != 'v' {
		return false
	}
	for _, r := range e[1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func orName(display, name string) string {
	if display != "" {
		return display
	}
	return name
}

// shape is what a reviewer sees in a signature.
type shape struct {
	payload  bool // a parameter other than a context.Context
	data     bool // a result other than an error, or a parameter to read into
	accessor bool // no parameters, one result, not an error
	io       bool // a context.Context parameter or an error result
	names    bool // a parameter of a basic type other than bool (a string or a number naming whom or what)
	self     bool // a method whose first result is its receiver's type or an interface the receiver implements
}

func (s shape) has(name string) bool {
	switch name {
	case "payload":
		return s.payload
	case "data":
		return s.data
	case "accessor":
		return s.accessor
	case "any":
		return true
	}
	return false
}

func (tb *table) shapeOf(sig *types.Signature) shape {
	var s shape
	params, results := sig.Params(), sig.Results()
	for i := 0; i < params.Len(); i++ {
		t := params.At(i).Type()
		if isContext(t) {
			s.io = true
			continue
		}
		s.payload = true
		switch u := t.Underlying().(type) {
		case *types.Basic:
			if u.Info()&types.IsBoolean == 0 && !tb.waits(params.At(i)) {
				s.names = true
			}
		case *types.Pointer:
			s.data = true
		case *types.Interface:
			if u.Empty() {
				s.data = true
			}
		case *types.Slice:
			// Scan(dest ...any): values to read into.
			if i == params.Len()-1 && sig.Variadic() {
				if e, ok := u.Elem().Underlying().(*types.Interface); ok && e.Empty() {
					s.data = true
				}
			}
		}
	}
	for i := 0; i < results.Len(); i++ {
		if isError(results.At(i).Type()) {
			s.io = true
		} else {
			s.data = true
		}
	}
	s.accessor = params.Len() == 0 && results.Len() == 1 && !isError(results.At(0).Type())
	s.self = returnsSelf(sig)
	return s
}

// waits reports whether a number parameter is a time to wait, not whom or
// what the call acts on: a time.Duration, or a number named by
// WaitParams (paho's Disconnect(quiesce uint), Shutdown(timeoutMs int)).
func (t *table) waits(p *types.Var) bool {
	if n, ok := types.Unalias(p.Type()).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration" {
		return true
	}
	if b, ok := p.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsNumeric == 0 {
		return false
	}
	for _, w := range words(p.Name()) {
		if t.wait[w] {
			return true
		}
	}
	return false
}

// returnsSelf reports whether a method's first result is its receiver's
// type (T or *T) or an interface the receiver implements.
func returnsSelf(sig *types.Signature) bool {
	recv := sig.Recv()
	if recv == nil || sig.Results().Len() == 0 {
		return false
	}
	rt, res := recv.Type(), sig.Results().At(0).Type()
	base := func(t types.Type) types.Type {
		if p, ok := t.(*types.Pointer); ok {
			return p.Elem()
		}
		return t
	}
	if types.Identical(base(rt), base(res)) {
		return true
	}
	if it, ok := res.Underlying().(*types.Interface); ok && !it.Empty() {
		return types.Implements(rt, it) || types.Implements(types.NewPointer(base(rt)), it)
	}
	return false
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

func isError(t types.Type) bool { return types.Identical(t, types.Universe.Lookup("error").Type()) }

// openAPIOperation is the operation an OpenAPI-generated request sends:
// openapi-generator's Go clients name the request of operation X
// Api<X>Request and send it with its Execute() (plaid-go v20
// plaid/api_plaid.go:15438,15449: ApiItemRemoveRequest.Execute sends
// /item/remove). "" for any other call.
func openAPIOperation(c Call) string {
	if c.Name != "Execute" || c.Sig == nil || c.Sig.Params().Len() != 0 {
		return ""
	}
	recv := strings.TrimPrefix(c.Recv, "*")
	if i := strings.LastIndexByte(recv, '.'); i >= 0 {
		recv = recv[i+1:]
	}
	if !strings.HasPrefix(recv, "Api") || !strings.HasSuffix(recv, "Request") || len(recv) <= len("ApiRequest") {
		return ""
	}
	return strings.TrimSuffix(strings.TrimPrefix(recv, "Api"), "Request")
}

// readOperation reads an OpenAPI request by its operation's name: the
// request built on the receiver is the payload, and the call does I/O.
// Operation IDs are written verb first (createUser) or noun first
// (plaid's itemRemove, linkTokenCreate): when the name as written reads
// as nothing, its last word is read as the verb (remove item).
func (t *table) readOperation(c Call, op string) *effect.Reading {
	sh := t.shapeOf(c.Sig)
	sh.payload, sh.io = true, true
	name := t.unqualified(words(op))
	if len(name) == 0 {
		return nil
	}
	ctx := func(rest []string) []string { return context(rest, c) }
	r, kind, eop, risk := t.find(name, sh, ctx)
	if r == nil && len(name) > 1 {
		verbFirst := append([]string{name[len(name)-1]}, name[:len(name)-1]...)
		r, kind, eop, risk = t.find(verbFirst, sh, ctx)
	}
	if r == nil {
		return nil
	}
	why := "inferred from the name " + orName(c.Display, c.Name) + " (an OpenAPI request of the operation " + op + "): " + r.Why
	return &effect.Reading{Kind: kind, Op: eop, Risk: risk, Why: why}
}

// hasPhrase reports whether words hold one of the phrases, word for word.
func hasPhrase(words []string, phrases [][]string) bool {
	for _, ph := range phrases {
		for i := 0; i+len(ph) <= len(words); i++ {
			if slices.Equal(words[i:i+len(ph)], ph) {
				return true
			}
		}
	}
	return false
}
