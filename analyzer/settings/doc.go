// Package settings is the one reader of what an analysis reads besides Go
// code: the config (.jobeffects.yaml, found at the module root or given
// with -config), the baseline (-baseline, or the config's baseline:), and
// the migrations whose triggers add implicit effects (the config's
// migrations: globs, relative to the config's own directory, or the
// default globs under the module root).
//
// It is also the one place that knows where a package's settings are
// found from and what its positions are relative to: the requests every
// caller makes are built here (ForPackage for a pass, ForModule after it,
// ForRun for the run's own config, ForConfig for -config alone), and
// nothing outside finds a module root.
//
// A Session resolves each request once (Load, LoadConfig), reads each
// file once, and records every file it read with the hash of the bytes it
// parsed (Settings.Inputs); what it keeps lives as long as the run that
// holds it (the command makes one per run; a go vet process uses
// Process). The caches key on exactly that list: the command's run cache
// verifies a replay by resolving the session's recorded requests again
// (Session.Resolved, Verify), the fact cache names a main-module package
// by its settings' Digest, and go vet's version line hashes VetInputs.
// Nothing else opens these files, so a change to any of them — whatever
// its extension or directory — changes the keys.
//
// The command applies the baseline after the analysis, not in it
// (cmd/jobeffects/reportopts.go): its analysis asks for none
// (Flags.NoBaseline: neither -baseline nor the config's baseline: is
// read or recorded, so the run cache's entry does not depend on either),
// and ReportBaseline reads the one a pass would have read afterwards,
// with the same errors. It does so in the analysis's session, or in a
// replay's that the run cache entry vouched for (Session.Vouch: the
// configs the analysis built, by path and content): a config known to
// build is parsed for its baseline: and not built again.
//
// Under -safe (Flags.Safe) the module is untrusted: a config, baseline or
// migration it names must resolve (symbolic links followed) inside the
// module, and errors about those files never quote them.
package settings
