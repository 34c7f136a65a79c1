// Package twicetests writes, from an inventory, a test skeleton per
// handler that delivers it again with package twice: the handler called
// through its framework's adapter, the tables and HTTP targets its
// effects name as what to observe, the inventory's verdict on each as
// Options.Static, and TODOs where only the team knows (the input, the
// handler's dependencies, the fixture). `jobeffects twice-tests` is its
// command.
//
// It reads the handlers' package sources (syntax only) for what the
// inventory does not say: the package name, a River worker's argument
// type, a Watermill handler's shape, and whether the module uses pgx or
// database/sql. The skeletons are internal tests of the handler's package
// (unexported handlers can be named) and compile as written; each test
// skips until its TODOs are done.
package twicetests
