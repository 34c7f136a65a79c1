//go:build unix

package e2etest

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive lock on path (created if missing) and
// returns its release. The kernel releases it if the process dies, so a
// killed test binary leaves no lock behind.
func lockFile(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
