// Package config reads a project's .jobeffects.yaml: effect models for
// in-house APIs (effects:) and the project's own guard functions (guards:),
// in the catalog's model format.
//
// The file is found at the module root (the directory of the go.mod above
// the package) unless a path is given with -config. Every error names the
// file, the line and the field, and is reported as an analysis error, so a
// bad config fails the run instead of silently changing verdicts. A file is
// read once per process.
package config
