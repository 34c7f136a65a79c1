// Package payclient is an application's client for a payment API: it
// sends the key its callers give it.
package payclient

import (
	"context"
	"net/http"
)

// Pay sends a payment with the caller's idempotency key.
func Pay(ctx context.Context, key string) error { // want Pay:`^effects: http/post api.example.com/v1/payments guarded=idempotency_key$`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/v1/payments", nil)
	req.Header.Set("Idempotency-Key", key)
	_, err := http.DefaultClient.Do(req)
	return err
}
