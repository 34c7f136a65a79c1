// Stub of entgo.io/ent@v0.14.5 for analysistest: declarations mirror the real API; bodies are empty.

package schema

type Annotation interface {
	Name() string
}
