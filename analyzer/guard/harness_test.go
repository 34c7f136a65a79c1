package guard

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/models"
)

// api is the small API the strategy tests' functions call: the harness
// turns each call into the site the summary package would make.
const api = `package p

type Tx struct{ id int }

func (Tx) Claim(key string) (bool, error) { return true, nil }
func (Tx) Insert(table string) error      { return nil }
func Begin() Tx                           { return Tx{} }
func Complete(tx Tx) error                { return nil }
func CompleteStep(tx Tx) error            { return nil }
func JobTx() Tx                           { return Tx{} }
func KeptTx() (Tx, bool)                  { return Tx{}, true }
func Ack()                                {}
func Send(key string)                     {}
func Now() string                         { return "" }
`

// analyse builds fn (a function of src, which may use api) and runs the
// guard analysis on the sites the harness makes of its calls. It returns
// the sites by callee name and position order, and the analysis's output.
func analyse(t *testing.T, src, fn string) ([]*Site, []Pitfall, *ClaimReturn) {
	t.Helper()
	ix, err := models.NewIndex()
	if err != nil {
		t.Fatal(err)
	}
	return analyseWith(t, src, fn, ix, nil)
}

// analyseWith is analyse with a catalog index and a hook that may change
// the sites before the analysis (a guard a callee's summary brought).
func analyseWith(t *testing.T, src, fn string, ix *models.Index, prep func([]*Site)) ([]*Site, []Pitfall, *ClaimReturn) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", api+src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	fun := pkg.Func(fn)
	if fun == nil {
		t.Fatalf("no function %s", fn)
	}
	var sites []*Site
	for _, b := range fun.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if s := site(fset, ci); s != nil {
				sites = append(sites, s)
			}
		}
	}
	if prep != nil {
		prep(sites)
	}
	pitfalls, ret := Analyze(fun, sites, &Env{Fset: fset, Index: ix, Text: func(ssa.Value) string { return "" }})
	return sites, pitfalls, ret
}

// site is the effect a call of the api makes, as the summary package
// would record it; nil for other calls.
func site(fset *token.FileSet, ci ssa.CallInstruction) *Site {
	callee := ci.Common().StaticCallee()
	if callee == nil {
		return nil
	}
	p := fset.Position(ci.Pos())
	hop := effect.Hop{Pos: p.String(), Func: ci.Parent().Name()}
	args := ci.Common().Args
	e := &effect.Effect{Path: []effect.Hop{hop}, Exec: effect.NoExec}
	var exec ssa.Value
	switch callee.Name() {
	case "Claim":
		e.Kind, e.Op, e.Target, e.Risk, e.Tx = effect.KindDBWrite, effect.OpClaim, "processed_jobs", effect.Safe, true
		exec = args[0]
	case "Insert":
		e.Kind, e.Op, e.Target, e.Risk, e.Tx = effect.KindDBWrite, effect.OpInsert, "ledger", effect.Medium, true
		exec = args[0]
	case "Complete", "CompleteStep":
		e.Kind, e.Op, e.Target, e.Risk = effect.KindDBWrite, effect.OpComplete, effect.CompleteJob, effect.Safe
		if callee.Name() == "CompleteStep" {
			e.Target = effect.CompleteStep
		}
		exec = args[0]
	case "Ack":
		e.Kind, e.Op, e.Risk = effect.KindAck, "ack", effect.Safe
	case "Send":
		e.Kind, e.Op, e.Target, e.Risk = effect.KindEmail, effect.OpSend, "smtp", effect.High
		e.Key = &effect.Key{Expr: "key", Pos: hop.Pos}
		if c, ok := args[0].(*ssa.Call); ok && c.Call.StaticCallee() != nil && c.Call.StaticCallee().Name() == "Now" {
			e.Key.Random = "p.Now"
		}
	default:
		return nil
	}
	return &Site{Effect: e, Instr: ci, Exec: exec, Direct: true}
}

// byOp returns the sites whose operation is op.
func byOp(sites []*Site, op string) []*Site {
	var out []*Site
	for _, s := range sites {
		if s.Effect.Op == op {
			out = append(out, s)
		}
	}
	return out
}

func rulesOf(ps []Pitfall) string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Rule)
	}
	return strings.Join(out, ",")
}
