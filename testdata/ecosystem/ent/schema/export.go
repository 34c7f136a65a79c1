package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
)

// Export holds the schema definition for the Export entity: its id is
// given by the code (SetID), not drawn by the database.
type Export struct {
	ent.Schema
}

// Fields of the Export.
func (Export) Fields() []ent.Field {
	return []ent.Field{
		field.String("id"),
		field.String("name"),
	}
}
