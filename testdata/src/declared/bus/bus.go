// Package bus is an in-house message bus: On registers a handler.
package bus

import "context"

type Bus struct {
	handlers map[string]func(context.Context, []byte) error
}

func (b *Bus) On(topic string, h func(context.Context, []byte) error) { // want On:"no effects" On:`stores map\[2:\[field declared/bus.Bus.handlers\[\]\]\]`
	b.handlers[topic] = h
}
