package bridge

import "github.com/ThreeDotsLabs/watermill/message"

// One method registered on two subscriptions (stop 64's
// discovery/sequential.go mergeSequential; fixture serialmarkwp/both.go):
// Both is on the sequential bus and on the GoChannel that does not wait,
// where two deliveries run at once and the mark before the post is no
// guard on either registration. SerialTwice (near miss) is registered
// twice, both times on the sequential bus: the mark still guards it.

// Both runs the projection on both buses.
func (d *Deps) Both(msg *message.Message) error {
	return d.project(msg.Context(), string(msg.Payload))
}

// SerialTwice runs it on the sequential bus under two topics.
func (d *Deps) SerialTwice(msg *message.Message) error {
	return d.project(msg.Context(), string(msg.Payload))
}
