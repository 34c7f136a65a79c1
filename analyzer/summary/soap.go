package summary

import (
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// SOAP over HTTP: every call is a POST to one URL, and what it does is the
// operation the envelope's Body holds, the name of the Body's one element
// (<soap:Envelope><soap:Body><consultarDocumento>…). A client marshals
// the envelope with encoding/xml from its own structs: the element's name
// is the content field's xml tag, else its type's XMLName tag, else its
// type's name (encoding/xml's rules). A generic helper marshals
// Envelope[Req] for its type parameter Req: the call's type argument names
// the operation (Effect.RPCTypeArg), as a JSON-RPC helper's caller names
// the method. infer reads the POST by the operation as it reads a
// JSON-RPC method.

// soapOperation records the SOAP operation of a request body: the
// element's name, or the type parameter it comes from. Nothing when the
// body is no SOAP envelope marshalled here.
func (w *walker) soapOperation(e *effect.Effect, body ssa.Value) {
	v := xmlMarshalled(body, 0)
	if v == nil {
		return
	}
	content, tag, ok := envelopeContent(ssavalue.Unconvert(v).Type())
	if !ok {
		return
	}
	e.SOAP = true
	if tag != "" {
		setSOAPOperation(e, tag)
		return
	}
	op, tp := elementName(content)
	switch {
	case op != "":
		setSOAPOperation(e, op)
	case tp != nil && w.ownTypeParam(tp):
		e.RPCTypeArg = tp.Index() + 1
	}
}

// resolveSOAP decides, at a call of a generic function, the SOAP
// operation a callee's effect waits for: the element of the type argument
// the call passes for its type parameter.
func resolveSOAP(w *walker, e *effect.Effect, ci ssa.CallInstruction) {
	k := e.RPCTypeArg - 1
	e.RPCTypeArg = 0
	callee := ci.Common().StaticCallee()
	if callee == nil || k >= len(callee.TypeArgs()) {
		return
	}
	op, tp := elementName(callee.TypeArgs()[k])
	switch {
	case op != "":
		setSOAPOperation(e, op)
	case tp != nil && w.ownTypeParam(tp):
		e.RPCTypeArg = tp.Index() + 1 // passed on by a generic caller
	}
}

// ownTypeParam reports whether tp is one of the walked function's type
// parameters.
func (w *walker) ownTypeParam(tp *types.TypeParam) bool {
	fn := w.fn
	if o := fn.Origin(); o != nil {
		fn = o
	}
	tps := fn.TypeParams()
	return tp.Index() < tps.Len() && tps.At(tp.Index()) == tp
}

// setSOAPOperation records a constant operation; a call whose host is
// not known here is named by it (soap consultarDocumento).
func setSOAPOperation(e *effect.Effect, op string) {
	e.SOAP, e.RPCMethod = true, op
	if e.Target == "" || e.Target == "http" {
		e.Target = "soap " + op
	}
	e.Detail = effect.JoinDetail(e.Detail, "SOAP operation "+op)
}

// xmlMarshalled is the value an XML request body was marshalled from:
// through bytes.NewReader/NewBuffer, strings.NewReader, conversions, a
// concatenation after a constant (xml.Header + string(b)) and
// encoding/xml.Marshal(Indent).
func xmlMarshalled(v ssa.Value, depth int) ssa.Value {
	if v == nil || depth > 8 {
		return nil
	}
	v = ssavalue.Unconvert(v)
	switch x := v.(type) {
	case *ssa.Convert:
		return xmlMarshalled(x.X, depth+1)
	case *ssa.Extract:
		return xmlMarshalled(x.Tuple, depth+1)
	case *ssa.BinOp:
		if x.Op != token.ADD {
			return nil
		}
		if _, ok := x.X.(*ssa.Const); ok {
			return xmlMarshalled(x.Y, depth+1)
		}
		if _, ok := x.Y.(*ssa.Const); ok {
			return xmlMarshalled(x.X, depth+1)
		}
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil || callee.Object() == nil || len(x.Call.Args) == 0 {
			return nil
		}
		switch callee.Object().(*types.Func).FullName() {
		case "bytes.NewReader", "bytes.NewBuffer", "strings.NewReader", "bytes.NewBufferString":
			return xmlMarshalled(x.Call.Args[0], depth+1)
		case "encoding/xml.Marshal", "encoding/xml.MarshalIndent":
			return x.Call.Args[0]
		}
	}
	return nil
}

// envelopeContent reads t as a SOAP envelope: a struct whose element is
// Envelope (its XMLName tag's local name, else its type's name) with a
// field whose element is Body, a struct with one element field: its
// type, and the element's name when that field's xml tag gives it. ok is
// false when t is no such envelope.
func envelopeContent(t types.Type) (content types.Type, tag string, ok bool) {
	env := structOf(t)
	if env == nil || localName(xmlNameOf(t, env)) != "Envelope" {
		return nil, "", false
	}
	for i := 0; i < env.NumFields(); i++ {
		f := env.Field(i)
		name, opts := xmlTag(env.Tag(i))
		if f.Name() == "XMLName" || opts != "" || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name()
		}
		if localName(name) != "Body" {
			continue
		}
		body := structOf(f.Type())
		if body == nil {
			return nil, "", false
		}
		var elems []int
		for j := 0; j < body.NumFields(); j++ {
			n, o := xmlTag(body.Tag(j))
			if body.Field(j).Name() == "XMLName" || o != "" || n == "-" || !body.Field(j).Exported() {
				continue
			}
			elems = append(elems, j)
		}
		if len(elems) != 1 {
			return nil, "", false // no operation, or several: not one call
		}
		n, _ := xmlTag(body.Tag(elems[0]))
		return body.Field(elems[0]).Type(), localName(n), true
	}
	return nil, "", false
}

// elementName is the element encoding/xml gives a value of type t: its
// XMLName field's tag, else its type's name; tp instead when t is a type
// parameter (the caller's type argument names it).
func elementName(t types.Type) (string, *types.TypeParam) {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if tp, ok := t.(*types.TypeParam); ok {
		return "", tp
	}
	st := structOf(t)
	if st == nil {
		return "", nil
	}
	return localName(xmlNameOf(t, st)), nil
}

// xmlNameOf is the element name of a struct type: its XMLName field's
// tag, else the type's name.
func xmlNameOf(t types.Type, st *types.Struct) string {
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == "XMLName" {
			if n, _ := xmlTag(st.Tag(i)); n != "" {
				return n
			}
		}
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// xmlTag splits a struct tag's xml key into its name ("ns local" or
// "local") and its options (",attr", ",chardata", …).
func xmlTag(tag string) (name, opts string) {
	name, opts, _ = strings.Cut(reflect.StructTag(tag).Get("xml"), ",")
	return name, opts
}

// localName is an element name without its namespace: the part after a
// space ("http://… Envelope") or a prefix ("soap:Envelope").
func localName(n string) string {
	if i := strings.LastIndexByte(n, ' '); i >= 0 {
		n = n[i+1:]
	}
	if i := strings.LastIndexByte(n, ':'); i >= 0 {
		n = n[i+1:]
	}
	return n
}
