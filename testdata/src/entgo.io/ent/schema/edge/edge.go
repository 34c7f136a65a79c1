// Stub of entgo.io/ent@v0.14.5 for analysistest: declarations mirror the real API; bodies are empty.
// Only the Descriptor type is declared.

package edge

type Descriptor struct {
	Tag      string
	Type     string
	Name     string
	Field    string
	RefName  string
	Unique   bool
	Inverse  bool
	Required bool
}
