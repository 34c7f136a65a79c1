//go:build !unix

package e2etest

import "errors"

// lockFile: no file lock here; Build builds a binary per test binary.
func lockFile(string) (func(), error) { return nil, errors.New("no file lock") }
