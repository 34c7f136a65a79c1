// Package triggers finds the database triggers a module's migrations
// declare, so that a write to a table gains the effects of its triggers:
// the implicit side effects (an audit row, a pg_notify) that hand audits
// miss.
//
// Migration files (by default **/migrations/*.sql and **/*.up.sql under the
// module root; configurable) are parsed with the PostgreSQL parser. Each
// CREATE TRIGGER … ON table … EXECUTE FUNCTION f() is joined to CREATE
// FUNCTION f(), whose PL/pgSQL body is parsed too; every SQL statement in
// it is classified like any other SQL, with the migration's file and line
// as evidence. A dynamic EXECUTE in a trigger body is an unknown effect.
// The triggers and functions kept are the schema's after every up migration
// ran in their tools' order (by directory, then by name with numbers read as
// numbers: Flyway's V2 before V10) (live.go): down migrations are skipped (*.down.sql and
// *_down.sql files; goose, sql-migrate, dbmate and rambler down sections;
// what follows tern's "---- create above / drop below ----"), DROP TRIGGER,
// DROP FUNCTION and DROP TABLE remove, CREATE OR REPLACE replaces.
// A function keeps its parameters' names (Function.Params), so that a
// caller binds the constants a call passes to what its body inserts (the
// kind of a job a helper inserts into River's job table).
// The same parse keeps the tables the migrations create and their unique
// keys (constraints.go), against which a claim's conflict target is
// checked (rule claim-without-constraint).
// Schema kept in Go is read too (gosource.go): DDL in the constant strings
// of the module's non-test Go files and the .sql files they embed; the
// unique keys of ORM models' tags (models.go) and of ent's generated
// migration schema (entschema.go) count for the tables no migration
// creates.
// The settings package lists the files (Files, GoFiles) and reads them, keeping
// what it read for the caches' keys; this package only parses (Parse).
package triggers
