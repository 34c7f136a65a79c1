// Package atomicfile writes a cache entry whole or not at all: the data
// goes to a temporary file beside the entry, which is then renamed over
// it. Processes that read the cache while others write it (go vet's units
// run in parallel, as do CI jobs sharing a cache) see the old entry, the
// new one or none, never half of one.
package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
)

// Write writes data to path (mode 0600), creating its directory with
// dirPerm when missing.
func Write(path string, data []byte, dirPerm os.FileMode) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, dirPerm); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "tmp-*") // mode 0600
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return errors.Join(werr, cerr)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
