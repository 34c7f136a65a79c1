// Package rules is the table of the rules jobeffects reports: for each, its
// name (a diagnostic's category), a one-line summary, its documentation,
// its default severity, the fix in one sentence, and the anchor of its
// documentation.
//
// The table is data (rules.yaml) and the one source for everything that
// speaks about rules: the README's rules table and the rules' documentation
// page, docs/rules.md (tests keep both equal to it; -update rewrites them),
// the validation of //jobeffects:ignore directives, each diagnostic's URL,
// and the messages' closing fix. Code names rules by the constants in
// names.go; a test checks that every one of them is in the table.
package rules
