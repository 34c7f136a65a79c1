// Package pq is a stub of github.com/lib/pq's Array (v1.10 array.go).
package pq

import "database/sql/driver"

// Int64Array binds a []int64 as a PostgreSQL array.
type Int64Array []int64

// Value renders the array.
func (a Int64Array) Value() (driver.Value, error) { return "{}", nil }

// GenericArray binds any slice.
type GenericArray struct{ A interface{} }

// Value renders the array.
func (a GenericArray) Value() (driver.Value, error) { return "{}", nil }

// Array returns the binder of a.
func Array(a interface{}) interface{ Value() (driver.Value, error) } {
	switch a := a.(type) {
	case []int64:
		return (*Int64Array)(&a)
	}
	return GenericArray{a}
}
