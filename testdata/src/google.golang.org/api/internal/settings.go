// Stub of google.golang.org/api@v0.304.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package internal

type DialSettings struct {
	Endpoint        string
	CredentialsFile string
	NoAuth          bool
}
