// Stub of github.com/oklog/ulid/v2@v2.1.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package ulid

import "io"

type ULID [16]byte

func New(ms uint64, entropy io.Reader) (id ULID, err error) { return }

func MustNew(ms uint64, entropy io.Reader) ULID { return ULID{} }

func Make() (id ULID) { return }

func (id ULID) String() string { return "" }
