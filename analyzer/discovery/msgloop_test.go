package discovery

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/jobeffects/jobeffects/analyzer/models"
)

const loopSrc = `package p

type Msg struct{ Body []byte }

// Sub is the broker's subscription; its Receive is catalogued (below).
type Sub struct{}

func (*Sub) Receive() (*Msg, error) { return nil, nil }

type Message struct{ Body []byte }

// Subscription is the application's abstraction; wrapped.Receive returns
// what it received: a receive wrapper, not a handler.
type Subscription interface{ Receive() (*Message, error) }

type wrapped struct{ s *Sub }

func (w *wrapped) Receive() (*Message, error) {
	m, err := w.s.Receive()
	if err != nil {
		return nil, err
	}
	return &Message{Body: m.Body}, nil
}

type Handler interface{ Handle(*Message) error }

type Consumer struct {
	sub Subscription
	h   Handler
}

func New(sub Subscription, h Handler) *Consumer { return &Consumer{sub: sub, h: h} }

func (c *Consumer) Run() {
	for {
		m, err := c.sub.Receive()
		if err != nil {
			return
		}
		go func() { _ = c.h.Handle(m) }()
	}
}

type orders struct{}

func (orders) Handle(*Message) error { return nil }

// unused has the handler's method; nothing registers it.
type unused struct{}

func (unused) Handle(*Message) error { return nil }

func NewOrders() Handler { return orders{} }

func Start(sub Subscription) { New(sub, NewOrders()).Run() }

// Print receives through the abstraction and hands the message to no
// interface value: no handler.
func Print(sub Subscription) {
	for {
		m, _ := sub.Receive()
		println(string(m.Body))
	}
}

// Direct loops over the broker's receive itself: a pull loop.
func Direct(s *Sub) {
	for {
		m, _ := s.Receive()
		println(string(m.Body))
	}
}
`

const loopTestSrc = `package p

type fake struct{}

func (fake) Handle(*Message) error { return nil }

// A test runs the consumer with a double, and reads back with its own
// pull loop: neither is a deployed handler.
func TestConsumer(sub Subscription) { New(sub, fake{}).Run() }

func readBack(s *Sub) {
	for {
		m, _ := s.Receive()
		println(string(m.Body))
	}
}
`

// TestMessageLoop: a loop over the application's receive wrapper that
// hands each message to a handler interface makes the concrete types its
// callers pass the handlers (msgloop.go); the wrapper, the loop, a loop
// handing the message to nothing, an unregistered implementation, and the
// test file's double and pull loop are not handlers; a loop over the
// catalogued receive itself is a pull loop.
func TestMessageLoop(t *testing.T) {
	fset := token.NewFileSet()
	var files []*ast.File
	for name, src := range map[string]string{"p.go": loopSrc, "p_test.go": loopTestSrc} {
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	sort.Slice(files, func(i, j int) bool {
		return fset.Position(files[i].Pos()).Filename < fset.Position(files[j].Pos()).Filename
	})
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), files, 0)
	if err != nil {
		t.Fatal(err)
	}
	var funcs []*ssa.Function
	for _, m := range pkg.Members {
		switch m := m.(type) {
		case *ssa.Function:
			funcs = append(funcs, m)
			funcs = append(funcs, m.AnonFuncs...)
		case *ssa.Type:
			for _, t := range []types.Type{m.Type(), types.NewPointer(m.Type())} {
				ms := pkg.Prog.MethodSets.MethodSet(t)
				for i := 0; i < ms.Len(); i++ {
					if fn := pkg.Prog.MethodValue(ms.At(i)); fn != nil && fn.Synthetic == "" && fn.Pkg == pkg && !slices.Contains(funcs, fn) {
						funcs = append(funcs, fn)
						funcs = append(funcs, fn.AnonFuncs...)
					}
				}
			}
		}
	}
	sort.Slice(funcs, func(i, j int) bool { return funcs[i].String() < funcs[j].String() })
	r, err := ParseRules("rules.yaml", []byte("registrations: []\n"))
	if err != nil {
		t.Fatal(err)
	}
	model := func(fn *types.Func) *models.Model {
		if models.FuncKey(fn) == "(*p.Sub).Receive" {
			return &models.Model{Receive: "q"}
		}
		return nil
	}
	fd := Find(&Env{Pkg: pkg, Funcs: funcs, Rules: r, Model: model, Library: func(*types.Package) bool { return false }})
	var got []string
	for _, h := range fd.Handlers {
		got = append(got, h.Framework+" "+h.Fn.String()+" "+h.Confidence)
	}
	sort.Strings(got)
	want := []string{
		"q (p.orders).Handle medium",
		"q p.Direct medium",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("handlers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var recv []string
	for fn, fw := range fd.Receives {
		recv = append(recv, fn.FullName()+" "+fw)
	}
	sort.Strings(recv)
	if w := "(*p.wrapped).Receive q\n(p.Subscription).Receive q"; strings.Join(recv, "\n") != w {
		t.Errorf("receives:\n%s\nwant:\n%s", strings.Join(recv, "\n"), w)
	}
	if len(fd.Unresolved) > 0 {
		t.Errorf("unresolved: %v", fd.Unresolved)
	}
}
