// Package jobs is the orders worker. Its handlers do their work through
// the orders API of the same module, at a base URL from configuration.
package jobs

import (
	"context"
	"fmt"
	"net/http"

	"github.com/hibiken/asynq"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"example.com/routes/ordersv1"
)

type Worker struct {
	OrdersURL string
	Client    *http.Client
	Orders    ordersv1.OrdersClient
}

func (w *Worker) send(ctx context.Context, method, url string) error {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return err
	}
	resp, err := w.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %s", method, url, resp.Status)
	}
	return nil
}

// Ship sets the order's status through the API: safe.
func (w *Worker) Ship(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPut, w.OrdersURL+"/orders/"+string(t.Payload())+"/status")
}

// Note adds a note through the API: the insert behind the route repeats.
func (w *Worker) Note(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPost, w.OrdersURL+"/orders/"+string(t.Payload())+"/notes")
}

// Release deletes the hold through the API: safe.
func (w *Worker) Release(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodDelete, w.OrdersURL+"/orders/"+string(t.Payload())+"/hold")
}

// Address upserts the address through the API (a POST): safe.
func (w *Worker) Address(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPost, w.OrdersURL+"/orders/"+string(t.Payload())+"/address")
}

// Paid sets the status over gRPC: safe.
func (w *Worker) Paid(ctx context.Context, t *asynq.Task) error {
	_, err := w.Orders.SetStatus(ctx, wrapperspb.String(string(t.Payload())))
	return err
}

// Refund adds a refund row over gRPC: the insert repeats.
func (w *Worker) Refund(ctx context.Context, t *asynq.Task) error {
	_, err := w.Orders.AddRefund(ctx, wrapperspb.String(string(t.Payload())))
	return err
}

// Readdress upserts over gRPC: safe.
func (w *Worker) Readdress(ctx context.Context, t *asynq.Task) error {
	_, err := w.Orders.SetAddress(ctx, wrapperspb.String(string(t.Payload())))
	return err
}

// Pay records a payment through the API with a key from the order: the
// route claims it, so a second delivery is deduplicated end to end.
func (w *Worker) Pay(ctx context.Context, t *asynq.Task) error {
	order := string(t.Payload())
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.OrdersURL+"/orders/"+order+"/payments", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", "payment-"+order)
	resp, err := w.Client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// PayUnkeyed calls the same route without a key: the route's claim of an
// absent key does not tell two deliveries apart.
func (w *Worker) PayUnkeyed(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPost, w.OrdersURL+"/orders/"+string(t.Payload())+"/payments")
}

// Tally adds to the customer's total the API keeps in memory: a second
// delivery adds again (an increment in another process).
func (w *Worker) Tally(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPost, w.OrdersURL+"/customers/"+string(t.Payload())+"/tally")
}

// Seen marks the order seen in the API's package-level map: a set.
func (w *Worker) Seen(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPost, w.OrdersURL+"/orders/"+string(t.Payload())+"/seen")
}

// Confirm calls the API's GET that records a confirmation: judged by the
// route's insert, not read as a GET.
func (w *Worker) Confirm(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodGet, w.OrdersURL+"/orders/"+string(t.Payload())+"/confirm")
}

// Lookup GETs the order (near miss): the route only reads.
func (w *Worker) Lookup(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodGet, w.OrdersURL+"/orders/"+string(t.Payload()))
}

// Register wires the handlers.
func Register(mux *asynq.ServeMux, w *Worker) {
	mux.HandleFunc("customer:tally", w.Tally)
	mux.HandleFunc("order:seen", w.Seen)
	mux.HandleFunc("order:confirm", w.Confirm)
	mux.HandleFunc("order:lookup", w.Lookup)
	mux.HandleFunc("order:ship", w.Ship)
	mux.HandleFunc("order:note", w.Note)
	mux.HandleFunc("order:release", w.Release)
	mux.HandleFunc("order:address", w.Address)
	mux.HandleFunc("order:paid", w.Paid)
	mux.HandleFunc("order:refund", w.Refund)
	mux.HandleFunc("order:readdress", w.Readdress)
	mux.HandleFunc("order:pay", w.Pay)
	mux.HandleFunc("order:pay-unkeyed", w.PayUnkeyed)
}
