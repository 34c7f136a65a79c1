// Package ssatest builds SSA from a Go source string for unit tests of the
// walks over SSA values and types: a test writes the shape it needs (a
// loop phi, a struct storing a load of its own field, closures calling
// each other) as a few lines of Go and gets the package, its functions and
// their values, without loading a module.
//
// It also bounds a walk's time (Within): a walk that meets a cycle it does
// not guard against either overflows the stack, which kills the test
// binary, or loops, which Within turns into a failure.
package ssatest
