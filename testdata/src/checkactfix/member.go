package checkactfix

import (
	"context"
	"fmt"
	"net/http"

	"github.com/hibiken/asynq"
)

// Delivery is a webhook delivery the provider lists.
type Delivery struct {
	ID   int64
	GUID string
}

// ingested lists which of guids the ingress has stored: a read of a table
// no job here writes.
func (d *Deps) ingested(ctx context.Context, guids []string) ([]string, error) { // want ingested:`^effects: db_read/select webhook_deliveries$`
	rows, err := d.DB.QueryContext(ctx, "select guid from webhook_deliveries where guid = any($1)", guids) // want `check-then-act: this look-up of the items already in webhook_deliveries decides which ones get the http post \(api.example.com/hook/deliveries\) at checkactfix/member.go:\d+, and nothing here records that it ran`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var g string
		if err := rows.Scan(&g); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

func redeliver(ctx context.Context, id int64) error { // want redeliver:`^effects: http/post api.example.com/hook/deliveries$`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, fmt.Sprintf("https://api.example.com/hook/deliveries/%d/attempts", id), nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// HealGaps asks the provider to send again every delivery the ingress has
// not stored. The record of a redelivery is its arrival, written by the
// ingress: until then a retry finds the delivery missing and asks again,
// check-then-act at the read.
func (d *Deps) HealGaps(ctx context.Context, t *asynq.Task) error { // want HealGaps:`^effects: http/post api.example.com/hook/deliveries issue=check-then-act; db_read/select webhook_deliveries$`
	var deliveries []Delivery
	guids := make([]string, 0, len(deliveries))
	for i := range deliveries {
		guids = append(guids, deliveries[i].GUID)
	}
	existing, err := d.ingested(ctx, guids)
	if err != nil {
		return err
	}
	present := make(map[string]struct{}, len(existing))
	for _, g := range existing {
		present[g] = struct{}{}
	}
	for i := range deliveries {
		delivery := &deliveries[i]
		if _, ok := present[delivery.GUID]; ok {
			continue
		}
		if err := redeliver(ctx, delivery.ID); err != nil {
			return err
		}
	}
	return nil
}

// NotifyPending reads the gate's status, a table nothing here writes, and
// posts a notice while it is pending: the act changes nothing the check
// reads, so a redelivery posts again whatever the timing. Not a membership
// test of the posted item: unguarded, not check-then-act.
func (d *Deps) NotifyPending(ctx context.Context, t *asynq.Task) error { // want NotifyPending:`^effects: http/post api.example.com/hook/deliveries; db_read/select gates$` `unguarded: handler \(\*checkactfix.Deps\).NotifyPending`
	var status string
	if err := d.DB.QueryRowContext(ctx, "select status from gates where id = $1", string(t.Payload())).Scan(&status); err != nil {
		return err
	}
	if status != "pending" {
		return nil
	}
	return redeliver(ctx, 1)
}

// RedeliverAll looks the deliveries up but posts a fixed summary, not the
// item it looked up: no membership test of what it acts on.
func (d *Deps) RedeliverAll(ctx context.Context, t *asynq.Task) error { // want RedeliverAll:`^effects: http/post api.example.com/hook/deliveries; db_read/select webhook_deliveries$` `unguarded: handler \(\*checkactfix.Deps\).RedeliverAll`
	var deliveries []Delivery
	existing, err := d.ingested(ctx, nil)
	if err != nil {
		return err
	}
	present := make(map[string]struct{}, len(existing))
	for _, g := range existing {
		present[g] = struct{}{}
	}
	for i := range deliveries {
		if _, ok := present[deliveries[i].GUID]; ok {
			continue
		}
		if err := redeliver(ctx, 0); err != nil {
			return err
		}
	}
	return nil
}

func RegisterMember(mux *asynq.ServeMux, d *Deps) { // want RegisterMember:`^no effects$`
	mux.HandleFunc("heal", d.HealGaps)
	mux.HandleFunc("notify", d.NotifyPending)
	mux.HandleFunc("redeliver", d.RedeliverAll)
}
