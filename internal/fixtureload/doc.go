// Package fixtureload loads the fixture packages of a testdata GOPATH
// (testdata/src, as analysistest reads it) for tests, and shares one load
// among the tests of a binary.
//
// A load parses and type-checks the standard library from source, 1–7
// CPU seconds whatever the fixture, which a load per test repeated until
// the tests of a package passed go test's 10-minute timeout on a busy
// 2-core machine. A Set loads all the fixtures its tests name at once;
// each test then takes its own root packages from it (Roots), in the
// order a load of its patterns alone returns them, and starts its
// analysis from those: only the loaded syntax and types are shared, which
// no analysis changes (each builds its own SSA program).
package fixtureload
