// Package user imports the broken package: it cannot be analysed, and
// jobeffects says so, naming the dependency.
package user

import "example.com/broken"

func Use() error { return broken.Handler() }
