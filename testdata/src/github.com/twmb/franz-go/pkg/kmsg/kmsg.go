// Stub of github.com/twmb/franz-go/pkg/kmsg@v1.15.0 for analysistest:
// declarations mirror the real API (generated.go, api.go); bodies are
// minimal.
package kmsg

import "context"

// Request represents a type that can be requested to Kafka.
type Request interface {
	Key() int16
}

// Response represents a type that Kafka responds with.
type Response interface {
	Key() int16
}

// Requestor issues requests: *kgo.Client implements it.
type Requestor interface {
	// Request issues a Request and returns either a Response or an error.
	Request(context.Context, Request) (Response, error)
}

// ProduceRequest issues records to be created in Kafka.
type ProduceRequest struct {
	Acks          int16
	TimeoutMillis int32
	Topics        []ProduceRequestTopic
}

// ProduceRequestTopic is a topic to produce to.
type ProduceRequestTopic struct {
	Topic string
}

// ProduceResponse is returned from a ProduceRequest.
type ProduceResponse struct{}

func (v *ProduceRequest) Key() int16  { return 0 }
func (v *ProduceResponse) Key() int16 { return 0 }
func (v *ProduceRequest) Default()    {}

// NewPtrProduceRequest returns a pointer to a default ProduceRequest.
func NewPtrProduceRequest() *ProduceRequest { var v ProduceRequest; v.Default(); return &v }

// RequestWith is requests v on r and returns the response or an error.
func (v *ProduceRequest) RequestWith(ctx context.Context, r Requestor) (*ProduceResponse, error) {
	kresp, err := r.Request(ctx, v)
	resp, _ := kresp.(*ProduceResponse)
	return resp, err
}

// FetchRequest is a request to fetch records from topic partitions.
type FetchRequest struct {
	MaxWaitMillis int32
}

// FetchResponse is returned from a FetchRequest.
type FetchResponse struct{}

func (v *FetchRequest) Key() int16  { return 1 }
func (v *FetchResponse) Key() int16 { return 1 }
func (v *FetchRequest) Default()    {}

// NewPtrFetchRequest returns a pointer to a default FetchRequest.
func NewPtrFetchRequest() *FetchRequest { var v FetchRequest; v.Default(); return &v }

// RequestWith is requests v on r and returns the response or an error.
func (v *FetchRequest) RequestWith(ctx context.Context, r Requestor) (*FetchResponse, error) {
	kresp, err := r.Request(ctx, v)
	resp, _ := kresp.(*FetchResponse)
	return resp, err
}

// CreateTopicsRequest creates Kafka topics.
type CreateTopicsRequest struct {
	Topics []CreateTopicsRequestTopic
}

// CreateTopicsRequestTopic is a topic to create.
type CreateTopicsRequestTopic struct {
	Topic string
}

// CreateTopicsResponse is returned from a CreateTopicsRequest.
type CreateTopicsResponse struct{}

func (v *CreateTopicsRequest) Key() int16  { return 19 }
func (v *CreateTopicsResponse) Key() int16 { return 19 }
func (v *CreateTopicsRequest) Default()    {}

// NewPtrCreateTopicsRequest returns a pointer to a default CreateTopicsRequest.
func NewPtrCreateTopicsRequest() *CreateTopicsRequest {
	var v CreateTopicsRequest
	v.Default()
	return &v
}

// RequestWith is requests v on r and returns the response or an error.
func (v *CreateTopicsRequest) RequestWith(ctx context.Context, r Requestor) (*CreateTopicsResponse, error) {
	kresp, err := r.Request(ctx, v)
	resp, _ := kresp.(*CreateTopicsResponse)
	return resp, err
}
