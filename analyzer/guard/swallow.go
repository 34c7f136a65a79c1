package guard

import (
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/rules"
	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// Where a duplicate-as-error stops being one on its way up.
//
// A duplicate-as-error is found in the function whose branch returns the
// error; the callers up to the handler hand it on. Two callers keep the
// duplicate from failing the job, and the pitfall is not theirs to report:
//
//   - one that turns that very error into success: the branch returns a
//     package-level sentinel (return fmt.Errorf("advance: %w",
//     errLeaseLost)), and the caller tests it and returns nil
//     (if !errors.Is(err, errLeaseLost) { return err }; log; return nil).
//     The sentinel travels with the pitfall (Pitfall.Sentinel); another
//     error tested (context.Canceled) swallows nothing of it.
//   - one that calls the function only where a lookup found nothing
//     (get-or-create: FindEndpointByURL, and CreateEndpoint only on
//     errors.Is(err, ErrEndpointNotFound)): a later delivery finds what
//     the first created and never reaches the create, as for the creates
//     that fail on a duplicate (checkedCreates). The test must be a
//     lookup's "not found" (a sentinel named so, a nil result, a false
//     found/exists), not any value a lookup returned: a status read
//     decides nothing about whether the create ran.

// Sentinel names the package-level error variable v is, or wraps with
// fmt.Errorf's %w (errors.Is sees through it), as "pkgpath.name"; "" when
// it is neither.
func Sentinel(v ssa.Value) string {
	return sentinel(v, 0)
}

func sentinel(v ssa.Value, depth int) string {
	if depth > 4 || v == nil {
		return ""
	}
	v = ssavalue.Unconvert(v)
	switch x := v.(type) {
	case *ssa.UnOp:
		if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL && g.Pkg != nil && isError(x.Type()) {
			return g.Pkg.Pkg.Path() + "." + g.Name()
		}
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil || callee.Object() == nil {
			return ""
		}
		obj, ok := callee.Object().(*types.Func)
		if !ok || obj.FullName() != "fmt.Errorf" || len(x.Call.Args) != 2 {
			return ""
		}
		format, ok := x.Call.Args[0].(*ssa.Const)
		if !ok || format.Value == nil || format.Value.Kind() != constant.String ||
			strings.Count(constant.StringVal(format.Value), "%w") != 1 {
			return ""
		}
		for _, el := range ssavalue.SliceElems(x.Call.Args[1]) {
			if el = ssavalue.Unconvert(el); isError(el.Type()) {
				if s := sentinel(el, depth+1); s != "" {
					return s
				}
			}
		}
	}
	return ""
}

// DropStopped removes from the pitfalls a call brings up those that the
// call's caller keeps from failing the job: a duplicate-as-error whose
// sentinel the caller turns into success after ci, any duplicate-as-error
// of a call a lookup's "not found" decides, or of a call whose error the
// caller drops unread or only logs.
func DropStopped(ci ssa.CallInstruction, pits []Pitfall) []Pitfall {
	var out []Pitfall
	decided := -1
	for _, p := range pits {
		if p.Rule == rules.DuplicateAsError {
			if p.Sentinel != "" && swallows(ci, p.Sentinel) {
				continue
			}
			if errDiscarded(ci) || errLogged(ci) {
				continue // _ = m.UpdateWithVersion(…): the error goes nowhere
			}
			if decided < 0 {
				decided = 0
				if LookupDecided(ci) {
					decided = 1
				}
			}
			if decided == 1 {
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

// swallows reports whether the caller of ci tests ci's error result with
// errors.Is(err, sentinel) and returns nil on every path from the branch
// where it is that error.
func swallows(ci ssa.CallInstruction, name string) bool {
	call, ok := ci.(*ssa.Call)
	if !ok {
		return false
	}
	errv := errorResult(call)
	if errv == nil {
		return false
	}
	for _, r := range ssavalue.Referrers(errv) {
		is, ok := r.(*ssa.Call)
		if !ok || !isErrorsIs(is.Common()) || len(is.Call.Args) != 2 || ssavalue.Unconvert(is.Call.Args[0]) != errv && is.Call.Args[0] != errv {
			continue
		}
		if sentinel(is.Call.Args[1], 0) != name {
			continue
		}
		for _, b := range branchWhere(is, true) {
			if returnsOnlyNil(b) {
				return true
			}
		}
	}
	return false
}

// errDiscarded reports whether the caller of ci drops ci's error result
// unread (_ = f(), or a result tuple whose error is never extracted): a
// duplicate's error cannot fail the job through it.
func errDiscarded(ci ssa.CallInstruction) bool {
	call, ok := ci.(*ssa.Call)
	if !ok {
		return false // go or defer: handled where they are reported
	}
	res := call.Call.Signature().Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return false
	}
	errv := errorResult(call)
	return errv == nil || len(ssavalue.Referrers(errv)) == 0 // nil: a tuple whose error is never extracted
}

// ErrGoesNowhere reports whether the caller of ci drops ci's error
// unread or only logs it: no duplicate-as-error of what ci runs fails the
// job (for a dynamic call the whole-program phase resolves later,
// effect.Effect.DupStopped).
func ErrGoesNowhere(ci ssa.CallInstruction) bool {
	return errDiscarded(ci) || errLogged(ci)
}

// errLogged reports whether the caller of ci only logs ci's error
// (ErrorIgnored: if err != nil { log.Error(err) }, never returned,
// stored or examined), as a deferred unlock's closure does: a
// duplicate's error cannot fail the job through it.
func errLogged(ci ssa.CallInstruction) bool {
	call, ok := ci.(*ssa.Call)
	if !ok || call.Parent() == nil {
		return false
	}
	res := call.Call.Signature().Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return false
	}
	return ErrorIgnored(call.Parent(), ci)
}

// errorResult is the error a call returns last, nil when it returns none.
func errorResult(call *ssa.Call) ssa.Value {
	res := call.Call.Signature().Results()
	if res.Len() == 0 || !isError(res.At(res.Len()-1).Type()) {
		return nil
	}
	if res.Len() == 1 {
		return call
	}
	for _, r := range ssavalue.Referrers(call) {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == res.Len()-1 {
			return ex
		}
	}
	return nil
}

func isErrorsIs(c *ssa.CallCommon) bool {
	callee := c.StaticCallee()
	if callee == nil || callee.Object() == nil {
		return false
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok || obj.Name() != "Is" || obj.Pkg() == nil {
		return false
	}
	switch obj.Pkg().Path() {
	case "errors", "github.com/pkg/errors", "golang.org/x/xerrors", "github.com/cockroachdb/errors":
		return true
	}
	return false
}

// branchWhere gives the successor blocks an If takes when the boolean v
// is want (through a negation).
func branchWhere(v ssa.Value, want bool) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	for _, r := range ssavalue.Referrers(v) {
		switch x := r.(type) {
		case *ssa.If:
			if want {
				out = append(out, x.Block().Succs[0])
			} else {
				out = append(out, x.Block().Succs[1])
			}
		case *ssa.UnOp:
			if x.Op == token.NOT {
				out = append(out, branchWhere(x, !want)...)
			}
		}
	}
	return out
}

// returnsOnlyNil reports whether every return reachable from b returns a
// nil error last (and at least one is reached). A panic path returns
// nothing and is no failure returned.
func returnsOnlyNil(b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{b}
	found := false
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		if n := len(x.Instrs); n > 0 {
			if ret, ok := x.Instrs[n-1].(*ssa.Return); ok {
				if len(ret.Results) == 0 {
					return false
				}
				last := returned(ret, len(ret.Results)-1)
				if !isError(last.Type()) || !isNil(last) {
					return false
				}
				found = true
			}
		}
		work = append(work, x.Succs...)
	}
	return found
}

var notFoundName = regexp.MustCompile(`(?i)not_?found|no_?rows|notexist|not_?exist|missing`)

// LookupDecided reports whether instr runs only where a lookup found
// nothing: a test dominating it is a lookup's "not found" — errors.Is of
// the lookup's error with a sentinel named so (ErrNotFound, ErrNoRows), the
// lookup's result compared with nil, or its found/exists bool false — and
// instr is on that test's "not found" side.
func LookupDecided(instr ssa.Instruction) bool {
	blk := instr.Block()
	if blk == nil {
		return false
	}
	for b := blk.Idom(); b != nil; b = b.Idom() {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cond, polarity := ifi.Cond, true
		for {
			if n, ok := cond.(*ssa.UnOp); ok && n.Op == token.NOT {
				cond, polarity = n.X, !polarity
				continue
			}
			break
		}
		lookup, notFoundWhen, ok := notFoundTest(cond)
		if !ok || !sameReceiver(lookup, instr) {
			continue
		}
		// The successor taken when the test says "not found".
		succ := b.Succs[0]
		if notFoundWhen != polarity {
			succ = b.Succs[1]
		}
		if len(succ.Preds) == 1 && succ.Dominates(blk) {
			return true
		}
	}
	return false
}

// notFoundTest reports whether cond tells a lookup's "not found": the
// lookup, and the value of cond that means it.
func notFoundTest(cond ssa.Value) (*ssa.Call, bool, bool) {
	switch x := cond.(type) {
	case *ssa.Call:
		if isErrorsIs(x.Common()) && len(x.Call.Args) == 2 && notFoundName.MatchString(errName(x.Call.Args[1])) {
			if call := lookupResult(ssavalue.Unconvert(x.Call.Args[0]), true); call != nil {
				return call, true, true
			}
		}
	case *ssa.BinOp:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return nil, false, false
		}
		v := x.X
		if isNil(v) {
			v = x.Y
		} else if !isNil(x.Y) {
			return nil, false, false
		}
		if isError(v.Type()) {
			return nil, false, false
		}
		if call := lookupResult(v, false); call != nil {
			return call, x.Op == token.EQL, true
		}
	case *ssa.Extract:
		if tup, ok := x.Tuple.Type().(*types.Tuple); ok && tup.Len() > 1 && isBool(x.Type()) {
			if call := lookupResult(x, false); call != nil {
				return call, false, true // found, err := Exists(…); if !found
			}
		}
	}
	return nil, false, false
}

// lookupResult is the call named as a lookup v is a result of (its error
// when wantErr), nil when it is none.
func lookupResult(v ssa.Value, wantErr bool) *ssa.Call {
	var call *ssa.Call
	switch x := v.(type) {
	case *ssa.Extract:
		call, _ = x.Tuple.(*ssa.Call)
		if call == nil || isError(x.Type()) != wantErr {
			return nil
		}
	case *ssa.Call:
		call = x
		if isError(x.Type()) != wantErr {
			return nil
		}
	default:
		return nil
	}
	name := ""
	if call.Call.IsInvoke() {
		name = call.Call.Method.Name()
	} else if fn := call.Call.StaticCallee(); fn != nil {
		name = fn.Name()
	}
	for _, p := range lookupPrefixes {
		if strings.HasPrefix(name, p) && p != "Count" && p != "count" {
			return call
		}
	}
	return nil
}

// sameReceiver reports whether the lookup and instr are method calls on
// the same value (the repository or client that answers whether it has
// the thing is the one that creates it).
func sameReceiver(lookup *ssa.Call, instr ssa.Instruction) bool {
	ci, ok := instr.(ssa.CallInstruction)
	if !ok || lookup == nil {
		return false
	}
	a, b := receiver(lookup.Common()), receiver(ci.Common())
	return a != nil && b != nil && sameExec(a, b)
}

func receiver(c *ssa.CallCommon) ssa.Value {
	if c.IsInvoke() {
		return c.Value
	}
	if fn := c.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(c.Args) > 0 {
		return c.Args[0]
	}
	return nil
}

// errName is the name of the error variable v loads ("" when none).
func errName(v ssa.Value) string {
	v = ssavalue.Unconvert(v)
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		if g, ok := u.X.(*ssa.Global); ok {
			return g.Name()
		}
	}
	return ""
}

// DropDuplicateAsError is pits without its duplicate-as-error pitfalls:
// those of a call a duplicate never reaches (Effect.DupStopped).
func DropDuplicateAsError(pits []Pitfall) []Pitfall {
	var out []Pitfall
	for _, p := range pits {
		if p.Rule != rules.DuplicateAsError {
			out = append(out, p)
		}
	}
	return out
}
