// Package serialmark covers a status mark written before the act on a
// transport whose deliveries never overlap: Watermill's GoChannel built
// with BlockPublishUntilSubscriberAck holds a topic's publish until every
// subscriber acked, and resends a nacked message only after the Nack
// (catalog watermill.yaml, gochannel.NewGoChannel's sequential). A job
// lists its rows, skips the ones marked 'reserving' or 'resolved', marks
// each other one 'reserving' and then posts: the next delivery, which
// starts only after this one ended, skips every row marked. Where
// deliveries may overlap, the mark is the check-then-act it always was
// (two deliveries both read "not done" before either marks), or, made
// inside the helper that posts, the unguarded effect the tool reports.
package serialmark

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"

	"serialmark/bus"
)

type row struct {
	ID    int64
	State string
}

type Store struct{ DB *sql.DB }

func (s *Store) ByConversation(ctx context.Context, conv string) ([]row, error) { // want ByConversation:`^effects: db_read/select provider_messages$`
	rs, err := s.DB.QueryContext(ctx, "select id, state from provider_messages where conversation_id = $1", conv) // want `check-then-act: this check of provider_messages and the status written at serialmark/serialmark.go:\d+ before the http post \(chat.example.com/inline\)`
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

// Pending lists the rows not resolved yet (Inline's own check).
func (s *Store) Pending(ctx context.Context, conv string) ([]row, error) { // want Pending:`^effects: db_read/select provider_messages$`
	rs, err := s.DB.QueryContext(ctx, "select id, state from provider_messages where conversation_id = $1 and state <> 'resolved'", conv)
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

func (s *Store) SetState(ctx context.Context, id int64, state string) error { // want SetState:`^effects: db_write/update-set provider_messages$`
	_, err := s.DB.ExecContext(ctx, "update provider_messages set state = $2 where id = $1", id, state)
	return err
}

type Deps struct{ Store *Store }

// project skips the rows already marked and hands the others to
// projectRow, which marks each row before it posts.
func (d *Deps) project(ctx context.Context, conv string) error { // want project:`^effects: http/post chat.example.com/post; db_read/select provider_messages; db_write/update-set provider_messages$`
	rows, err := d.Store.ByConversation(ctx, conv)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.State == "resolved" || r.State == "reserving" {
			continue
		}
		if err := d.projectRow(ctx, r); err != nil {
			return err
		}
	}
	return nil
}

func (d *Deps) projectRow(ctx context.Context, r row) error { // want projectRow:`^effects: http/post chat.example.com/post; db_write/update-set provider_messages$`
	if err := d.Store.SetState(ctx, r.ID, "reserving"); err != nil {
		return err
	}
	resp, err := http.Post("https://chat.example.com/post", "text/plain", nil)
	if err != nil {
		_ = d.Store.SetState(ctx, r.ID, r.State) // given back for the retry
		return err
	}
	resp.Body.Close()
	return d.Store.SetState(ctx, r.ID, "resolved")
}

// Serial is registered on a sequential GoChannel reached through a bus
// type's accessor: guarded by the mark.
func (d *Deps) Serial(msg *message.Message) error { // want Serial:`^effects: http/post chat.example.com/post; db_read/select provider_messages; db_write/update-set provider_messages$`
	return d.project(msg.Context(), string(msg.Payload))
}

// Overlapping is the near miss: the same work on a GoChannel that does not
// wait for acks (a second publish of the event may run beside the first).
func (d *Deps) Overlapping(msg *message.Message) error { // want Overlapping:`.*` `unguarded: handler \(\*serialmark.Deps\).Overlapping \(watermill task "overlapping"\) repeats its side effects when a job is delivered twice: http post \(chat.example.com/post\) \(high\) at serialmark/serialmark.go:\d+ is not guarded`
	return d.project(msg.Context(), string(msg.Payload))
}

// Inline marks the row in the loop itself: check-then-act where
// deliveries may overlap, guarded on the sequential GoChannel.
func (d *Deps) Inline(msg *message.Message) error { // want Inline:`^effects: http/post chat.example.com/inline issue=check-then-act; db_read/select provider_messages; db_write/update-set provider_messages$`
	ctx := msg.Context()
	rows, err := d.Store.Pending(ctx, string(msg.Payload))
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.State == "reserving" {
			continue
		}
		if err := d.Store.SetState(ctx, r.ID, "reserving"); err != nil {
			return err
		}
		resp, err := http.Post("https://chat.example.com/inline", "text/plain", nil)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if err := d.Store.SetState(ctx, r.ID, "resolved"); err != nil {
			return err
		}
	}
	return nil
}

// InlineOverlapping is Inline's near miss on the GoChannel that does not
// wait: the check-then-act stays.
func (d *Deps) InlineOverlapping(msg *message.Message) error { // want InlineOverlapping:`issue=check-then-act`
	return d.inline(msg.Context(), string(msg.Payload))
}

func (d *Deps) inline(ctx context.Context, conv string) error { // want inline:`issue=check-then-act`
	rows, err := d.Store.ByConversation(ctx, conv)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.State == "resolved" || r.State == "reserving" {
			continue
		}
		if err := d.Store.SetState(ctx, r.ID, "reserving"); err != nil {
			return err
		}
		resp, err := http.Post("https://chat.example.com/inline", "text/plain", nil)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if err := d.Store.SetState(ctx, r.ID, "resolved"); err != nil {
			return err
		}
	}
	return nil
}

// MarkAfter is the near miss on the sequential GoChannel: it posts, then
// marks; a failure between the two (the mark's own, a crash) and the next
// delivery posts again, however deliveries come.
func (d *Deps) MarkAfter(msg *message.Message) error { // want MarkAfter:`^effects: http/post chat.example.com/after issue=check-then-act; db_read/select provider_messages; db_write/update-set provider_messages$`
	ctx := msg.Context()
	rows, err := d.Store.ByConversation(ctx, string(msg.Payload))
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.State == "resolved" {
			continue
		}
		if err := d.postThenMark(ctx, r); err != nil {
			return err
		}
	}
	return nil
}

func (d *Deps) postThenMark(ctx context.Context, r row) error { // want postThenMark:`^effects: http/post chat.example.com/after; db_write/update-set provider_messages$`
	resp, err := http.Post("https://chat.example.com/after", "text/plain", nil)
	if err != nil {
		return err
	}
	resp.Body.Close()
	return d.Store.SetState(ctx, r.ID, "resolved")
}

func Wire(r *message.Router, db *sql.DB) { // want Wire:`^no effects$`
	d := &Deps{Store: &Store{DB: db}}
	b := bus.New()
	r.AddConsumerHandler("serial", "events", b.Subscriber(), d.Serial)
	r.AddConsumerHandler("inline", "events", b.Subscriber(), d.Inline)
	r.AddConsumerHandler("mark-after", "events", b.Subscriber(), d.MarkAfter)
	loose := gochannel.NewGoChannel(gochannel.Config{OutputChannelBuffer: 16}, watermill.NopLogger{})
	r.AddConsumerHandler("overlapping", "events", loose, d.Overlapping)
	r.AddConsumerHandler("inline-overlapping", "events", loose, d.InlineOverlapping)
}
