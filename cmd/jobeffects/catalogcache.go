package main

import "path/filepath"

// catalogCacheDir is where the parsed catalog is kept between processes
// (catalog.CacheIn): under go vet each package is a process that would
// otherwise parse the catalog's YAML again. It is in the run cache's
// directory, so JOBEFFECTS_CACHE=off turns it off too and the daily trim
// (cacheclean.go) removes an entry unused for five days; "" for none.
func catalogCacheDir() string {
	runs := cacheDir()
	if runs == "" {
		return ""
	}
	return filepath.Join(runs, "catalog")
}

// schemaCacheDir is where a module's Go-schema scan is kept between
// processes (settings.CacheIn): under go vet every main-module package is
// a process that would otherwise read every Go file of the module again.
// Beside the catalog's, for the same reasons; "" for none.
func schemaCacheDir() string {
	runs := cacheDir()
	if runs == "" {
		return ""
	}
	return filepath.Join(runs, "schema")
}
