package jobs

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/hibiken/asynq"
)

// Retry bookkeeping on the real net/http: a forwarder that PUTs each
// order to an identified resource (the last path segment, the order id:
// a second PUT replaces it) keeps a backoff exponent on its long-lived
// struct. It is raised only where the PUT failed (pause returns the error
// it is given) and reset to 0 once it went through, so a redelivery
// repeats no business effect through it. Its delivered count is raised on
// the success path: a tally that a redelivery doubles.
type ForwardDeps struct {
	Client    *http.Client
	Base      string
	backoff   int
	delivered int
}

func (f *ForwardDeps) put(ctx context.Context, orderID string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, f.Base+"/transactions/"+orderID, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := f.Client.Do(req)
	if err != nil {
		return f.pause(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return f.pause(fmt.Errorf("status %d", resp.StatusCode))
	}
	f.backoff = 0
	return nil
}

// pause waits 2^backoff seconds and hands the failure back.
func (f *ForwardDeps) pause(err error) error {
	if f.backoff < 6 {
		f.backoff++
	}
	time.Sleep(time.Second << f.backoff)
	return err
}

// ForwardTxn forwards the order: the PUT is keyed by the order id, the
// backoff is bookkeeping.
func (f *ForwardDeps) ForwardTxn(ctx context.Context, t *asynq.Task) error {
	return f.put(ctx, decode(t).OrderID, t.Payload())
}

// ForwardCounted forwards the order and counts it: the count adds up.
func (f *ForwardDeps) ForwardCounted(ctx context.Context, t *asynq.Task) error {
	if err := f.put(ctx, decode(t).OrderID, t.Payload()); err != nil {
		return err
	}
	f.delivered++
	return nil
}

// RegisterForward registers the forwarding handlers.
func RegisterForward(mux *asynq.ServeMux, f *ForwardDeps) {
	mux.HandleFunc("forward:txn", f.ForwardTxn)
	mux.HandleFunc("forward:counted", f.ForwardCounted)
}
