// Stub of github.com/jackc/pgx/v5@v5.12.0 for analysistest: declarations mirror the real API; bodies are empty.

// Package pgtype: only the handful of declarations referenced by pgx's public
// interfaces (Rows.TypeMap, Conn.TypeMap, Conn.LoadType) are stubbed.
package pgtype

// Map is the mapping between PostgreSQL server types and Go type handling logic.
type Map struct {
	oidToType  map[uint32]*Type
	nameToType map[string]*Type
}

func NewMap() *Map { return &Map{} }

func (m *Map) RegisterType(t *Type) {}

func (m *Map) TypeForOID(oid uint32) (*Type, bool) { return nil, false }

func (m *Map) TypeForName(name string) (*Type, bool) { return nil, false }

// Type represents a PostgreSQL data type. (Real type also has a Codec field.)
type Type struct {
	Name string
	OID  uint32
}
