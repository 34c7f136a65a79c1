// Stub of github.com/aws/aws-sdk-go/aws/request@v1.44.327 for analysistest: declarations mirror the real API (subset); bodies are empty.
package request

type Request struct{}

type Option func(*Request)
