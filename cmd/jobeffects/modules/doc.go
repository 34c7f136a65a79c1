// Package modules groups the end-to-end tests of the jobeffects command on
// the framework modules under testdata, one test package per module
// (consumers, drivers, ecosystem, locks, routes, saas, shapes): each imports real libraries, so its
// first go vet downloads and type-checks every one of them, which on empty
// caches is most of the test suite's time. A package each gives each
// module go test's whole 10-minute budget and lets go test run them side
// by side; the command's own behaviour (output formats, caches, exit
// codes) is tested on the example module in cmd/jobeffects.
package modules
