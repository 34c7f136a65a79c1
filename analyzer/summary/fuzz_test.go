package summary

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/jobeffects/jobeffects/analyzer/config"
	"github.com/jobeffects/jobeffects/analyzer/models"
)

// program is the code the fuzzed configs' models are applied to: calls
// of every arity and shape a model can name.
const program = `package p

type Client struct{}

func (c *Client) Do(method, url string, body []byte) error { return nil }
func Send(to string, opts ...func()) error            { return nil }
func Run(f func(int) error) error                     { return f(1) }
func Pair(a, b string) (string, error)                { return a, nil }

type In struct{ Key, Mode string }

func Put(in *In) error { return nil }

func Handler(c *Client, to string) error {
	_ = c.Do("POST", "https://x.example/y", nil)
	_ = Send(to, func() {})
	_ = Run(func(n int) error { return Put(&In{Key: to, Mode: "NX"}) })
	s, _ := Pair(to, "b")
	return Send(s)
}
`

// FuzzConfigModels drives a config through the summariser: whatever models
// a config gives (indexes out of range or negative, fields that do not
// fit), summarising the program never panics, and a model that does not
// fit its function is an error, not a crash.
func FuzzConfigModels(f *testing.F) {
	for _, seed := range []string{
		"effects:\n  - {func: \"(*p.Client).Do\", kind: http, request: 99}\n",
		"effects:\n  - {func: \"(*p.Client).Do\", kind: http, request: -1}\n",
		"effects:\n  - {func: p.Send, kind: email, calls: [-1]}\n",
		"effects:\n  - {func: p.Send, kind: email, calls: [5], target_arg: 3}\n",
		"effects:\n  - {func: p.Run, calls: [0], tx_callback: 0}\n",
		"effects:\n  - {func: p.Put, kind: kv_write, op: set, claim_when: {arg: 4, field: Mode, equals: NX}, key_field: {arg: 7, field: Key}}\n",
		"guards:\n  - {func: p.Pair, exec: 9, key: 9}\n",
		"effects:\n  - {func: p.Put, kind: file_write, identity: {arg: 2, field: Key}, document: 3, fragment: {arg: 4}}\n",
	} {
		f.Add([]byte(seed))
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", program, 0)
	if err != nil {
		f.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), []*ast.File{file}, 0)
	if err != nil {
		f.Fatal(err)
	}
	var funcs []*ssa.Function
	for _, m := range pkg.Members {
		if fn, ok := m.(*ssa.Function); ok {
			funcs = append(funcs, fn)
			funcs = append(funcs, fn.AnonFuncs...)
		}
	}
	if fn := pkg.Prog.FuncValue(pkg.Type("Client").Type().(*types.Named).Method(0)); fn != nil {
		funcs = append(funcs, fn)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := config.Parse("fuzz.yaml", data)
		if err != nil {
			return
		}
		ix, err := models.WithUser(cfg.File())
		if err != nil {
			return
		}
		env := &Env{Fset: fset, Index: ix, Files: []*ast.File{file},
			Import: func(*types.Func) (*Summary, bool) { return nil, false }}
		p := Build(env, pkg, funcs)
		for _, fn := range funcs {
			if s := p.Of(fn); s != nil {
				for _, e := range s.Effects {
					if len(e.Path) == 0 {
						t.Fatalf("%s: an effect without a path: %+v", fn, e)
					}
					if strings.Contains(e.Detail, "internal error") {
						t.Fatalf("%s: summarising panicked: %s", fn, e.Detail)
					}
				}
			}
		}
	})
}
