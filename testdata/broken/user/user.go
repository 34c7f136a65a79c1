// Package user imports the broken package, which does not type-check: it is
// analysed all the same (its own code type-checks), and its call into the
// broken package is read by the callee's name.
package user

import "example.com/broken"

// Use is a declared handler whose only call goes into the broken package.
//
//jobeffects:handler broken:use
func Use() error { return broken.Handler() }
