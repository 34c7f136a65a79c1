// Package event is a stub of github.com/cloudevents/sdk-go/v2/event
// (v2.15.2, event.go, event_writer.go): an Event keeps its attributes in
// an EventContext interface, which SetID writes the id into.
package event

// EventContext holds the event's attributes.
type EventContext interface {
	SetID(id string) error
	SetSource(s string) error
	GetID() string
}

// EventContextV1 is the CloudEvents 1.0 context.
type EventContextV1 struct {
	ID     string
	Source string
}

func (ec *EventContextV1) SetID(id string) error    { ec.ID = id; return nil }
func (ec *EventContextV1) SetSource(s string) error { ec.Source = s; return nil }
func (ec *EventContextV1) GetID() string            { return ec.ID }

// Event is a CloudEvent.
type Event struct {
	Context     EventContext
	DataEncoded []byte
}

// New returns an event with a 1.0 context.
func New() Event { return Event{Context: &EventContextV1{}} }

func (e *Event) SetID(id string)    { _ = e.Context.SetID(id) }
func (e *Event) SetSource(s string) { _ = e.Context.SetSource(s) }
func (e *Event) SetData(contentType string, obj interface{}) error {
	if b, ok := obj.([]byte); ok {
		e.DataEncoded = b
	}
	return nil
}
func (e Event) ID() string { return e.Context.GetID() }
