// Package models holds what jobeffects knows about libraries: which calls
// have which side effects, which values are transaction handles, which
// errors mean "no rows", which functions make random keys.
//
// Models are data, not code: the libraries sections of the embedded
// catalog (package catalog, one file per library or framework) are parsed
// once per process into an Index, which the
// summariser consults for every call. Packages a catalog entry lists are
// "modeled": jobeffects matches calls into them against the catalog and does
// not descend into their bodies; a call the catalog does not list has no
// effect. The standard library is treated the same way. Everything else is
// analysed like the user's own code.
//
// Calls are matched on the declared function (types.Func.FullName of the
// generic origin, type parameters removed), so a method promoted through
// embedding matches the model of the method it promotes. Entries may also
// name methods of any type in a package (go-redis's commands live on an
// unexported type and reach users through several interfaces), and a
// structural rule recognises SQL executors by shape: Exec/Query*/QueryRow*
// taking (ctx?, string, ...any), which is what sqlc's DBTX interface and
// hand-written repository interfaces look like.
package models
