package main

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/jobeffects/jobeffects/internal/filehash"
)

var timeNow = time.Now

// exeIdentity names this executable's build for stdvetx.go's keys, each
// of which a vet unit process computes: the Go build ID of an ELF binary
// (its last part is the hash of the linked content, which go build writes
// there), read from its note in a few microseconds, instead of hashing the
// 35 MB file (0.15 CPU s, more than many a unit's whole work). A binary
// without one (not ELF, or linked with -buildid=) is hashed by content.
func exeIdentity() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	if id := elfBuildID(exe); id != "" {
		return "buildid " + id, nil
	}
	h := sha256.New()
	if err := filehash.Content(h, exe); err != nil {
		return "", err
	}
	return fmt.Sprintf("sha256 %x", h.Sum(nil)), nil
}

// elfBuildID returns the Go build ID note of an ELF file ("" if none, or
// if it lacks the content part).
func elfBuildID(path string) string {
	f, err := elf.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	s := f.Section(".note.go.buildid")
	if s == nil {
		return ""
	}
	data, err := s.Data()
	if err != nil || len(data) < 16 {
		return ""
	}
	// An ELF note: name size, descriptor size, type, name (padded to 4),
	// descriptor.
	order := f.ByteOrder
	namesz, descsz := order.Uint32(data[0:]), order.Uint32(data[4:])
	nameEnd := 12 + (namesz+3)&^3
	if namesz != 4 || !bytes.Equal(data[12:16], []byte("Go\x00\x00")) || uint64(nameEnd)+uint64(descsz) > uint64(len(data)) {
		return ""
	}
	id := string(data[nameEnd : nameEnd+descsz])
	if !strings.Contains(id, "/") {
		return ""
	}
	return id
}
