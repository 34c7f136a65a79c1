// Stub of entgo.io/ent@v0.14.5 for analysistest: declarations mirror the real API; bodies are empty.
// Only the Descriptor type is declared.

package index

type Descriptor struct {
	Unique bool
	Edges  []string
	Fields []string
}
