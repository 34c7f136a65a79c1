package effect

// RowsOf says that an insert writes a row per element of a slice handed
// down to it (insert … select … from unnest($1): sqlclass unnest.go), the
// slice being a parameter of the summarised function or a field of one.
// A caller that passes its own parameter there hands it up; one that
// builds the slice from the ids a compare-and-set's RETURNING gave it, in
// the transaction the insert runs in, decides it (summary/rowsof.go): a
// second delivery's compare-and-set returns no id, so the insert writes
// no row.
type RowsOf struct {
	// Param is the parameter (receiver first; free variables after the
	// parameters, as Exec counts them).
	Param int
	// Field is the field of that parameter (a struct) the slice is, ""
	// for the parameter itself.
	Field string `json:",omitempty"`
}

// sameRowsOf reports whether two effects' RowsOf say the same.
func sameRowsOf(a, b *RowsOf) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
