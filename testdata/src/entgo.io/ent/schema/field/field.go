// Stub of entgo.io/ent@v0.14.5 for analysistest: declarations mirror the real API; bodies are empty.
// Only String and Int builders (with a few options) are declared.

package field

import "entgo.io/ent/schema"

type TypeInfo struct {
	Type     uint8
	Ident    string
	PkgPath  string
	PkgName  string
	Nillable bool
}

type Descriptor struct {
	Tag              string
	Size             int
	Name             string
	Info             *TypeInfo
	ValueScanner     any
	Unique           bool
	Nillable         bool
	Optional         bool
	Immutable        bool
	Default          any
	UpdateDefault    any
	Validators       []any
	StorageKey       string
	Enums            []struct{ N, V string }
	Sensitive        bool
	SchemaType       map[string]string
	Annotations      []schema.Annotation
	Comment          string
	Deprecated       bool
	DeprecatedReason string
	Err              error
}

func String(name string) *stringBuilder { return &stringBuilder{&Descriptor{Name: name}} }

type stringBuilder struct {
	desc *Descriptor
}

func (b *stringBuilder) Unique() *stringBuilder          { return b }
func (b *stringBuilder) NotEmpty() *stringBuilder        { return b }
func (b *stringBuilder) Default(s string) *stringBuilder { return b }
func (b *stringBuilder) Optional() *stringBuilder        { return b }
func (b *stringBuilder) Descriptor() *Descriptor         { return b.desc }

func Int(name string) *intBuilder { return &intBuilder{&Descriptor{Name: name}} }

type intBuilder struct {
	desc *Descriptor
}

func (b *intBuilder) Unique() *intBuilder       { return b }
func (b *intBuilder) NonNegative() *intBuilder  { return b }
func (b *intBuilder) Positive() *intBuilder     { return b }
func (b *intBuilder) Default(i int) *intBuilder { return b }
func (b *intBuilder) Optional() *intBuilder     { return b }
func (b *intBuilder) Descriptor() *Descriptor   { return b.desc }
