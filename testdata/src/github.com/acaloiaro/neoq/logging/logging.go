// Stub of github.com/acaloiaro/neoq@v0.72.2 for analysistest: declarations mirror the real API (subset); bodies are empty.

package logging

import (
	"log/slog"
)

type Logger interface {
	Debug(msg string, args ...any)
	Error(msg string, args ...any)
	Info(msg string, args ...any)
}

type LogLevel int

const (
	LogLevelError LogLevel = 8
	LogLevelInfo  LogLevel = 0
	LogLevelDebug LogLevel = -4
)

func (l LogLevel) Level() slog.Level {
	var r0 slog.Level
	return r0
}
