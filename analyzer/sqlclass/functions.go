package sqlclass

import (
	_ "embed"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// funcEffect classifies one function call found in a statement. It returns
// ok=false for a function known to be read-only (the allow-list below, or
// anything qualified pg_catalog. other than the few writing builtins). Every
// other function is a Call: a user-defined function can modify data, and we
// never guess that it does not.
func funcEffect(fc *pg_query.FuncCall) (st Stmt, ok bool) {
	parts := stringsOf(fc.Funcname)
	if len(parts) == 0 {
		return Stmt{}, false
	}
	name := parts[len(parts)-1]
	schema := strings.Join(parts[:len(parts)-1], ".")
	if schema == "" || schema == "pg_catalog" {
		switch name {
		case "nextval":
			return Stmt{Op: Nextval, Table: argRelName(fc, 0), Detail: "nextval() advances a sequence"}, true
		case "setval":
			return Stmt{Op: UpdateSet, Table: argRelName(fc, 0), Detail: "setval() sets a sequence"}, true
		case "pg_notify":
			ch := ""
			if len(fc.Args) > 0 {
				ch, _ = constString(fc.Args[0])
			}
			return Stmt{Op: Notify, Table: ch, Detail: "pg_notify() sends a notification"}, true
		}
		if writingBuiltins[name] {
			return Stmt{Op: Call, Detail: "builtin " + name + "() writes outside the statement's tables"}, true
		}
		if schema == "pg_catalog" || readOnlyFuncs[name] {
			return Stmt{}, false
		}
	}
	full := name
	if schema != "" {
		full = schema + "." + name
	}
	// Function names it for the caller, who may know its body from the
	// migrations; PostgreSQL folds the unquoted name to lower case, which
	// the parser has done.
	return Stmt{Op: Call, Detail: "function " + full + "() may write", Function: full, CallArgs: callArgs(fc)}, true
}

// argRelName returns the relation named by the i-th argument when it is a
// string constant ('seq', 'public.seq', '"MySeq"'::regclass), folded the way
// regclass input folds it; "" otherwise.
func argRelName(fc *pg_query.FuncCall, i int) string {
	if len(fc.Args) <= i {
		return ""
	}
	s, ok := constString(fc.Args[i])
	if !ok {
		return ""
	}
	return foldQualifiedName(s)
}

// foldQualifiedName folds a textual, possibly dotted and quoted, identifier
// as PostgreSQL does: unquoted parts are lower-cased, quoted parts keep their
// case and lose their quotes ("" inside quotes is one quote).
func foldQualifiedName(s string) string {
	var parts []string
	var b strings.Builder
	inQuote := false
	quoted := false
	flush := func() {
		p := b.String()
		if !quoted {
			p = strings.ToLower(strings.TrimSpace(p))
		}
		parts = append(parts, p)
		b.Reset()
		quoted = false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inQuote && c == '"' && i+1 < len(s) && s[i+1] == '"':
			b.WriteByte('"')
			i++
		case c == '"':
			inQuote = !inQuote
			quoted = true
		case !inQuote && c == '.':
			flush()
		default:
			b.WriteByte(c)
		}
	}
	flush()
	return strings.Join(parts, ".")
}

// writingBuiltins are builtin functions (unqualified or pg_catalog.) that
// change state outside the statement's target tables and are not modelled
// as a more specific Op.
var writingBuiltins = set(
	"lo_create", "lo_creat", "lo_import", "lo_export", "lo_unlink", "lo_put",
	"lo_from_bytea", "lowrite", "lo_truncate", "lo_truncate64",
	"pg_terminate_backend", "pg_cancel_backend", "pg_reload_conf", "pg_rotate_logfile",
	"pg_file_write", "pg_switch_wal", "pg_create_restore_point",
	"pg_create_logical_replication_slot", "pg_create_physical_replication_slot",
	"pg_drop_replication_slot", "pg_logical_emit_message",
	"dblink_exec", "dblink_send_query",
)

// readOnlyFuncs are the builtin (and common extension) functions that read
// or compute but do not modify data: the catalog's non-volatile functions
// (pgcatalog.txt) and the volatile or newer ones listed below. Random and
// clock functions are nondeterministic but have no effect; advisory locks,
// set_config and size functions affect only the session or transaction, or
// read, like LOCK and SET. Constructs that the grammar turns into their own
// nodes (COALESCE, GREATEST, LEAST, NULLIF, CASE, CURRENT_TIMESTAMP, ...)
// or into pg_catalog.-qualified calls (EXTRACT, TRIM, SUBSTRING ... FROM,
// POSITION, OVERLAY) need no entry; casts written as calls (date(x),
// timestamp(x), int4(x)) are catalog functions.
var readOnlyFuncs = func() map[string]bool {
	m := set(
		// volatile builtins without a data effect
		"random", "setseed", "clock_timestamp", "timeofday", "gen_random_uuid",
		"currval", "lastval", "set_config", "pg_sleep", "pg_sleep_for", "pg_sleep_until",
		"pg_advisory_lock", "pg_advisory_lock_shared", "pg_advisory_unlock",
		"pg_advisory_unlock_shared", "pg_advisory_unlock_all", "pg_advisory_xact_lock",
		"pg_advisory_xact_lock_shared", "pg_try_advisory_lock",
		"pg_try_advisory_lock_shared", "pg_try_advisory_xact_lock",
		"pg_try_advisory_xact_lock_shared", "pg_relation_size", "pg_table_size",
		"pg_indexes_size", "pg_total_relation_size", "pg_database_size",
		"pg_is_in_recovery", "pg_current_wal_lsn", "pg_lock_status", "pg_blocking_pids",
		"pg_xact_status", "txid_status", "current_query", "pg_sequence_last_value",
		// constructs the grammar may also see as calls
		"row", "greatest", "least", "coalesce", "nullif", "trim",
		// newer than the catalog the list was made from (PostgreSQL 16-18)
		"any_value", "array_reverse", "array_sample", "array_shuffle", "array_sort",
		"casefold", "crc32", "crc32c", "date_add", "date_subtract", "json_scalar",
		"json_serialize", "json_agg_strict", "json_object_agg_strict",
		"json_object_agg_unique", "json_object_agg_unique_strict", "jsonb_agg_strict",
		"jsonb_object_agg_strict", "jsonb_object_agg_unique",
		"jsonb_object_agg_unique_strict", "jsonb_populate_record_valid", "random_normal",
		"uuid_extract_timestamp", "uuid_extract_version", "uuidv4", "uuidv7",
		"xmlconcat", "xmlelement", "xmlforest",
		// extensions: pgcrypto, uuid-ossp, pg_trgm
		"crypt", "digest", "gen_random_bytes", "gen_salt", "hmac", "pgp_sym_decrypt",
		"pgp_sym_encrypt", "uuid_generate_v1", "uuid_generate_v1mc", "uuid_generate_v4",
		"uuid_nil", "similarity", "word_similarity",
	)
	for _, line := range strings.Split(pgCatalog, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			m[line] = true
		}
	}
	return m
}()

//go:embed pgcatalog.txt
var pgCatalog string

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
