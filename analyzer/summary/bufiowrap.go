package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// A bufio.Writer only buffers: its Write, WriteString, WriteByte,
// WriteRune, ReadFrom and Flush end in the Write of the io.Writer its
// constructor was given (go1.26 src/bufio/bufio.go: NewWriterSize keeps
// w in b.wr, Flush calls b.wr.Write), and a bufio.ReadWriter embeds one
// (NewReadWriter(r, w) keeps w). The catalog models those methods as a
// write of unknown kind with writer_arg -1 (catalog os.yaml, bufio); here
// the receiver is followed back to the writers it wraps, through the
// constructors, a ReadWriter's embedded Writer, phis and the stores into
// an unexported field of a struct type the package declares (storedInField:
// nichebox's TCPLongConn.rw, set from bufio.NewWriter of the accepted
// *net.TCPConn), and the values stored into a variable a func literal
// captures (cellStores: bcda-app's w := bufio.NewWriter(f), flushed by a
// defer and handed on inside a closure). When every wrapped writer is
// inert (an *os.File, a bytes.Buffer, io.Discard) the call has no effect;
// when they all have one catalog Write model (net.Conn's: a network
// write) the call is that write. When the one writer not known inert is
// a parameter of the function (a *bufio.Writer it is given, or the
// io.Writer it wraps: html.Render's bufio.NewWriter(w)), the unknown
// write carries it (Effect.BufferedArg) and each caller decides with what
// it passes (resolveBuffered, before a library call is folded at its
// module's boundary). Otherwise, or when a source cannot be followed (an
// exported field someone else may set, a variable whose address is
// passed on), the model's unknown write stays. It is never read as no
// effect unless every wrapped writer is known inert.
//
// The wrappers are library data (catalog writer_wrappers): their types,
// their constructors with the argument each wraps, and the methods that
// point one at another writer. Besides bufio's, the standard library's
// gzip, flate, zlib, csv, tar, zip (and a zip entry's writer) and
// tabwriter writers, and io.MultiWriter's io.Writer, which writes into
// each writer it is given (their effects' union: one Write model, or
// the unknown write). A wrapped writer that is a wrapper in turn is
// followed (csv over gzip over a connection). A wrapper a rebind method
// (Reset) is called on is not followed: it may write elsewhere.

// bufferedDepth bounds how many wrappers and field hops are followed.
const bufferedDepth = 8

// bufioType reports whether t is *bufio.Writer or *bufio.ReadWriter.
func bufioType(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "bufio" {
		return false
	}
	return n.Obj().Name() == "Writer" || n.Obj().Name() == "ReadWriter"
}

// writerValue is the value a model's writer_arg k names.
func writerValue(k int, recv ssa.Value, args []ssa.Value) ssa.Value {
	switch {
	case k < 0:
		return recv
	case k < len(args):
		return args[k]
	}
	return nil
}

// unboxed strips the conversions to an interface around v, and returns
// the concrete value when v boxes one.
func unboxed(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.MakeInterface:
			return x.X
		default:
			return v
		}
	}
}

// throughBuffer reads a call with model m through a bufio wrapper at its
// writer_arg: skip when every wrapped writer is inert, else the model to
// apply (the wrapped writers' one Write model, or m itself, carrying in
// BufferedArg the parameter its writer comes from when that is all that
// is not known here).
func (w *walker) throughBuffer(m *models.Model, recv ssa.Value, args []ssa.Value) (_ *models.Model, bufferedArg int, skip bool) {
	if m.WriterArg == nil {
		return m, 0, false
	}
	v := writerValue(*m.WriterArg, recv, args)
	if v == nil {
		return m, 0, false
	}
	v = unboxed(v)
	if !w.p.env.Index.WrapperType(v.Type()) && w.wrapperCall(v) == nil {
		return m, 0, false
	}
	var inner []ssa.Value
	if !w.bufferedWriters(v, bufferedDepth, map[ssa.Value]bool{}, &inner) || len(inner) == 0 {
		return m, 0, false
	}
	common, param, ok := w.wrappedWrite(inner)
	switch {
	case !ok:
		return m, 0, false
	case param != effect.NoExec:
		return m, param + 1, false
	case common == nil:
		return nil, 0, true
	}
	return throughModel(m, common, wrapperName(v)), 0, false
}

// throughModel is m, a write into a wrapping writer (name: "a
// bufio.Writer", wrapperName's), named as the wrapped writer's own effect
// wm reached through the wrapper. Only its kind,
// operation, risk, target and detail are taken: its argument indexes
// belong to its Write, not to this call.
func throughModel(m, wm *models.Model, name string) *models.Model {
	other := *m
	other.WriterArg = nil
	other.Kind, other.Op, other.Risk, other.Target = wm.Kind, wm.Op, wm.Risk, wm.Target
	other.Detail = wm.Detail + " (through " + name + ")"
	return &other
}

// wrappedWrite reads the writers a bufio.Writer wraps: ok with a nil
// model and NoExec when every one is inert; the one catalog Write model
// they share; or the one parameter (or free variable) of the function
// being summarised that the rest, all inert, leave to its callers. Not
// ok otherwise: two parameters, a parameter beside a writer with an
// effect, a writer with no model, two different models.
func (w *walker) wrappedWrite(inner []ssa.Value) (common *models.Model, param int, ok bool) {
	param = effect.NoExec
	for _, x := range inner {
		if w.inertWriterValue(x) {
			continue
		}
		// A parameter whose type says what it writes into (a
		// *net.TCPConn, an *os.File) is decided here; an interface or a
		// wrapper it is given is its callers' to say.
		if u := unboxed(x); w.callersWriter(u) {
			k := w.execIndex(u)
			if param != effect.NoExec && param != k {
				return nil, effect.NoExec, false
			}
			param = k
			continue
		}
		wm := w.writeModel(x)
		if wm == nil || common != nil && common != wm {
			return nil, effect.NoExec, false
		}
		common = wm
	}
	if param != effect.NoExec && common != nil {
		return nil, effect.NoExec, false
	}
	return common, param, true
}

// resolveBuffered decides, at a call, a write through a bufio.Writer that
// the callee's parameter e.BufferedArg gives (a *bufio.Writer, or the
// io.Writer it wraps): what this function passes there. It reports false
// when the write has no effect here (a buffer in memory, a file); e
// becomes the wrapped writer's write when they share a Write model, keeps
// the parameter of this function it comes from, or stays the unknown
// write.
func (w *walker) resolveBuffered(e *effect.Effect, args, bindings []ssa.Value) bool {
	v := pick(e.BufferedArg-1, args, bindings)
	e.BufferedArg = 0
	if v == nil {
		return true
	}
	var inner []ssa.Value
	// The wrapper is the callee's (it wrapped the io.Writer it was given)
	// unless what this function passes is a wrapper itself.
	name := "a writer wrapping it"
	if u := unboxed(v); w.p.env.Index.WrapperType(u.Type()) || w.wrapperCall(u) != nil {
		if !w.bufferedWriters(u, bufferedDepth, map[ssa.Value]bool{}, &inner) || len(inner) == 0 {
			return true
		}
		name = wrapperName(u)
	} else {
		inner = []ssa.Value{v}
	}
	common, param, ok := w.wrappedWrite(inner)
	switch {
	case !ok:
		return true
	case param != effect.NoExec:
		e.BufferedArg = param + 1
		return true
	case common == nil:
		return false
	}
	risk, known := effect.ParseRisk(common.Risk)
	if !known {
		risk = effect.Unknown
	}
	e.Kind, e.Op, e.Risk, e.Target = common.Kind, common.Op, risk, common.Target
	e.Detail = common.Detail + " (through " + name + ")"
	return true
}

// wrapperCall is v's call when v is the result of a writer_wrappers
// constructor (io.MultiWriter's io.Writer, a zip entry's writer), or the
// writer it returns beside an error, else nil.
func (w *walker) wrapperCall(v ssa.Value) *ssa.Call {
	if x, ok := v.(*ssa.Extract); ok && x.Index == 0 {
		v = x.Tuple // the writer of a (writer, error) result
	}
	c, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	callee := c.Call.StaticCallee()
	if callee == nil {
		return nil
	}
	fn, _ := callee.Object().(*types.Func)
	if _, ok := w.p.env.Index.WrapperConstructor(fn); !ok {
		return nil
	}
	return c
}

// wrapperName names the wrapper a write goes through, for the detail:
// its type ("a gzip.Writer"), or the constructor of an interface value
// ("io.MultiWriter").
func wrapperName(v ssa.Value) string {
	t := types.Unalias(v.Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok && !types.IsInterface(n) && n.Obj().Pkg() != nil {
		return "a " + n.Obj().Pkg().Name() + "." + n.Obj().Name()
	}
	if x, ok := v.(*ssa.Extract); ok {
		v = x.Tuple
	}
	if c, ok := v.(*ssa.Call); ok {
		if callee := c.Call.StaticCallee(); callee != nil && callee.Pkg != nil {
			if r := callee.Signature.Recv(); r != nil {
				return "a writer from " + types.TypeString(r.Type(), types.RelativeTo(nil)) + "." + callee.Name()
			}
			return callee.Pkg.Pkg.Name() + "." + callee.Name()
		}
	}
	return "a writer"
}

// bufferedWriters appends to out the writers v, a *bufio.Writer or
// *bufio.ReadWriter, wraps, and reports whether every source of v was
// followed.
func (w *walker) bufferedWriters(v ssa.Value, depth int, seen map[ssa.Value]bool, out *[]ssa.Value) bool {
	if depth == 0 {
		return false
	}
	v = unboxed(v)
	if seen[v] {
		return true
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !w.bufferedWriters(e, depth-1, seen, out) {
				return false
			}
		}
		return true
	case *ssa.Call:
		return w.wrappedBy(x, depth, seen, out)
	case *ssa.Extract:
		// gzip.NewWriterLevel's, zip.Writer.Create's writer beside an error.
		if c := w.wrapperCall(x); c != nil {
			return w.wrappedBy(c, depth, seen, out)
		}
		return false
	case *ssa.Parameter, *ssa.FreeVar:
		// The function's own parameter (or a variable it captured by
		// value): its callers say what it is (wrappedWrite, BufferedArg).
		if w.execIndex(x) == effect.NoExec {
			return false
		}
		*out = append(*out, x)
		return true
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		switch x.X.(type) {
		case *ssa.Alloc, *ssa.FreeVar:
			// A variable a closure captures (bcda-app's w :=
			// bufio.NewWriter(f), flushed by a defer and passed on by a
			// func literal): every value stored into it, here or in a
			// closure, when its address goes nowhere else.
			stored, complete := w.cellStores(x.X)
			return complete && w.allBuffered(stored, depth, seen, out)
		}
		fa, ok := x.X.(*ssa.FieldAddr)
		if !ok {
			return false
		}
		st, ok := ssavalue.Deref(fa.X.Type()).Underlying().(*types.Struct)
		if !ok || fa.Field >= st.NumFields() {
			return false
		}
		f := st.Field(fa.Field)
		if bufioType(fa.X.Type()) && f.Embedded() && f.Name() == "Writer" {
			// rw.Writer of a *bufio.ReadWriter: what NewReadWriter was given.
			return w.bufferedWriters(fa.X, depth-1, seen, out)
		}
		stored, complete := w.p.storedInField(f.Origin())
		return complete && w.allBuffered(stored, depth, seen, out)
	}
	return false
}

// allBuffered appends the writers each of the values stored into a
// variable or field wraps, and reports whether there is one at least
// and every one was followed.
func (w *walker) allBuffered(stored []ssa.Value, depth int, seen map[ssa.Value]bool, out *[]ssa.Value) bool {
	if len(stored) == 0 {
		return false
	}
	for _, s := range stored {
		if !w.bufferedWriters(s, depth-1, seen, out) {
			return false
		}
	}
	return true
}

// cellStores returns the values stored into the variable at addr (an
// *ssa.Alloc, or the free variable a closure captures it as), in its
// function and in every closure capturing it, and whether they are all
// there is: its address is only loaded, stored into and captured. A
// variable whose address is passed on, or captured from a parameter,
// is not followed.
func (w *walker) cellStores(addr ssa.Value) ([]ssa.Value, bool) {
	var roots []*ssa.Alloc
	switch a := addr.(type) {
	case *ssa.Alloc:
		roots = []*ssa.Alloc{a}
	case *ssa.FreeVar:
		for _, b := range w.capturedCells(a, 0) {
			roots = append(roots, b)
		}
		if len(roots) == 0 {
			return nil, false
		}
	default:
		return nil, false
	}
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	for _, r := range roots {
		if !cellUses(r, seen, &out) {
			return nil, false
		}
	}
	return out, true
}

// capturedCells are the variables bound to free variable fv where its
// closures are made, following closures made inside closures; nil when
// one is not a variable.
func (w *walker) capturedCells(fv *ssa.FreeVar, depth int) []*ssa.Alloc {
	if depth > bufferedDepth {
		return nil
	}
	var out []*ssa.Alloc
	for _, b := range w.bindings(fv) {
		switch b := b.(type) {
		case *ssa.Alloc:
			out = append(out, b)
		case *ssa.FreeVar:
			inner := w.capturedCells(b, depth+1)
			if inner == nil {
				return nil
			}
			out = append(out, inner...)
		default:
			return nil
		}
	}
	return out
}

// cellUses appends to out the values stored through addr, a variable or
// the free variable a closure captures it as, and reports whether its
// every use is a load, a store into it or a capture.
func cellUses(addr ssa.Value, seen map[ssa.Value]bool, out *[]ssa.Value) bool {
	if seen[addr] {
		return true
	}
	seen[addr] = true
	for _, r := range ssavalue.Referrers(addr) {
		switch u := r.(type) {
		case *ssa.Store:
			if u.Addr != addr || u.Val == addr {
				return false // its address stored somewhere
			}
			*out = append(*out, u.Val)
		case *ssa.UnOp:
			if u.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		case *ssa.MakeClosure:
			fn, ok := u.Fn.(*ssa.Function)
			if !ok {
				return false
			}
			for i, b := range u.Bindings {
				if b == addr && i < len(fn.FreeVars) && !cellUses(fn.FreeVars[i], seen, out) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// wrappedBy appends to out the writers the call x of a writer_wrappers
// constructor wraps (catalog: bufio.NewWriter's argument 0, a zip
// entry's receiver, each element of io.MultiWriter's ...io.Writer), and
// reports whether all were found. A wrapped writer that is a wrapper in
// turn is followed to its own (csv over gzip over a connection;
// bufio.NewWriterSize returns a large enough *bufio.Writer it is given).
// A wrapper a rebind method is called on (gzip.Writer's Reset) may write
// elsewhere: not followed.
func (w *walker) wrappedBy(x *ssa.Call, depth int, seen map[ssa.Value]bool, out *[]ssa.Value) bool {
	callee := x.Call.StaticCallee()
	if callee == nil {
		return false
	}
	fn, _ := callee.Object().(*types.Func)
	ix := w.p.env.Index
	k, ok := ix.WrapperConstructor(fn)
	if !ok {
		return false
	}
	if callee.Signature.Recv() != nil {
		k++ // the receiver is Args[0]
	}
	if k < 0 || k >= len(x.Call.Args) || w.rebound(x) {
		return false
	}
	a := x.Call.Args[k]
	if _, ok := a.Type().Underlying().(*types.Slice); ok {
		// A variadic ...io.Writer: each element of its literal.
		elems := ssavalue.SliceElems(a)
		if len(elems) == 0 {
			return false
		}
		for _, e := range elems {
			if !w.wrappedArg(e, depth, seen, out) {
				return false
			}
		}
		return true
	}
	return w.wrappedArg(a, depth, seen, out)
}

// wrappedArg appends a constructor's wrapped writer a to out, or the
// writers it wraps when it is a wrapper itself.
func (w *walker) wrappedArg(a ssa.Value, depth int, seen map[ssa.Value]bool, out *[]ssa.Value) bool {
	if u := unboxed(a); w.p.env.Index.WrapperType(u.Type()) || w.wrapperCall(u) != nil {
		return w.bufferedWriters(u, depth-1, seen, out)
	}
	*out = append(*out, a)
	return true
}

// rebound reports whether a rebind method (gzip.Writer's Reset,
// tabwriter.Writer's Init) is called on the wrapper x returns.
// The wrapper is x, or its first result beside an error.
func (w *walker) rebound(x *ssa.Call) bool {
	vs := []ssa.Value{x}
	for _, r := range ssavalue.Referrers(x) {
		if e, ok := r.(*ssa.Extract); ok && e.Index == 0 {
			vs = append(vs, e)
		}
	}
	for _, v := range vs {
		for _, r := range ssavalue.Referrers(v) {
			c, ok := r.(ssa.CallInstruction)
			if !ok || c.Common().StaticCallee() == nil || len(c.Common().Args) == 0 || c.Common().Args[0] != v {
				continue
			}
			if fn, _ := c.Common().StaticCallee().Object().(*types.Func); w.p.env.Index.Rebinds(fn) {
				return true
			}
		}
	}
	return false
}

// inertWriterValue reports whether writes into x have no effect: an
// inert writer type or interface, or a package-level inert writer
// (inertWriter's cases, for one value).
func (w *walker) inertWriterValue(x ssa.Value) bool {
	if ci, ok := x.(*ssa.ChangeInterface); ok {
		x = ci.X
	}
	ix := w.p.env.Index
	if ld, ok := x.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if g, ok := ld.X.(*ssa.Global); ok {
			if obj, ok := g.Object().(*types.Var); ok && ix.InertWriterVar(obj) {
				return true
			}
		}
	}
	if types.IsInterface(x.Type()) && ix.InertWriter(x.Type()) {
		return true
	}
	if mi, ok := x.(*ssa.MakeInterface); ok {
		return ix.InertWriter(mi.X.Type())
	}
	return !types.IsInterface(x.Type()) && ix.InertWriter(x.Type())
}

// callersWriter reports whether x is a parameter or free variable of the
// function being summarised whose writes only its callers can name: of
// interface type, or a wrapper (a *bufio.Writer it is handed).
func (w *walker) callersWriter(x ssa.Value) bool {
	if w.execIndex(x) == effect.NoExec {
		return false
	}
	return types.IsInterface(x.Type()) || w.p.env.Index.WrapperType(x.Type())
}

// writeModel is the catalog model of the Write method of x's type (its
// concrete type when x boxes one): (*net.conn).Write for a *net.TCPConn,
// (net.Conn).Write for a net.Conn. Nil when there is none.
func (w *walker) writeModel(x ssa.Value) *models.Model {
	t := unboxed(x).Type()
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Write")
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	m := w.p.env.Index.Lookup(fn)
	if m == nil || m.None {
		return nil
	}
	return m
}
