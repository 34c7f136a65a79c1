// Package catalog is jobeffects' library and framework knowledge as data:
// one YAML file per library or job framework, embedded in the binary.
//
// A file has up to four sections:
//
//	frameworks:     the job systems it describes: name, retry (what
//	                happens when the code sets no retry policy), runs and
//	                backoff (the default policy's retry horizon), once_note
//	                (what still runs a job again when the code allows a
//	                single run), once_since (the module version from
//	                which once_note holds; before it a single run is at
//	                most once, unless the program calls one of its
//	                unless calls): Framework, read here; enqueues (the
//	                library's enqueue calls, read for the retry policy
//	                they set), custom_backoff (the config field that
//	                replaces the default backoff), replays (dead-letter
//	                replay calls) and dedup_options (enqueue options that
//	                dedupe at enqueue time): discovery
//	registrations:  calls that register handlers (discovery)
//	shapes:         signatures that make a function a handler (discovery)
//	libraries:      packages matched against models instead of analysed,
//	                and the models of their calls (models)
//
// Package catalog reads the frameworks (Lookup, RetryDefault, OnceNote:
// package inventory asks it, not discovery), package models the
// libraries, package discovery the registrations and shapes, so that
// everything about one framework (asynq.yaml: how its handlers are
// registered, its default retries, the effects of its client calls) is in
// one file. The discovery sections' schema is this package's
// (Registration, Shape, TaskSource, in schema.go): package discovery
// applies the rules, package config reads a project's registrations in
// the same schema, and package settings merges those into discovery's
// rules, so that neither config nor inventory imports discovery. The code
// that reads retry options set in code is in discovery/retry_<framework>.go.
package catalog

import (
	"embed"
	"io/fs"
	"path"
	"sort"
)

//go:embed *.yaml
var files embed.FS

// File is one catalog file.
type File struct {
	Name string
	Data []byte
}

// Files returns the catalog's files sorted by name.
func Files() ([]File, error) {
	names, err := fs.Glob(files, "*.yaml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := make([]File, 0, len(names))
	for _, name := range names {
		data, err := files.ReadFile(name)
		if err != nil {
			return nil, err
		}
		out = append(out, File{Name: path.Base(name), Data: data})
	}
	return out, nil
}
