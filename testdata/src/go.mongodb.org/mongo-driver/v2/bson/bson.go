// Stub of go.mongodb.org/mongo-driver/v2@v2.10.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package bson

import "time"

// ---- objectid.go ----

type ObjectID [12]byte

var NilObjectID ObjectID

func NewObjectID() ObjectID { return ObjectID{} }

func NewObjectIDFromTimestamp(timestamp time.Time) ObjectID { return ObjectID{} }

func (id ObjectID) Hex() string { return "" }

func (id ObjectID) String() string { return "" }

func (id ObjectID) IsZero() bool { return id == NilObjectID }

func ObjectIDFromHex(s string) (ObjectID, error) { return NilObjectID, nil }

// ---- primitive.go ----

type DateTime int64

func NewDateTimeFromTime(t time.Time) DateTime { return 0 }

type Timestamp struct {
	T uint32
	I uint32
}

type D []E

type E struct {
	Key   string
	Value any
}

type M map[string]any

type A []any

// ---- raw.go / raw_value.go ----

type Raw []byte

func (r Raw) Validate() (err error) { return nil }

func (r Raw) Lookup(key ...string) RawValue { return RawValue{} }

func (r Raw) String() string { return "" }

type RawValue struct {
	Value []byte
}

func (rv RawValue) Unmarshal(val any) error { return nil }

// ---- marshal.go / unmarshal.go ----

func Marshal(val any) ([]byte, error) { return nil, nil }

func Unmarshal(data []byte, val any) error { return nil }

type Registry struct {
	typeEncoders map[string]any
}

type RawArray []byte
