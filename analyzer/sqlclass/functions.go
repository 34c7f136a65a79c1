package sqlclass

import (
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
	return Stmt{Op: Call, Detail: "function " + full + "() may write"}, true
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

// readOnlyFuncs is the allow-list of unqualified builtin (and common
// extension) functions that read or compute but do not modify data. Random
// and clock functions are nondeterministic but have no effect; advisory
// locks, set_config and txid/snapshot functions affect only the session or
// transaction, like LOCK and SET. Constructs that the grammar turns into
// their own nodes (COALESCE, GREATEST, LEAST, NULLIF, CASE, CURRENT_TIMESTAMP,
// ...) or into pg_catalog.-qualified calls (EXTRACT, TRIM, SUBSTRING ... FROM,
// POSITION, OVERLAY) need no entry.
var readOnlyFuncs = set(
	// aggregates
	"count", "sum", "avg", "min", "max", "array_agg", "string_agg", "json_agg",
	"jsonb_agg", "json_object_agg", "jsonb_object_agg", "json_agg_strict",
	"jsonb_agg_strict", "json_object_agg_strict", "jsonb_object_agg_strict",
	"json_object_agg_unique", "jsonb_object_agg_unique", "json_object_agg_unique_strict",
	"jsonb_object_agg_unique_strict", "xmlagg", "bool_and", "bool_or", "every",
	"bit_and", "bit_or", "bit_xor", "stddev", "stddev_pop", "stddev_samp", "variance",
	"var_pop", "var_samp", "corr", "covar_pop", "covar_samp", "regr_avgx", "regr_avgy",
	"regr_count", "regr_intercept", "regr_r2", "regr_slope", "regr_sxx", "regr_sxy",
	"regr_syy", "percentile_cont", "percentile_disc", "mode", "range_agg",
	"range_intersect_agg", "any_value",
	// window functions
	"row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag",
	"lead", "first_value", "last_value", "nth_value",
	// date/time
	"now", "transaction_timestamp", "statement_timestamp", "clock_timestamp",
	"timeofday", "date_trunc", "date_part", "date_bin", "date_add", "date_subtract",
	"extract", "age", "to_char", "to_date", "to_timestamp", "to_number",
	"make_date", "make_time", "make_timestamp", "make_timestamptz", "make_interval",
	"justify_days", "justify_hours", "justify_interval", "isfinite", "timezone",
	// strings
	"lower", "upper", "initcap", "length", "char_length", "character_length",
	"octet_length", "bit_length", "substring", "substr", "trim", "btrim", "ltrim",
	"rtrim", "lpad", "rpad", "concat", "concat_ws", "format", "replace", "translate",
	"reverse", "repeat", "left", "right", "position", "strpos", "split_part",
	"starts_with", "overlay", "ascii", "chr", "md5", "sha224", "sha256", "sha384",
	"sha512", "encode", "decode", "convert", "convert_from", "convert_to", "quote_ident",
	"quote_literal", "quote_nullable", "regexp_replace", "regexp_match",
	"regexp_matches", "regexp_split_to_array", "regexp_split_to_table", "regexp_like",
	"regexp_count", "regexp_instr", "regexp_substr", "string_to_array",
	"string_to_table", "array_to_string", "to_hex", "to_ascii", "unistr",
	"normalize", "casefold", "parse_ident", "get_byte", "get_bit", "set_byte",
	"set_bit", "crc32", "crc32c", "uuid_extract_timestamp", "uuid_extract_version",
	// math
	"abs", "ceil", "ceiling", "floor", "round", "trunc", "sign", "sqrt", "cbrt",
	"power", "pow", "exp", "ln", "log", "log10", "mod", "div", "pi", "degrees",
	"radians", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "width_bucket",
	"scale", "min_scale", "trim_scale", "gcd", "lcm", "factorial", "random",
	"random_normal", "setseed", "numeric", "int4", "int8", "float8", "text",
	// arrays and ranges
	"array_length", "array_lower", "array_upper", "array_ndims", "array_dims",
	"array_position", "array_positions", "array_remove", "array_replace",
	"array_append", "array_prepend", "array_cat", "array_fill", "array_sample",
	"array_shuffle", "cardinality", "unnest", "generate_series", "generate_subscripts",
	"trim_array", "array_reverse", "array_sort", "lower_inf", "upper_inf", "isempty",
	"range_merge", "int4range", "int8range", "numrange", "tsrange", "tstzrange", "daterange",
	// json / jsonb
	"to_json", "to_jsonb", "row_to_json", "array_to_json", "json_build_object",
	"jsonb_build_object", "json_build_array", "jsonb_build_array", "json_object",
	"jsonb_object", "json_array_length", "jsonb_array_length", "json_each",
	"jsonb_each", "json_each_text", "jsonb_each_text", "json_extract_path",
	"jsonb_extract_path", "json_extract_path_text", "jsonb_extract_path_text",
	"json_object_keys", "jsonb_object_keys", "json_populate_record",
	"jsonb_populate_record", "json_populate_recordset", "jsonb_populate_recordset",
	"json_to_record", "jsonb_to_record", "json_to_recordset", "jsonb_to_recordset",
	"json_array_elements", "jsonb_array_elements", "json_array_elements_text",
	"jsonb_array_elements_text", "json_typeof", "jsonb_typeof", "json_strip_nulls",
	"jsonb_strip_nulls", "jsonb_set", "jsonb_set_lax", "jsonb_insert",
	"jsonb_pretty", "jsonb_path_exists", "jsonb_path_match", "jsonb_path_query",
	"jsonb_path_query_array", "jsonb_path_query_first", "jsonb_path_exists_tz",
	"jsonb_path_query_tz", "jsonb_path_query_array_tz", "jsonb_path_query_first_tz",
	"json_scalar", "json_serialize", "jsonb_populate_record_valid",
	// uuid, crypto and text search (core, pgcrypto, uuid-ossp)
	"gen_random_uuid", "uuidv4", "uuidv7", "uuid_generate_v1", "uuid_generate_v1mc",
	"uuid_generate_v4", "uuid_nil", "gen_random_bytes", "digest", "hmac", "crypt",
	"gen_salt", "pgp_sym_encrypt", "pgp_sym_decrypt", "to_tsvector", "to_tsquery",
	"plainto_tsquery", "phraseto_tsquery", "websearch_to_tsquery", "ts_rank",
	"ts_rank_cd", "ts_headline", "setweight", "similarity", "word_similarity",
	// misc, system information, session/transaction-scoped state
	"nullif", "num_nulls", "num_nonnulls", "currval", "lastval", "pg_typeof",
	"current_setting", "set_config", "version", "current_database", "current_schema",
	"current_schemas", "current_user", "session_user", "inet_client_addr",
	"inet_server_addr", "pg_backend_pid", "pg_postmaster_start_time",
	"txid_current", "txid_current_if_assigned", "txid_current_snapshot",
	"txid_visible_in_snapshot", "pg_current_xact_id", "pg_current_xact_id_if_assigned",
	"pg_current_snapshot", "pg_sleep", "pg_sleep_for", "pg_sleep_until",
	"pg_advisory_lock", "pg_advisory_lock_shared", "pg_advisory_unlock",
	"pg_advisory_unlock_shared", "pg_advisory_unlock_all", "pg_advisory_xact_lock",
	"pg_advisory_xact_lock_shared", "pg_try_advisory_lock",
	"pg_try_advisory_lock_shared", "pg_try_advisory_xact_lock",
	"pg_try_advisory_xact_lock_shared", "pg_column_size", "pg_relation_size",
	"pg_total_relation_size", "pg_table_size", "pg_indexes_size",
	"pg_size_pretty", "pg_database_size", "has_table_privilege",
	"has_schema_privilege", "has_column_privilege", "to_regclass", "to_regtype",
	"obj_description", "col_description", "format_type", "pg_get_serial_sequence",
	"host", "hostmask", "netmask", "network", "masklen", "family", "inet_same_family",
	"xmlelement", "xmlforest", "xmlconcat", "xpath", "xpath_exists",
	"row", "greatest", "least", "coalesce", "bool", "int2",
)

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
