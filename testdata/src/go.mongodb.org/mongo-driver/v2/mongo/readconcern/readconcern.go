// Stub of go.mongodb.org/mongo-driver/v2@v2.10.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package readconcern

type ReadConcern struct {
	Level string
}

func Local() *ReadConcern        { return &ReadConcern{Level: "local"} }
func Majority() *ReadConcern     { return &ReadConcern{Level: "majority"} }
func Linearizable() *ReadConcern { return &ReadConcern{Level: "linearizable"} }
func Available() *ReadConcern    { return &ReadConcern{Level: "available"} }
func Snapshot() *ReadConcern     { return &ReadConcern{Level: "snapshot"} }
