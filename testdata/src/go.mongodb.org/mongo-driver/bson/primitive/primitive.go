// Stub of go.mongodb.org/mongo-driver@v1.17.10 for analysistest: declarations mirror the real API (subset); bodies are empty.

package primitive

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

func (d D) Map() M { return nil }

type E struct {
	Key   string
	Value interface{}
}

type M map[string]interface{}

type A []interface{}
