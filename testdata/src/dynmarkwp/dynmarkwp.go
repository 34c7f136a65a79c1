// Package dynmarkwp: a DynamoDB marker read through the store's
// interface, the alert published when there is none, then the marker
// put with no condition (interlock's watchdog): two deliveries at once
// both find no marker and both publish — check-then-act, the read and
// the write paired by the table the store's field names, as an SQL
// select and insert of one table are. Near misses: the marker claimed
// by a conditional put before the publish (guarded); a config read of
// another table before the publish and the marker write (no pair:
// unguarded); a read of another marker of the same table (another
// item, told apart by the names the two calls are given) checks nothing
// the write records: before the checked read it changes nothing, alone
// it leaves the publish unguarded.
package dynmarkwp

import (
	"context"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/eventbridge"
	"github.com/hibiken/asynq"

	"dynmarkwp/store"
)

type Deps struct {
	Store *store.Store
	Bus   *eventbridge.Client
}

func NewDeps() *Deps {
	return &Deps{Store: &store.Store{Client: &dynamodb.Client{}, ControlTable: "control", ConfigTable: "config"}, Bus: &eventbridge.Client{}}
}

func (d *Deps) publish(ctx context.Context, id string) error {
	_, err := d.Bus.PutEvents(ctx, &eventbridge.PutEventsInput{Entries: []eventbridge.PutEventsRequestEntry{{Detail: &id}}})
	return err
}

// Watch alerts each pipeline once per marker: the marker read, skipped
// when it is there, the alert, then the marker written.
func (d *Deps) Watch(ctx context.Context, t *asynq.Task) error { // want `^check-then-act: this read of an item of store.Store.ControlTable and its plain write at dynmarkwp/store/store.go:\d+ sit on either side of the publish \(eventbridge\) at dynmarkwp/dynmarkwp.go:\d+: .*attribute_not_exists.* \(at dynmarkwp/store/store.go:\d+\)$`
	for _, id := range strings.Split(string(t.Payload()), ",") {
		key := "missed#" + id
		m, err := d.Store.GetMarker(ctx, id, key)
		if err != nil {
			continue
		}
		if m != nil {
			continue
		}
		if err := d.publish(ctx, id); err != nil {
			return err
		}
		if err := d.Store.WriteMarker(ctx, id, key); err != nil {
			return err
		}
	}
	return nil
}

// Baseline reads a baseline marker first (another item of the table: it
// acts only when that one is there), then the checked marker.
func (d *Deps) Baseline(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	base, err := d.Store.GetMarker(ctx, id, "baseline")
	if err != nil || base == nil {
		return err
	}
	key := "postrun#" + id
	m, err := d.Store.GetMarker(ctx, id, key)
	if err != nil {
		return err
	}
	if m != nil {
		return nil
	}
	if err := d.publish(ctx, id); err != nil {
		return err
	}
	return d.Store.WriteMarker(ctx, id, key)
}

// Unchecked reads only the baseline marker (it acts when that one is
// there) and writes another, which nothing reads: the two calls are
// given different names, so the read checks nothing the write records;
// the publish repeats on every delivery (unguarded).
func (d *Deps) Unchecked(ctx context.Context, t *asynq.Task) error { // want `^unguarded: handler \(\*dynmarkwp.Deps\).Unchecked .*publish`
	id := string(t.Payload())
	base, err := d.Store.GetMarker(ctx, id, "baseline")
	if err != nil {
		return err
	}
	if base == nil {
		return nil
	}
	if err := d.publish(ctx, id); err != nil {
		return err
	}
	return d.Store.WriteMarker(ctx, id, "alerted#"+id)
}

// Claimed claims the marker first: only the delivery that wrote it
// publishes.
func (d *Deps) Claimed(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	ok, err := d.Store.WriteMarkerIfAbsent(ctx, id, "missed")
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	return d.publish(ctx, id)
}

// Configured publishes only for a pipeline without a config, then writes
// a marker into the control table: the read is of another table, no
// check of the marker; the publish is unguarded.
func (d *Deps) Configured(ctx context.Context, t *asynq.Task) error { // want `^unguarded: handler \(\*dynmarkwp.Deps\).Configured .*publish`
	id := string(t.Payload())
	cfg, err := d.Store.GetConfig(ctx, id)
	if err != nil {
		return err
	}
	if cfg != nil {
		return nil
	}
	if err := d.publish(ctx, id); err != nil {
		return err
	}
	return d.Store.WriteMarker(ctx, id, "unconfigured")
}

func Register(mux *asynq.ServeMux, d *Deps) {
	mux.HandleFunc("watch", d.Watch)
	mux.HandleFunc("baseline", d.Baseline)
	mux.HandleFunc("claimed", d.Claimed)
	mux.HandleFunc("unchecked", d.Unchecked)
	mux.HandleFunc("configured", d.Configured)
}
