// Package modules holds the end-to-end tests of the jobeffects command on
// the framework modules under testdata (consumers, ecosystem, routes,
// saas): each imports real libraries, so go vet compiles them and the
// command loads them, which is most of the test suite's time. They are a
// test package of their own so that each of the two stays well inside go
// test's 10-minute timeout per package and the two run side by side; the
// command's own behaviour (output formats, caches, exit codes) is tested
// on the example module in cmd/jobeffects.
package modules
