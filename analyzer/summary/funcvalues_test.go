package summary

import (
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/internal/ssatest"
)

// A function value the standard library made from no function of the
// caller's (maps.Keys(m)) calls only the yield it is handed: ranging over
// slices.Sorted(maps.Keys(m)) is no unknown effect. One made from the
// caller's function (sync.OnceFunc(f)) is f's effects or unknown.
func TestStdFuncResult(t *testing.T) {
	pkg, p := summarise(t, `package jobs

import (
	"maps"
	"os"
	"slices"
	"sync"
)

func Sorted(m map[string]int) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, k)
	}
	return out
}

func Once(f func()) {
	g := sync.OnceFunc(f)
	g()
}

func OnceWrite() {
	g := sync.OnceFunc(func() { os.WriteFile("x", nil, 0o600) })
	g()
}
`)
	for name, want := range map[string]string{
		"Sorted": "no effects",
	} {
		if got := p.Of(ssatest.Func(t, pkg, name)).String(); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
	for _, name := range []string{"Once", "OnceWrite"} {
		if got := p.Of(ssatest.Func(t, pkg, name)).String(); got == "no effects" {
			t.Errorf("%s: no effects, want f's effects or unknown", name)
		}
	}
}

// A functional option a function of the package returns (WithName(n)
// returning func(*options)) and applies: its effects, here none, instead
// of an unknown "function a call returned".
func TestReturnedOption(t *testing.T) {
	pkg, p := summarise(t, `package jobs

import "os"

type options struct{ name string }

type Option func(*options)

func WithName(n string) Option { return func(o *options) { o.name = n } }

func WithLabel(n string) Option { return WithName("label:" + n) }

func WithFile(n string) Option {
	return func(o *options) { os.WriteFile(n, nil, 0o600) }
}

func apply(opts ...Option) *options {
	o := &options{}
	for _, f := range opts {
		f(o)
	}
	return o
}

func Named() *options { return apply(WithName("x")) }

func Labelled() *options { return apply(WithLabel("x")) }

func Filed() *options { return apply(WithFile("x")) }
`)
	for _, name := range []string{"Named", "Labelled"} {
		if got := p.Of(ssatest.Func(t, pkg, name)).String(); got != "no effects" {
			t.Errorf("%s: %s, want no effects", name, got)
		}
	}
	if got := p.Of(ssatest.Func(t, pkg, "Filed")).String(); got == "no effects" || strings.Contains(got, "dynamic_call") {
		t.Errorf("Filed: %s, want the option's file write", got)
	}
}

// A copy into a writer whose concrete type is known to be inert (the
// *os.File os.Create opened: that open is the effect; a bytes.Buffer) is
// no unknown write; one into a writer of unknown type is.
func TestInertWriters(t *testing.T) {
	pkg, p := summarise(t, `package jobs

import (
	"bytes"
	"io"
	"net/http"
	"os"
)

func Download(url, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(f, resp.Body)
	return err
}

func Buffer(r io.Reader) string {
	var b bytes.Buffer
	io.Copy(&b, r)
	return b.String()
}

func Unknown(w io.Writer, r io.Reader) {
	io.Copy(w, r)
}
`)
	if got := p.Of(ssatest.Func(t, pkg, "Download")).String(); strings.Contains(got, "unknown/write") {
		t.Errorf("Download: %s, want the file's open and the GET only", got)
	}
	if got := p.Of(ssatest.Func(t, pkg, "Buffer")).String(); got != "no effects" {
		t.Errorf("Buffer: %s, want no effects", got)
	}
	if got := p.Of(ssatest.Func(t, pkg, "Unknown")).String(); !strings.Contains(got, "unknown/write") {
		t.Errorf("Unknown: %s, want an unknown write", got)
	}
}
