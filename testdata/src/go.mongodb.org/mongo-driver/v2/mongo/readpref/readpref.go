// Stub of go.mongodb.org/mongo-driver/v2@v2.10.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package readpref

import "time"

type Mode uint8

const (
	_ Mode = iota
	PrimaryMode
	PrimaryPreferredMode
	SecondaryMode
	SecondaryPreferredMode
	NearestMode
)

type Option func(*ReadPref) error

type ReadPref struct {
	maxStaleness    time.Duration
	maxStalenessSet bool
	mode            Mode
	hedgeEnabled    *bool
}

func Primary() *ReadPref                          { return &ReadPref{mode: PrimaryMode} }
func PrimaryPreferred(opts ...Option) *ReadPref   { return &ReadPref{mode: PrimaryPreferredMode} }
func SecondaryPreferred(opts ...Option) *ReadPref { return &ReadPref{mode: SecondaryPreferredMode} }
func Secondary(opts ...Option) *ReadPref          { return &ReadPref{mode: SecondaryMode} }
func Nearest(opts ...Option) *ReadPref            { return &ReadPref{mode: NearestMode} }
