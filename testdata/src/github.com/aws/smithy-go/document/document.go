// Stub of github.com/aws/smithy-go@v1.28.9 for analysistest: declarations mirror the real API (subset); bodies are empty.

package document

type NoSerde struct{}

func (n NoSerde) noSmithyDocumentSerde() {}
