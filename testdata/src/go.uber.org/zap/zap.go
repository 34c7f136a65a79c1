// Package zap is a stub of go.uber.org/zap for the fixtures: its calls go
// through an interface, as the real logger's core does.
package zap

type Core interface{ Write(msg string) error }

type Logger struct{ core Core }

type Field struct{ Key, Value string }

func String(k, v string) Field { return Field{k, v} }

func L() *Logger { return &Logger{} }

func (l *Logger) Info(msg string, fields ...Field)  { l.core.Write(msg) }
func (l *Logger) Error(msg string, fields ...Field) { l.core.Write(msg) }
