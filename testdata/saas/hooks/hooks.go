// Package hooks is a library of another module (replaced into testdata/saas
// from this directory) whose functions call function values: the whole
// program resolves those calls, or cannot.
package hooks

import "strings"

// transforms are looked up by name: a call through the map reaches only
// these functions.
var transforms = map[string]func(string) string{"upper": strings.ToUpper, "trim": strings.TrimSpace}

// Transform applies a named transform.
func Transform(name, s string) string {
	if f, ok := transforms[name]; ok {
		return f(s)
	}
	return s
}

// OnEvent is set by the application, if at all.
var OnEvent func(string)

// Fire calls the application's hook.
func Fire(s string) {
	if OnEvent != nil {
		OnEvent(s)
	}
}
