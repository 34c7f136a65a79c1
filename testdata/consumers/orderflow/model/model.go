// Package model: the order the Kafka consumer hands to the service.
package model

// Order is one message's business data.
type Order struct {
	ID    string
	Total int64
}
