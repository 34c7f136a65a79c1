// Package kvlog is another module's logger in the shape of openimsdk's
// tools/log (not that library): a default logger in an unexported
// interface-typed variable, and key-value pairs whose values implementing
// Formatter are formatted (kv[i].(Formatter).Format()). Slice implements
// Formatter; a program that never instantiates it has no type the
// assertion can succeed with.
package kvlog

import (
	"context"
	"fmt"
)

type Formatter interface {
	Format() any
}

type Logger interface {
	Error(ctx context.Context, msg string, kv ...any)
}

type zl struct{ name string }

func (l *zl) Error(ctx context.Context, msg string, kv ...any) {
	kv = l.kvAppend(kv)
	_ = fmt.Sprint(l.name, msg, kv)
}

func (l *zl) kvAppend(kv []any) []any {
	for i := range kv {
		if f, ok := kv[i].(Formatter); ok && f != nil {
			kv[i] = f.Format()
		}
	}
	return kv
}

var std Logger

func init() { std = &zl{name: "default"} }

// ZError logs through the default logger.
func ZError(ctx context.Context, msg string, kv ...any) { std.Error(ctx, msg, kv...) }

// Slice formats at most its first 30 elements.
type Slice[T any] []T

func (s Slice[T]) Format() any {
	if len(s) > 30 {
		return s[:30]
	}
	return s
}
