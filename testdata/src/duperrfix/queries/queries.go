// Package queries holds SQL in query tables, mint-app's sqlqueries shape:
// exported package-level struct values of strings, each field filled by
// the declaration from an embedded file or a constant, read by other
// packages. Near misses: a table a function reassigns a field of, a table
// whose address escapes, a struct that is not strings alone.
package queries

import _ "embed"

//go:embed SQL/audit_create.sql
var auditCreate string

//go:embed SQL/audit_get.sql
var auditGet string

const eventCreate = "insert into de_events (id, body) values (:id, :body)"

type auditScripts struct {
	Create      string
	GetByPlan   string
	DeleteByDay string
	Unset       string
}

// Audit holds the SQL of the audits table.
var Audit = auditScripts{ // want Audit:`query table \[Create DeleteByDay GetByPlan\]`
	Create:      auditCreate,
	GetByPlan:   auditGet,
	DeleteByDay: "delete from de_audits where day < $1",
}

type eventScripts struct{ Create string }

// Event holds the SQL of the events table.
var Event = eventScripts{Create: eventCreate} // want Event:`query table \[Create\]`

// Mutable is reassigned at run time: its texts are not read.
var Mutable = auditScripts{Create: auditCreate}

func UseOther(q string) { Mutable.Create = q } // want UseOther:`^effects: memory_write/set`

// Escaped has its address taken: not read.
var Escaped = auditScripts{Create: auditCreate}

func Table() *auditScripts { return &Escaped } // want Table:`^no effects$`

// Limited is a configuration, not a table of texts: not read.
var Limited = struct {
	Create string
	Limit  int
}{Create: auditCreate, Limit: 3}
