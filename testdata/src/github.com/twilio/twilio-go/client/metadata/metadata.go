// Stub of github.com/twilio/twilio-go@v1.31.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package metadata

import "net/http"

type BaseMetadata struct {
	StatusCode int
	Headers    http.Header
}

type ResourceMetadata[T any] struct {
	*BaseMetadata
	Resource T
}
