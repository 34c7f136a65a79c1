// Stub of go.mongodb.org/mongo-driver@v1.17.10 for analysistest: declarations mirror the real API (subset); bodies are empty.

package bson

import "go.mongodb.org/mongo-driver/bson/primitive"

type Zeroer interface {
	IsZero() bool
}

type D = primitive.D

type E = primitive.E

type M = primitive.M

type A = primitive.A

// ---- raw.go ----

type Raw []byte

func (r Raw) Validate() (err error) { return nil }

func (r Raw) Lookup(key ...string) RawValue { return RawValue{} }

func (r Raw) String() string { return "" }

// ---- raw_value.go ----

type RawValue struct {
	Value []byte
}

func (rv RawValue) Unmarshal(val interface{}) error { return nil }

// ---- marshal.go / unmarshal.go ----

func Marshal(val interface{}) ([]byte, error) { return nil, nil }

func Unmarshal(data []byte, val interface{}) error { return nil }
