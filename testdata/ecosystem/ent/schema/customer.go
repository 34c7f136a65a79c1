// Package schema holds the ent schema of example.com/ecosystem: one entity.
package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/field"
)

// Customer holds the schema definition for the Customer entity.
type Customer struct {
	ent.Schema
}

// Fields of the Customer.
func (Customer) Fields() []ent.Field {
	return []ent.Field{
		field.String("email").Unique(),
		field.Int("balance").Default(0),
	}
}
