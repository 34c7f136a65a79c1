// Stub of go.mongodb.org/mongo-driver/v2@v2.10.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package optionsutil

type Options struct {
	values *map[string]any
}

func WithValue(opts Options, key string, option any) Options { return opts }

func Value(opts Options, key string) any { return nil }
