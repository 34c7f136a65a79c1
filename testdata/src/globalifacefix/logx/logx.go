// Package logx logs through package-level interface variables, as
// logging packages do (a default logger set by Init, called by the
// package's functions). The unexported variables' stores are all in this
// package, so a call through one runs the methods of the types stored
// there: std holds *zapLogger (from a constructor's method returning the
// interface, and from std's own WithName), alerts a *hookNotifier that
// posts. Near misses stay unknown: an exported variable (another package
// may store into it), one set from a parameter, one whose address is
// handed on, one nothing sets.
package logx

import (
	"context"
	"fmt"
	"net/http"
	"strings"
)

type Logger interface {
	Error(ctx context.Context, msg string)
	WithName(name string) Logger
}

type zapLogger struct{ name string }

func (l *zapLogger) Error(ctx context.Context, msg string) { // want Error:"no effects"
	_ = fmt.Sprintf("%s: %s", l.name, msg)
}

func (l *zapLogger) WithName(name string) Logger { // want WithName:"no effects" WithName:`returns \*logx.zapLogger`
	dup := *l
	dup.name = name
	return &dup
}

func newZap() *zapLogger { return &zapLogger{} } // want newZap:"no effects"

var std Logger

func init() { // want init:"effects: memory_write/set logx.std; memory_write/set logx.std"
	Init("app", false)
}

// Init sets the default logger.
func Init(name string, named bool) { // want Init:"effects: memory_write/set logx.std; memory_write/set logx.std"
	std = newZap().WithName(name)
	if named {
		std = std.WithName(name + ".json")
	}
}

// ZError logs through the default logger: *zapLogger's Error.
func ZError(ctx context.Context, msg string) { // want ZError:"no effects"
	std.Error(ctx, msg)
}

type Notifier interface {
	Notify(ctx context.Context, msg string) error
}

type hookNotifier struct{ url string }

func (n *hookNotifier) Notify(ctx context.Context, msg string) error { // want Notify:"effects: http/post"
	resp, err := http.Post(n.url, "text/plain", strings.NewReader(msg))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

var alerts Notifier = &hookNotifier{url: "https://alerts.example.com/hook"}

// Alert notifies through alerts: *hookNotifier's post.
func Alert(ctx context.Context, msg string) error { // want Alert:"effects: http/post"
	return alerts.Notify(ctx, msg)
}

// Default is exported: another package may store anything into it.
var Default Logger = &zapLogger{}

func Warn(ctx context.Context, msg string) { // want Warn:"effects: dynamic_call/call"
	Default.Error(ctx, msg)
}

// sink is set from a parameter: its callers decide.
var sink Notifier

func SetSink(n Notifier) { sink = n } // want SetSink:"effects: memory_write/set logx.sink"

func Sink(ctx context.Context, msg string) error { // want Sink:"effects: dynamic_call/call"
	return sink.Notify(ctx, msg)
}

// hooked's address is handed on: it may be written through it.
var hooked Notifier = &hookNotifier{}

func register(p *Notifier) {} // want register:"no effects"

func init() { register(&hooked) } // want init:"no effects"

func Hooked(ctx context.Context, msg string) error { // want Hooked:"effects: dynamic_call/call"
	return hooked.Notify(ctx, msg)
}

// faked is never set (a test would set it): production code calls a
// nil interface, which is no resolution either.
var faked Notifier

func Faked(ctx context.Context, msg string) error { // want Faked:"effects: dynamic_call/call"
	return faked.Notify(ctx, msg)
}
