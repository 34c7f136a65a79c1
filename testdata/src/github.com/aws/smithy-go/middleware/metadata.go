// Stub of github.com/aws/smithy-go@v1.28.9 for analysistest: declarations mirror the real API (subset); bodies are empty.

package middleware

type Metadata struct {
	values map[interface{}]interface{}
}

func (m Metadata) Get(key interface{}) interface{} { return m.values[key] }

func (m Metadata) Clone() Metadata { return m }

func (m *Metadata) Set(key, value interface{}) {}

func (m Metadata) Has(key interface{}) bool { return false }
