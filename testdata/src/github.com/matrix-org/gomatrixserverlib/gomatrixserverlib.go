// Package gomatrixserverlib is a stand-in for the Matrix server library's
// EDU and to-device message types.
package gomatrixserverlib

import "encoding/json"

type EDU struct {
	Type        string          `json:"edu_type"`
	Origin      string          `json:"origin"`
	Destination string          `json:"destination,omitempty"`
	Content     json.RawMessage `json:"content,omitempty"`
}

type ToDeviceMessage struct {
	Sender    string                                `json:"sender"`
	Type      string                                `json:"type"`
	MessageID string                                `json:"message_id"`
	Messages  map[string]map[string]json.RawMessage `json:"messages"`
}
