// Package bridge posts each pending ledger row of a conversation to a
// chat service from Watermill handlers: a row is marked 'reserving' before
// its post and skipped while marked. On the bus's sequential GoChannel
// (bus.New) the next delivery starts only after this one ended, so the
// mark guards the post; on a GoChannel that does not wait for acks two
// deliveries may both read the row before either marks it.
package bridge

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"

	"example.com/drivers/bridge/bus"
	"example.com/drivers/bridge/ledger"
)

type row struct {
	ID    int64
	State string
}

// Deps holds the database.
type Deps struct{ DB *sql.DB }

func (d *Deps) rows(ctx context.Context, conv string) ([]row, error) {
	rs, err := d.DB.QueryContext(ctx, "select id, state from provider_messages where conversation_id = $1", conv)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []row
	for rs.Next() {
		var r row
		if err := rs.Scan(&r.ID, &r.State); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rs.Err()
}

func (d *Deps) setState(ctx context.Context, id int64, state string) error {
	_, err := d.DB.ExecContext(ctx, "update provider_messages set state = $2 where id = $1", id, state)
	return err
}

// project skips the rows marked and hands each other one to post.
func (d *Deps) project(ctx context.Context, conv string) error {
	rows, err := d.rows(ctx, conv)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.State == "resolved" || r.State == "reserving" {
			continue
		}
		if err := d.post(ctx, r); err != nil {
			return err
		}
	}
	return nil
}

// post marks the row, posts it, and marks it resolved.
func (d *Deps) post(ctx context.Context, r row) error {
	if err := d.setState(ctx, r.ID, "reserving"); err != nil {
		return err
	}
	resp, err := http.Post("https://chat.example.com/post", "text/plain", nil)
	if err != nil {
		_ = d.setState(ctx, r.ID, r.State) // given back for the retry
		return err
	}
	resp.Body.Close()
	return d.setState(ctx, r.ID, "resolved")
}

// Serial runs on the sequential bus: the mark guards the post.
func (d *Deps) Serial(msg *message.Message) error {
	return d.project(msg.Context(), string(msg.Payload))
}

// Overlapping runs the same work on a GoChannel that does not wait.
func (d *Deps) Overlapping(msg *message.Message) error {
	return d.project(msg.Context(), string(msg.Payload))
}

// Run wires the handlers and runs the router until ctx ends.
func Run(ctx context.Context, db *sql.DB) error {
	r, err := message.NewRouter(message.RouterConfig{}, watermill.NopLogger{})
	if err != nil {
		return err
	}
	d := &Deps{DB: db}
	b := bus.New()
	r.AddConsumerHandler("bridge.serial", "conversations", b.Subscriber(), d.Serial)
	loose := gochannel.NewGoChannel(gochannel.Config{OutputChannelBuffer: 16}, watermill.NopLogger{})
	r.AddConsumerHandler("bridge.overlapping", "conversations", loose, d.Overlapping)
	pr := &Projector{Ledger: &ledger.Ledger{DB: db}, Provider: chat{}}
	r.AddConsumerHandler("bridge.project-serial", "conversations", b.Subscriber(), pr.ProjectSerial)
	r.AddConsumerHandler("bridge.project-overlapping", "conversations", loose, pr.ProjectOverlapping)
	r.AddConsumerHandler("bridge.both-serial", "conversations", b.Subscriber(), d.Both)
	r.AddConsumerHandler("bridge.both-loose", "conversations", loose, d.Both)
	r.AddConsumerHandler("bridge.serial-a", "conversations", b.Subscriber(), d.SerialTwice)
	r.AddConsumerHandler("bridge.serial-b", "archive", b.Subscriber(), d.SerialTwice)
	return r.Run(ctx)
}
