// Package tapi declares a registrar interface that another package
// (tworker) implements: its callers in a third package register through
// the implementations the program has.
package tapi

// Registrar registers an activity.
type Registrar interface {
	Register(a interface{})
}
