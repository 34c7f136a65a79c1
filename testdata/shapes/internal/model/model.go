// Package model keeps order states in package-level variables: read as
// the constants they are initialised to when nothing else assigns them.
package model

var (
	StatePaid   int64 = 1
	StateCancel int64 = -1
	// StateMoved is assigned at run time (Renumber): not a constant.
	StateMoved int64 = 2
)

// Renumber changes StateMoved at run time.
func Renumber() { StateMoved = 3 }
