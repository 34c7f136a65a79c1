package guard

import (
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/analyzer/ssavalue"
)

// A claim helper that tests its claim's error only to hand it up:
//
//	func (s *stmts) InsertNID(ctx, tx, key) (NID, error) {
//		if err := stmt.QueryRowContext(ctx, key).Scan(&nid); err != nil {
//			return 0, fmt.Errorf("insert: %w", err)
//		}
//		return nid, nil
//	}
//
// is the same claim helper as `err := ….Scan(&nid); return nid, err`:
// the duplicate's "no rows" reaches the caller, wrapped with %w, which
// errors.Is sees through, and the caller decides (if errors.Is(err,
// sql.ErrNoRows) { select the existing row }). Its return is not a
// duplicate-as-error: the caller that returns it untested is. Told from a
// handler's `if err != nil { return err }` after its claim by two
// conditions: the function returns a value besides the error (a handler
// returns only an error), and nothing after the claim in it needs a guard
// (the test decides nothing here).

// handsUpNoRows reports whether fn, whose claim c the tests branch on,
// only hands the claim's "no rows" up to its caller: then it is a claim
// helper (ClaimReturn norows on its error result).
func (a *analysis) handsUpNoRows(c *Site, tests []test) bool {
	res := a.fn.Signature.Results()
	if res.Len() < 2 || !isError(res.At(res.Len()-1).Type()) {
		return false
	}
	for _, s := range a.sites {
		if s != c && s.Effect.NeedsGuard() && s.Effect.Issue == "" && after(c.Instr, s.Instr) {
			return false
		}
	}
	handed := false
	for _, t := range tests {
		for _, ret := range returnsFrom(t.dup, t.first) {
			if pastDuplicate(ret.Block(), tests) {
				// Past another test's not-a-duplicate edge (if
				// errors.As(err, &ccfe) { return false, nil }; return
				// false, err): only real failures are handed up there.
				continue
			}
			errv := returned(ret, len(ret.Results)-1)
			if c, ok := errv.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			if !dupOrWrap(errv, t.dupErrs) {
				return false
			}
			handed = true
		}
	}
	return handed
}

// dupOrWrap reports whether v is one of the claim's "no rows" values, or
// fmt.Errorf wrapping one with %w (errors.Is still finds it).
func dupOrWrap(v ssa.Value, dupErrs map[ssa.Value]bool) bool {
	v = ssavalue.Unconvert(v)
	if dupErrs[v] {
		return true
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Object() == nil || callee.Object().(*types.Func).FullName() != "fmt.Errorf" || len(call.Call.Args) != 2 {
		return false
	}
	format, ok := call.Call.Args[0].(*ssa.Const)
	if !ok || format.Value == nil || format.Value.Kind() != constant.String || !strings.Contains(constant.StringVal(format.Value), "%w") {
		return false
	}
	for _, el := range ssavalue.SliceElems(call.Call.Args[1]) {
		if dupErrs[ssavalue.Unconvert(el)] {
			return true
		}
	}
	return false
}
