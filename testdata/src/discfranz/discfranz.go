// Package discfranz covers franz-go (kgo) consumer loops: the function
// that polls is the handler, CommitRecords / MarkCommitRecords /
// CommitUncommittedOffsets its ack, and producing is a publish effect.
package discfranz

import (
	"context"
	"database/sql"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

type Deps struct {
	Cl *kgo.Client
	DB *sql.DB
}

// Poll writes each record, then commits the batch.
func (d *Deps) Poll(ctx context.Context) error { // want Poll:`^effects: db_write/insert orders$` `unguarded: handler \(\*discfranz.Deps\).Poll repeats .*insert into orders`
	for {
		fetches := d.Cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			if _, err := d.DB.ExecContext(ctx, "insert into orders(k, v) values ($1, $2)", r.Key, r.Value); err != nil {
				return err
			}
		}
		if err := d.Cl.CommitUncommittedOffsets(ctx); err != nil { // the batch commit
			return err
		}
	}
}

// Forward republishes each record and marks it only after; EachRecord
// and EachPartition run their callbacks.
func (d *Deps) Forward(ctx context.Context) { // want Forward:`^effects: publish/publish kafka$` `unguarded: handler \(\*discfranz.Deps\).Forward repeats .*publish \(kafka\)`
	for {
		fetches := d.Cl.PollRecords(ctx, 100)
		fetches.EachPartition(func(p kgo.FetchTopicPartition) {
			p.EachRecord(func(r *kgo.Record) {
				d.Cl.ProduceSync(ctx, &kgo.Record{Topic: "audit", Value: r.Value})
				d.Cl.MarkCommitRecords(r)
			})
		})
	}
}

// CommitFirst commits before it writes: a crash loses the batch.
func (d *Deps) CommitFirst(ctx context.Context) error { // want CommitFirst:`^effects: db_write/insert refunds$` `unguarded: handler \(\*discfranz.Deps\).CommitFirst repeats .*insert into refunds`
	for {
		batch := d.Cl.PollFetches(ctx)
		recs := batch.Records()
		if err := d.Cl.CommitRecords(ctx, recs...); err != nil { // want `ack-before-effect: the message is acknowledged here, before its effects \(insert into refunds`
			return err
		}
		for _, r := range recs {
			if _, err := d.DB.ExecContext(ctx, "insert into refunds(v) values ($1)", r.Value); err != nil {
				return err
			}
		}
	}
}

// Loop polls directly or through a helper; the helper, which receives for
// the loop, is part of it and not a handler of its own.
func (d *Deps) Loop(ctx context.Context, small bool) error { // want Loop:`^effects: db_write/insert loops$` `unguarded: handler \(\*discfranz.Deps\).Loop repeats .*insert into loops`
	for {
		var fetches kgo.Fetches
		if small {
			fetches = d.Cl.PollRecords(ctx, 10)
		} else {
			fetches = d.pollWithTimeout(ctx)
		}
		for _, r := range fetches.Records() {
			if _, err := d.DB.ExecContext(ctx, "insert into loops(v) values ($1)", r.Value); err != nil {
				return err
			}
		}
		if err := d.Cl.CommitUncommittedOffsets(ctx); err != nil { // the loop's commit
			return err
		}
	}
}

func (d *Deps) pollWithTimeout(ctx context.Context) kgo.Fetches { // want pollWithTimeout:`^no effects$` pollWithTimeout:"receives franz-go"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	return d.Cl.PollFetches(ctx)
}

// RawProduce forwards each record with a raw kmsg request: a
// ProduceRequest's RequestWith issues it through the client (a publish), a
// FetchRequest's only reads, and creating topics writes the cluster's
// state (a write of unknown risk).
func (d *Deps) RawProduce(ctx context.Context) error { // want RawProduce:`^effects: publish/publish kafka; unknown/write kafka$` `unguarded: handler \(\*discfranz.Deps\).RawProduce repeats .*publish \(kafka\)`
	for {
		raw := d.Cl.PollFetches(ctx)
		for _, r := range raw.Records() {
			req := kmsg.NewPtrProduceRequest()
			req.Topics = append(req.Topics, kmsg.ProduceRequestTopic{Topic: "mirror-" + r.Topic})
			if _, err := req.RequestWith(ctx, d.Cl); err != nil {
				return err
			}
		}
		if _, err := kmsg.NewPtrFetchRequest().RequestWith(ctx, d.Cl); err != nil {
			return err
		}
		if _, err := kmsg.NewPtrCreateTopicsRequest().RequestWith(ctx, d.Cl); err != nil {
			return err
		}
		if err := d.Cl.CommitUncommittedOffsets(ctx); err != nil { // the raw loop's commit
			return err
		}
	}
}
