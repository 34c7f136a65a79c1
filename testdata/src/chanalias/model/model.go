// Package model: the message the broker hands to the service.
package model

type Order struct {
	ID    string
	Total int
}
