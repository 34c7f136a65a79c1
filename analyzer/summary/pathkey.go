package summary

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// A PUT names the resource it writes: HTTP defines it as idempotent, the
// server storing the request's content at the URL (RFC 9110 §9.3.4), so a
// second PUT to the same URL replaces what the first stored. When the
// URL's last path segment is a value the handler computes (PUT
// /transactions/{txnId}, the Matrix application-service push; PUT
// /objects/{key}), that value is the call's idempotency key, as an
// Idempotency-Key header is: traced like one (keyFrom, resolveKey), it
// guards the PUT when it is the same on every delivery, and is random-key
// when it derives from a uuid, the clock or the attempt (each delivery
// writes a new resource). Not a key: a PUT whose path ends in a constant
// segment (a collection, a sub-resource or an action: /orders/{id}/cancel),
// a URL that is a value as a whole (nothing says where its resource is
// named), and any other method (a POST to /orders/{id} creates what the
// server decides). The query string is not part of the name read here.

// pathKeyNote is the guard note of a key that is a PUT's path segment.
const pathKeyNote = "the last segment of the PUT's URL path names the resource it writes: a second PUT to the same URL replaces it"

// pathKey is the idempotency key a PUT request carries in its URL (the
// value of the URL's last path segment), or nil.
func (w *walker) pathKey(e *effect.Effect, url ssa.Value, at ssa.Instruction) *effect.Key {
	if e.Op != "put" || url == nil {
		return nil
	}
	seg := lastSegment(url, 0)
	if seg == nil {
		return nil
	}
	if at == nil {
		if instr, ok := seg.(ssa.Instruction); ok {
			at = instr
		} else {
			return nil
		}
	}
	k := w.keyFrom(seg, at)
	k.Note = pathKeyNote
	return k
}

// urlPart is one operand of a URL built by concatenation or fmt.Sprintf:
// constant text, or a value.
type urlPart struct {
	text  string
	value ssa.Value // nil for text
}

// lastSegment is the value that is the whole last path segment of the URL
// v (before any query), or nil: the URL is text and values joined by +
// or fmt.Sprintf, its last part a value after a "/", seen through a phi
// whose edges all end in the same value (a query added on one branch).
func lastSegment(v ssa.Value, depth int) ssa.Value {
	if v == nil || depth > 6 {
		return nil
	}
	v = ssavalue.Unconvert(v)
	if phi, ok := v.(*ssa.Phi); ok {
		var out ssa.Value
		for _, e := range phi.Edges {
			s := lastSegment(e, depth+1)
			if s == nil || (out != nil && s != out) {
				return nil
			}
			out = s
		}
		return out
	}
	parts := urlParts(v, depth)
	if parts == nil {
		return nil
	}
	// The query and fragment are not the resource's name.
	for i, p := range parts {
		if p.value != nil {
			continue
		}
		if j := strings.IndexAny(p.text, "?#"); j >= 0 {
			parts = parts[:i]
			if p.text[:j] != "" {
				parts = append(parts, urlPart{text: p.text[:j]})
			}
			break
		}
	}
	// Drop empty text.
	kept := parts[:0]
	for _, p := range parts {
		if p.value != nil || p.text != "" {
			kept = append(kept, p)
		}
	}
	parts = kept
	if len(parts) == 0 {
		return nil
	}
	last := parts[len(parts)-1]
	if last.value == nil {
		return nil // the path ends in constant text
	}
	if len(parts) == 1 {
		if last.value == v {
			return nil
		}
		return lastSegment(last.value, depth+1) // a URL built before (address := fmt.Sprintf(…))
	}
	prev := parts[len(parts)-2]
	if prev.value != nil || !strings.HasSuffix(prev.text, "/") {
		return nil
	}
	if _, isConst := last.value.(*ssa.Const); isConst {
		return nil
	}
	return last.value
}

// urlParts splits a string built by concatenation or fmt.Sprintf into its
// parts; a value that is neither is one part.
func urlParts(v ssa.Value, depth int) []urlPart {
	v = ssavalue.Unconvert(v)
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value == nil || x.Value.Kind() != constant.String {
			return nil
		}
		return []urlPart{{text: constant.StringVal(x.Value)}}
	case *ssa.BinOp:
		if x.Op != token.ADD || depth > 12 {
			return []urlPart{{value: v}}
		}
		l := urlParts(x.X, depth+1)
		r := urlParts(x.Y, depth+1)
		if l == nil || r == nil {
			return nil
		}
		return append(l, r...)
	case *ssa.Call:
		if parts := sprintfParts(x); parts != nil {
			return parts
		}
	}
	return []urlPart{{value: v}}
}

// sprintfParts splits fmt.Sprintf(format, args...) with a constant format
// into its text and arguments; nil when it is not one.
func sprintfParts(call *ssa.Call) []urlPart {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Object() == nil || callee.Object().(*types.Func).FullName() != "fmt.Sprintf" || len(call.Call.Args) != 2 {
		return nil
	}
	c, ok := ssavalue.Unconvert(call.Call.Args[0]).(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return nil
	}
	args := ssavalue.SliceElems(call.Call.Args[1])
	format := constant.StringVal(c.Value)
	var parts []urlPart
	var text strings.Builder
	n := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			text.WriteByte(format[i])
			continue
		}
		i++
		if i < len(format) && format[i] == '%' {
			text.WriteByte('%')
			continue
		}
		// Flags, width and precision, then the verb.
		for i < len(format) && strings.IndexByte("+-# 0123456789.*[]", format[i]) >= 0 {
			i++
		}
		if i >= len(format) || n >= len(args) {
			return nil
		}
		if text.Len() > 0 {
			parts = append(parts, urlPart{text: text.String()})
			text.Reset()
		}
		a := args[n]
		if mi, ok := a.(*ssa.MakeInterface); ok {
			a = mi.X
		}
		parts = append(parts, urlPart{value: a})
		n++
	}
	if text.Len() > 0 {
		parts = append(parts, urlPart{text: text.String()})
	}
	return parts
}

// builtAt is the call that built a request, as an instruction (nil when
// not known).
func builtAt(o origin) ssa.Instruction {
	if o.built == nil {
		return nil
	}
	return o.built
}
