// Stub of github.com/segmentio/kafka-go@v0.4.51 for analysistest: declarations mirror the real API (subset); bodies are empty.

package protocol

import "time"

type Header struct {
	Key   string
	Value []byte
}

type Bytes interface {
	ReadAt([]byte, int64) (int, error)
	Len() int
	Close() error
}

type Record struct {
	Offset  int64
	Time    time.Time
	Key     Bytes
	Value   Bytes
	Headers []Header
}

type RecordReader interface {
	ReadRecord() (*Record, error)
}

type Message interface {
	ApiKey() ApiKey
}

type ApiKey int16
