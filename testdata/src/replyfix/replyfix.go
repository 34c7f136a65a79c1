// Package replyfix: a NATS reply goes to the request's inbox, where the
// requester takes the first reply: repeating it duplicates nothing. A
// publish to a subject is a message a second time.
package replyfix

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/nats-io/nats.go"
)

type Deps struct {
	NC  *nats.Conn
	Req *nats.Msg
}

// Answer replies to a request it holds: safe.
func (d *Deps) Answer(ctx context.Context, t *asynq.Task) error { // want Answer:`^effects: publish/publish nats reply$`
	return d.Req.Respond(t.Payload())
}

// Announce publishes: a second message.
func (d *Deps) Announce(ctx context.Context, t *asynq.Task) error { // want Announce:`^effects: publish/publish announcements$` `unguarded: handler \(\*replyfix.Deps\).Announce .*publish`
	return d.NC.Publish("announcements", t.Payload())
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:"no effects"
	mux.HandleFunc("answer", d.Answer)
	mux.HandleFunc("announce", d.Announce)
}
