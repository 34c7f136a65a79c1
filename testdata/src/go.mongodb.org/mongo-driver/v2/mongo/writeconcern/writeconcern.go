// Stub of go.mongodb.org/mongo-driver/v2@v2.10.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package writeconcern

type WriteConcern struct {
	W any

	Journal *bool
}

func Unacknowledged() *WriteConcern   { return &WriteConcern{W: 0} }
func W1() *WriteConcern               { return &WriteConcern{W: 1} }
func Journaled() *WriteConcern        { return &WriteConcern{} }
func Majority() *WriteConcern         { return &WriteConcern{W: "majority"} }
func Custom(tag string) *WriteConcern { return &WriteConcern{W: tag} }
