package summary

import (
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobeffects/jobeffects/internal/memo"
)

// A URL is often assembled in a helper of the application's own
//
//	func (s *S) JoinPath(sub string) (string, error) { return url.JoinPath(s.BaseURL, sub) }
//	path, _ := s.JoinPath("embed/")
//
// so its text is only known where the helper's constant argument meets
// the helper's body. The URL walks (urlTexts) follow such calls: the
// callee's returned value is read with its parameters bound to the texts
// of the call's arguments, through multi-value results (Extract), a few
// calls deep, each (function, result, argument texts) read once.

// maxHelperCalls bounds how many helper calls deep a URL walk follows.
const maxHelperCalls = 3

// helperKey is one read of a helper's result: the function, which result,
// the texts bound to its parameters and the call levels left below it
// (a level is part of the key, so a read never waits on itself).
//
// The function is named by its full name and position, not its pointer:
// the memo outlives each package's pass in one process, and a pointer
// would keep every pass's SSA alive (issue 31's memory).
type helperKey struct {
	fn    string
	pos   token.Pos
	index int
	args  string
	level int
}

// helperTexts memoises the reads across a run; bounded, so a long run's
// memo stays small.
var helperTexts = memo.Map[helperKey, []string]{Max: 1 << 14}

// urlTexts is stringValues for URLs and paths: it also follows calls to
// the program's own functions (helperResult).
func urlTexts(v ssa.Value) []string {
	sw := &strWalk{onPath: map[*ssa.Phi]bool{}, budget: maxStrSteps, calls: maxHelperCalls}
	return sw.values(v, 0)
}

// helperResult is the text of result index of a call to a function of
// the program's own with a body, its string parameters bound to the texts
// of the call's arguments. Only one text counts: a helper whose returns
// differ stays dynamic, as it was before calls were followed, so a
// caller's single pattern (base + "/orders") is never split in several.
func (sw *strWalk) helperResult(call *ssa.Call, index, depth int) []string {
	fn := call.Call.StaticCallee()
	if sw.calls <= 0 || fn == nil || len(fn.Blocks) == 0 || !ownFunc(fn) {
		return []string{dynamic}
	}
	res := fn.Signature.Results()
	if index >= res.Len() || !isString(res.At(index).Type()) || len(fn.Params) != len(call.Call.Args) {
		return []string{dynamic}
	}
	args := make([]string, len(fn.Params))
	for i, a := range call.Call.Args {
		args[i] = dynamic
		if isString(a.Type()) {
			if texts := sw.values(a, depth+1); len(texts) == 1 {
				args[i] = texts[0]
			}
		}
	}
	k := helperKey{fn: fn.String(), pos: fn.Pos(), index: index, args: strings.Join(args, "\x00"), level: sw.calls - 1}
	return helperTexts.Get(k, func() []string {
		inner := &strWalk{onPath: map[*ssa.Phi]bool{}, budget: maxStrSteps, calls: k.level,
			bound: map[*ssa.Parameter]string{}}
		for i, p := range fn.Params {
			inner.bound[p] = args[i]
		}
		var out []string
		for _, r := range returnsOf(fn) {
			if failed(fn, r) {
				continue
			}
			for _, t := range inner.values(r.Results[index], 0) {
				if !slices.Contains(out, t) {
					out = append(out, t)
				}
			}
		}
		if len(out) != 1 {
			return []string{dynamic}
		}
		return out
	})
}

// returnsOf are the return instructions of fn.
func returnsOf(fn *ssa.Function) []*ssa.Return {
	var out []*ssa.Return
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			out = append(out, r)
		}
	}
	return out
}

// failed reports a return whose last result is an error that is not the
// constant nil (return "", err): its other results are not what the
// caller uses. A call's results returned whole are not failed.
func failed(fn *ssa.Function, r *ssa.Return) bool {
	res := fn.Signature.Results()
	n := res.Len()
	if n < 2 || len(r.Results) != n || !types.Identical(res.At(n-1).Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	last := r.Results[n-1]
	if c, ok := last.(*ssa.Const); ok {
		return !c.IsNil()
	}
	// return s.JoinPath(name + "/"): another call's results passed on,
	// whose own failed returns its read skips.
	if e, ok := last.(*ssa.Extract); ok {
		for _, v := range r.Results[:n-1] {
			if x, ok := v.(*ssa.Extract); ok && x.Tuple == e.Tuple {
				return false
			}
		}
	}
	return true
}

// goroot is where the standard library's sources are: its functions are
// not the program's own (their texts are read by name in values.go).
var goroot = filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)

// ownFunc reports a function of the program's, not of the standard
// library.
func ownFunc(fn *ssa.Function) bool {
	if fn.Pkg == nil || fn.Prog == nil {
		return false
	}
	f := fn.Prog.Fset.Position(fn.Pos()).Filename
	return f != "" && !strings.HasPrefix(f, goroot)
}
