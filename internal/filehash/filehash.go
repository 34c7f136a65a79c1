// Package filehash hashes files into the keys of the command's caches
// (the run cache, the fact cache, go vet's version line): one way to add
// a file to a key, shared by all three.
package filehash

import (
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Content adds a file's contents only.
func Content(h hash.Hash, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(h, f)
	return err
}

// File adds a file's name and contents; a missing file adds its name.
func File(h hash.Hash, path string) error {
	fmt.Fprintf(h, "\x00%s\x00", path)
	return Content(h, path)
}

// Under reports whether path is dir or lies below it.
func Under(path, dir string) bool {
	return dir != "" && (path == dir || strings.HasPrefix(path, dir+string(filepath.Separator)))
}
