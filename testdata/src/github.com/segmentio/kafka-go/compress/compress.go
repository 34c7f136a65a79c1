// Stub of github.com/segmentio/kafka-go@v0.4.51 for analysistest: declarations mirror the real API (subset); bodies are empty.

package compress

type Compression int8

const (
	None   Compression = 0
	Gzip   Compression = 1
	Snappy Compression = 2
	Lz4    Compression = 3
	Zstd   Compression = 4
)
