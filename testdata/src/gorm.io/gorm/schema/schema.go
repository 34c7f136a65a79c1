// Stub of gorm.io/gorm@v1.31.2 for analysistest: declarations mirror the real API (subset of fields); bodies are empty.

package schema

import "reflect"

// DataType GORM data type
type DataType string

type Schema struct {
	Name                    string
	ModelType               reflect.Type
	Table                   string
	PrioritizedPrimaryField *Field
	DBNames                 []string
	PrimaryFields           []*Field
	PrimaryFieldDBNames     []string
	Fields                  []*Field
	FieldsByName            map[string]*Field
	FieldsByBindName        map[string]*Field // embedded fields is 'Embed.Field'
	FieldsByDBName          map[string]*Field
}

type Field struct {
	Name              string
	DBName            string
	BindNames         []string
	EmbeddedBindNames []string
	DataType          DataType
	GORMDataType      DataType
	PrimaryKey        bool
	AutoIncrement     bool
	Schema            *Schema
}

type Relationship struct {
	Name   string
	Schema *Schema
}

// Namer namer interface
type Namer interface {
	TableName(table string) string
	SchemaName(table string) string
	ColumnName(table, column string) string
	JoinTableName(joinTable string) string
	RelationshipFKName(Relationship) string
	CheckerName(table, column string) string
	IndexName(table, column string) string
	UniqueName(table, column string) string
}
