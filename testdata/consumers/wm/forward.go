package wm

import (
	"bytes"
	"net/http"
	"strconv"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
)

// Forward posts the event to a partner with an Idempotency-Key derived
// from the message's UUID: Watermill's publisher sets it once and every
// redelivery of the message carries the same one, a stable key (issue 28).
func Forward(msg *message.Message) error {
	req, err := http.NewRequestWithContext(msg.Context(), http.MethodPost, "https://partner.example.com/v1/events", bytes.NewReader(msg.Payload))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", "event:"+msg.UUID)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ForwardStamped sends a key made from the clock (near miss): a new key on
// every delivery, which the partner cannot deduplicate.
func ForwardStamped(msg *message.Message) error {
	req, err := http.NewRequestWithContext(msg.Context(), http.MethodPost, "https://partner.example.com/v1/events", bytes.NewReader(msg.Payload))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", "event:"+strconv.FormatInt(time.Now().UnixNano(), 10))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// WireForward registers the forwarding handlers.
func WireForward(r *message.Router, sub message.Subscriber) {
	r.AddConsumerHandler("forward_event", "events", sub, Forward)
	r.AddConsumerHandler("forward_stamped", "events", sub, ForwardStamped)
}
