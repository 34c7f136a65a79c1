// Package cloudevent is a stub of github.com/DIMO-Network/cloudevent
// (v0.1.3, cloudevent.go): the header's ID and Source identify the event.
package cloudevent

import "time"

// CloudEventHeader is the envelope of an event.
type CloudEventHeader struct {
	// ID is an identifier for the event. The combination of ID and Source
	// must be unique.
	ID          string         `json:"id"`
	Source      string         `json:"source"`
	Producer    string         `json:"producer"`
	SpecVersion string         `json:"specversion"`
	Subject     string         `json:"subject"`
	Time        time.Time      `json:"time"`
	Type        string         `json:"type"`
	Extras      map[string]any `json:"-"`
}

// CloudEvent is an event with data of type A.
type CloudEvent[A any] struct {
	CloudEventHeader
	Data A `json:"data"`
}
