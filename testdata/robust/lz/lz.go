// Package lz compresses with github.com/ulikunitz/xz/lzma v0.5.12, whose
// lzma.NewWriter stores a load of the writer's own field into another
// (w.bw = w.buf): summarising it once recursed until the stack overflowed,
// and every run with xz among its dependencies died.
package lz

import (
	"bytes"

	"github.com/ulikunitz/xz/lzma"
)

// Compress returns data compressed in the classic LZMA format.
func Compress(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	w, err := lzma.NewWriter(&buf)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
