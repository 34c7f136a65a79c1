// Package logx is a logger that keeps its hooks in collection fields,
// filled only through exported methods: what a hook call runs is what
// the program hands those methods (hookslice/app), nothing else.
package logx

import "context"

type Logger struct {
	// errHooks and sinks are filled by AddErrorMapper and AddSink, which
	// the application calls; auditors by AddAuditor, which nothing in the
	// program calls (another program may).
	errHooks []func(context.Context, error) context.Context
	sinks    map[string]func(ctx context.Context, msg string)
	auditors []func(ctx context.Context, err error)
}

func New() *Logger { return &Logger{sinks: map[string]func(context.Context, string){}} }

func (l *Logger) AddErrorMapper(m func(context.Context, error) context.Context) {
	l.errHooks = append(l.errHooks, m)
}

func (l *Logger) AddSink(name string, s func(ctx context.Context, msg string)) { l.sinks[name] = s }

func (l *Logger) AddAuditor(a func(ctx context.Context, err error)) {
	l.auditors = append(l.auditors, a)
}

// Error runs every error hook.
func (l *Logger) Error(ctx context.Context, err error) {
	for _, h := range l.errHooks {
		ctx = h(ctx, err)
	}
}

// Print hands the message to every sink.
func (l *Logger) Print(ctx context.Context, msg string) {
	for _, s := range l.sinks {
		s(ctx, msg)
	}
}

// Audit runs every auditor.
func (l *Logger) Audit(ctx context.Context, err error) {
	for _, a := range l.auditors {
		a(ctx, err)
	}
}
