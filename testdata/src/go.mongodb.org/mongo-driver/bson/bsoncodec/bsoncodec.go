// Stub of go.mongodb.org/mongo-driver@v1.17.10 for analysistest: declarations mirror the real API (subset); bodies are empty.

package bsoncodec

type Registry struct {
	typeEncoders map[string]interface{}
}
