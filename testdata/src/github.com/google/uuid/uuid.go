// Stub of github.com/google/uuid@v1.6.0 for analysistest: declarations mirror the real API; bodies are empty.

// Package uuid generates and inspects UUIDs.
package uuid

import (
	"crypto/sha1"
	"database/sql/driver"
	"hash"
	"io"
)

// A UUID is a 128 bit (16 byte) Universal Unique IDentifier as defined in RFC
// 4122.
type UUID [16]byte

// A Version represents a UUID's version.
type Version byte

// A Variant represents a UUID's variant.
type Variant byte

// Constants returned by Variant.
const (
	Invalid   = Variant(iota) // Invalid UUID
	RFC4122                   // The variant specified in RFC4122
	Reserved                  // Reserved, NCS backward compatibility.
	Microsoft                 // Reserved, Microsoft Corporation backward compatibility.
	Future                    // Reserved for future definition.
)

// UUIDs is a slice of UUID types.
type UUIDs []UUID

func (uuids UUIDs) Strings() []string { return nil }

// Well known namespace IDs and UUIDs
var (
	NameSpaceDNS  = Must(Parse("6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
	NameSpaceURL  = Must(Parse("6ba7b811-9dad-11d1-80b4-00c04fd430c8"))
	NameSpaceOID  = Must(Parse("6ba7b812-9dad-11d1-80b4-00c04fd430c8"))
	NameSpaceX500 = Must(Parse("6ba7b814-9dad-11d1-80b4-00c04fd430c8"))
	Nil           UUID // empty UUID, all zeros

	Max = UUID{
		0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
		0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
	}
)

func IsInvalidLengthError(err error) bool { return false }

func Parse(s string) (UUID, error)              { return UUID{}, nil }
func ParseBytes(b []byte) (UUID, error)         { return UUID{}, nil }
func MustParse(s string) UUID                   { return UUID{} }
func FromBytes(b []byte) (uuid UUID, err error) { return UUID{}, nil }
func Must(uuid UUID, err error) UUID            { return uuid }
func Validate(s string) error                   { return nil }
func (uuid UUID) String() string                { return "" }
func (uuid UUID) URN() string                   { return "" }
func (uuid UUID) Variant() Variant              { return RFC4122 }
func (uuid UUID) Version() Version              { return Version(uuid[6] >> 4) }
func (v Version) String() string                { return "" }
func (v Variant) String() string                { return "" }
func SetRand(r io.Reader)                       {}
func EnableRandPool()                           {}
func DisableRandPool()                          {}

// ---- version4.go ----

// New creates a new random UUID or panics.
func New() UUID { return Must(NewRandom()) }

// NewString creates a new random UUID and returns it as a string or panics.
func NewString() string { return Must(NewRandom()).String() }

// NewRandom returns a Random (Version 4) UUID.
func NewRandom() (UUID, error) { return UUID{}, nil }

func NewRandomFromReader(r io.Reader) (UUID, error) { return UUID{}, nil }

// ---- version7.go ----

func NewV7() (UUID, error) { return UUID{}, nil }

func NewV7FromReader(r io.Reader) (UUID, error) { return UUID{}, nil }

// ---- hash.go ----

func NewHash(h hash.Hash, space UUID, data []byte, version int) UUID { return UUID{} }
func NewMD5(space UUID, data []byte) UUID                            { return UUID{} }
func NewSHA1(space UUID, data []byte) UUID                           { return NewHash(sha1.New(), space, data, 5) }

// ---- marshal.go / sql.go ----

func (uuid UUID) MarshalText() ([]byte, error)       { return nil, nil }
func (uuid *UUID) UnmarshalText(data []byte) error   { return nil }
func (uuid UUID) MarshalBinary() ([]byte, error)     { return nil, nil }
func (uuid *UUID) UnmarshalBinary(data []byte) error { return nil }
func (uuid *UUID) Scan(src interface{}) error        { return nil }
func (uuid UUID) Value() (driver.Value, error)       { return uuid.String(), nil }

// ---- null.go ----

type NullUUID struct {
	UUID  UUID
	Valid bool // Valid is true if UUID is not NULL
}
