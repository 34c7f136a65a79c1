// Package log is a stub of github.com/labstack/gommon/log (echo's logger):
// the package-level functions write through a global Logger, whose line
// is rendered by a template the application may set.
package log

import (
	"fmt"
	"io"
)

type Logger struct {
	output io.Writer
	render func(i ...interface{}) string
}

var global = &Logger{}

func SetOutput(w io.Writer) { global.output = w }

func SetRender(f func(i ...interface{}) string) { global.render = f }

func (l *Logger) Warn(i ...interface{}) { fmt.Fprintln(l.output, l.render(i...)) }

func Warn(i ...interface{}) { global.Warn(i...) }
