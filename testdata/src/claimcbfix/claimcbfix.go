// Package claimcbfix: a claim helper that runs the caller's callback only
// when its claim of the key is new (a Redis SETNX, then fn): the effects
// of the callback are guarded by that claim, with the key the caller
// passes, so a key new on every delivery is random-key. A helper that
// gives the claim back when the callback fails (Del) guards only the
// effects no failure of the callback follows.
package claimcbfix

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

type Idem struct{ rdb *redis.Client }

// Exec runs fn once per key: the claim's result decides whether it runs;
// a failed fn gives the key back, a finished one marks it processed.
func (i *Idem) Exec(ctx context.Context, key string, fn func(context.Context) error) error { // want Exec:`^effects: kv_write/set; kv_write/claim; kv_write/delete; calls p3 under claim "idem:" \+ key key=p2 released on failure$`
	first, err := i.claim(ctx, "idem:"+key)
	if err != nil {
		return err
	}
	if !first {
		return nil
	}
	if err := fn(ctx); err != nil {
		i.clear(ctx, "idem:"+key)
		return err
	}
	return i.rdb.Set(ctx, "idem:"+key, "processed", time.Hour).Err()
}

func (i *Idem) claim(ctx context.Context, key string) (bool, error) { // want claim:`^effects: kv_write/claim; returns claim result 0 \(first\)$`
	return i.rdb.SetNX(ctx, key, "processing", 5*time.Second).Result()
}

func (i *Idem) clear(ctx context.Context, key string) error { // want clear:`^effects: kv_write/delete$`
	return i.rdb.Del(ctx, key).Err()
}

// Always claims the key but runs fn whatever the claim found.
func (i *Idem) Always(ctx context.Context, key string, fn func(context.Context) error) error { // want Always:`^effects: kv_write/claim; calls p3$`
	i.rdb.SetNX(ctx, "idem:"+key, "processing", 5*time.Second)
	return fn(ctx)
}

type Event struct {
	ID   string
	Body []byte
	At   time.Time
}

type payload struct{ ID string }

// toEvent keeps the message's ID, or makes one when it has none.
func toEvent(p *payload, body []byte) Event { // want toEvent:`^no effects$`
	id := p.ID
	if id == "" {
		id = uuid.NewString()
	}
	return Event{ID: id, Body: body, At: time.Now()}
}

type Deps struct{ idem *Idem }

func post(ctx context.Context, ev *Event) error { // want post:`^effects: http/post hooks.example.com/in$`
	_, err := http.Post("https://hooks.example.com/in", "application/json", bytes.NewReader(ev.Body))
	return err
}

// Stable claims the task's own key before posting: guarded.
func (d *Deps) Stable(ctx context.Context, t *asynq.Task) error { // want Stable:`^effects: http/post hooks.example.com/in guarded=processed_jobs; kv_write/set; kv_write/claim; kv_write/delete$`
	ev := &Event{ID: string(t.Payload()), Body: t.Payload()}
	return d.idem.Exec(ctx, "post:"+ev.ID, func(ctx context.Context) error {
		return post(ctx, ev)
	})
}

// Fresh claims a key made on every delivery: random-key.
func (d *Deps) Fresh(ctx context.Context, t *asynq.Task) error { // want Fresh:`^effects: http/post hooks.example.com/in issue=random-key; kv_write/set; kv_write/claim; kv_write/delete$`
	ev := toEvent(&payload{}, t.Payload())
	return d.idem.Exec(ctx, "post:"+ev.ID, func(ctx context.Context) error { // want `random-key: claimed key "post:" \+ ev.ID derives from uuid.NewString: every delivery claims a new key`
		return post(ctx, &ev)
	})
}

// Unclaimed: the helper runs the callback whatever its claim found.
func (d *Deps) Unclaimed(ctx context.Context, t *asynq.Task) error { // want Unclaimed:`^effects: http/post hooks.example.com/in; kv_write/claim$` `unguarded: handler \(\*claimcbfix.Deps\).Unclaimed .*http post`
	return d.idem.Always(ctx, "post:"+string(t.Payload()), func(ctx context.Context) error {
		return post(ctx, &Event{Body: t.Payload()})
	})
}

// TimeOnly: the event's time is new on every delivery, its ID is the
// task's: the key is stable.
func (d *Deps) TimeOnly(ctx context.Context, t *asynq.Task) error { // want TimeOnly:`^effects: http/post hooks.example.com/in guarded=processed_jobs; kv_write/set; kv_write/claim; kv_write/delete$`
	ev := Event{ID: string(t.Payload()), Body: t.Payload(), At: time.Now()}
	return d.idem.Exec(ctx, "post:"+ev.ID, func(ctx context.Context) error {
		return post(ctx, &ev)
	})
}

func Register(mux *asynq.ServeMux, d *Deps) { // want Register:`^no effects$`
	mux.HandleFunc("stable", d.Stable)
	mux.HandleFunc("fresh", d.Fresh)
	mux.HandleFunc("unclaimed", d.Unclaimed)
	mux.HandleFunc("timeonly", d.TimeOnly)
}

// ExecWait: on a taken key it reads the key's status back, waits for a
// delivery in flight and answers from the status; fn runs only when the
// claim is new.
func (i *Idem) ExecWait(ctx context.Context, key string, fn func(context.Context) error) error { // want ExecWait:`^effects: kv_write/claim; kv_write/delete; kv_read/read; kv_read/read; kv_write/set; calls p3 under claim key key=p2 released on failure$`
	first, err := i.claim(ctx, key)
	if err != nil {
		return err
	}
	if !first {
		status, err := i.rdb.Get(ctx, key).Result()
		if err != nil {
			return err
		}
		if status == "processed" {
			return nil
		}
		if status == "processing" {
			time.Sleep(time.Second)
			status, err := i.rdb.Get(ctx, key).Result()
			if err != nil {
				if err == redis.Nil {
					return errConflict
				}
				return err
			}
			if status == "processed" {
				return nil
			}
			return errConflict
		}
		return errors.New("unknown status")
	}
	if err := fn(ctx); err != nil {
		if clearErr := i.clear(ctx, key); clearErr != nil {
			return errors.Join(err, clearErr)
		}
		return err
	}
	return i.rdb.Set(ctx, key, "processed", time.Hour).Err()
}

var errConflict = errors.New("conflict")

// Topic is a broker topic the package holds no implementation of: a send
// through it is read from its name as a publish, which the claim guards
// (or, with a fresh key, leaves random-key) once read; a read through it
// is nothing the claim has to guard.
type Topic interface {
	Send(ctx context.Context, body []byte) error
	Attributes(ctx context.Context) (map[string]string, error)
}

type TopicDeps struct {
	idem  *Idem
	topic Topic
}

// TopicStable publishes under the claim of the task's key: guarded once
// read as a publish.
func (d *TopicDeps) TopicStable(ctx context.Context, t *asynq.Task) error { // want TopicStable:`^handler asynq \(\*claimcbfix.TopicDeps\).TopicStable$` TopicStable:`^effects: dynamic_call/call \(claimcbfix.Topic\).Send guarded=processed_jobs reads=publish/publish; kv_write/set; kv_write/claim; kv_write/delete$`
	return d.idem.Exec(ctx, "pub:"+string(t.Payload()), func(ctx context.Context) error {
		return d.topic.Send(ctx, t.Payload())
	})
}

// TopicFresh publishes under the claim of a key new on every delivery.
func (d *TopicDeps) TopicFresh(ctx context.Context, t *asynq.Task) error { // want TopicFresh:`^handler asynq \(\*claimcbfix.TopicDeps\).TopicFresh$` TopicFresh:`^effects: dynamic_call/call \(claimcbfix.Topic\).Send issue=random-key reads=publish/publish; kv_write/set; kv_write/claim; kv_write/delete$`
	ev := toEvent(&payload{}, t.Payload())
	return d.idem.Exec(ctx, "pub:"+ev.ID, func(ctx context.Context) error { // want `random-key: claimed key "pub:" \+ ev.ID derives from uuid.NewString: every delivery claims a new key, so the publish publish \(inferred from the name \(claimcbfix.Topic\).Send\) the claim's callback runs`
		return d.topic.Send(ctx, ev.Body)
	})
}

// TopicRead only reads under a fresh key: nothing for the claim to guard,
// no random-key.
func (d *TopicDeps) TopicRead(ctx context.Context, t *asynq.Task) error { // want TopicRead:`^handler asynq \(\*claimcbfix.TopicDeps\).TopicRead$` TopicRead:`^effects: dynamic_call/call \(claimcbfix.Topic\).Attributes; kv_write/set; kv_write/claim; kv_write/delete$`
	ev := toEvent(&payload{}, t.Payload())
	return d.idem.Exec(ctx, "attrs:"+ev.ID, func(ctx context.Context) error {
		_, err := d.topic.Attributes(ctx)
		return err
	})
}

func RegisterTopics(mux *asynq.ServeMux, d *TopicDeps) { // want RegisterTopics:`^no effects$`
	mux.HandleFunc("topicstable", d.TopicStable)
	mux.HandleFunc("topicfresh", d.TopicFresh)
	mux.HandleFunc("topicread", d.TopicRead)
}

// Hold claims the key and runs fn only when the claim is new, but keeps
// the claim when fn fails (it expires with its TTL): a failure after the
// effect does not hand the key to the redelivery.
func (i *Idem) Hold(ctx context.Context, key string, fn func(context.Context) error) error { // want Hold:`^effects: kv_write/claim; kv_write/set; calls p3 under claim "hold:" \+ key key=p2$`
	first, err := i.claim(ctx, "hold:"+key)
	if err != nil || !first {
		return err
	}
	if err := fn(ctx); err != nil {
		return err
	}
	return i.rdb.Set(ctx, "hold:"+key, "processed", time.Hour).Err()
}

type audit interface {
	Record(ctx context.Context, id string) error
}

type LaterDeps struct {
	idem *Idem
	log  audit
}

// PostThenFail posts and then records the post, which can fail: Exec
// gives the key back and the redelivery posts again.
func (d *LaterDeps) PostThenFail(ctx context.Context, t *asynq.Task) error { // want PostThenFail:`^handler asynq \(\*claimcbfix.LaterDeps\).PostThenFail$` PostThenFail:`^effects: http/post hooks.example.com/in; dynamic_call/call \(claimcbfix.audit\).Record; kv_write/set; kv_write/claim; kv_write/delete$` `unguarded: handler \(\*claimcbfix.LaterDeps\).PostThenFail .*http post .* is not guarded \(the claim it runs under is given back when the callback fails, and the callback can still fail after it`
	ev := &Event{ID: string(t.Payload()), Body: t.Payload()}
	return d.idem.Exec(ctx, "post:"+ev.ID, func(ctx context.Context) error {
		if err := post(ctx, ev); err != nil {
			return err
		}
		return d.log.Record(ctx, ev.ID)
	})
}

// PostThenHold: the same callback under a helper that keeps its claim.
func (d *LaterDeps) PostThenHold(ctx context.Context, t *asynq.Task) error { // want PostThenHold:`^handler asynq \(\*claimcbfix.LaterDeps\).PostThenHold$` PostThenHold:`^effects: http/post hooks.example.com/in guarded=processed_jobs; dynamic_call/call \(claimcbfix.audit\).Record; kv_write/claim; kv_write/set$`
	ev := &Event{ID: string(t.Payload()), Body: t.Payload()}
	return d.idem.Hold(ctx, "post:"+ev.ID, func(ctx context.Context) error {
		if err := post(ctx, ev); err != nil {
			return err
		}
		return d.log.Record(ctx, ev.ID)
	})
}

// PostLast records first and posts last: nothing fails after the post.
func (d *LaterDeps) PostLast(ctx context.Context, t *asynq.Task) error { // want PostLast:`^handler asynq \(\*claimcbfix.LaterDeps\).PostLast$` PostLast:`^effects: http/post hooks.example.com/in guarded=processed_jobs; dynamic_call/call \(claimcbfix.audit\).Record; kv_write/set; kv_write/claim; kv_write/delete$`
	ev := &Event{ID: string(t.Payload()), Body: t.Payload()}
	return d.idem.Exec(ctx, "post:"+ev.ID, func(ctx context.Context) error {
		if err := d.log.Record(ctx, ev.ID); err != nil {
			return err
		}
		return post(ctx, ev)
	})
}

func RegisterLater(mux *asynq.ServeMux, d *LaterDeps) { // want RegisterLater:`^no effects$`
	mux.HandleFunc("postthenfail", d.PostThenFail)
	mux.HandleFunc("postthenhold", d.PostThenHold)
	mux.HandleFunc("postlast", d.PostLast)
}

// PostClose closes the response's body after the post: part of the post,
// not a later step that can fail.
func (d *LaterDeps) PostClose(ctx context.Context, t *asynq.Task) error { // want PostClose:`^effects: http/post hooks.example.com/in guarded=processed_jobs; kv_write/set; kv_write/claim; kv_write/delete$`
	return d.idem.Exec(ctx, "post:"+string(t.Payload()), func(ctx context.Context) error {
		resp, err := http.Post("https://hooks.example.com/in", "application/json", bytes.NewReader(t.Payload()))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func RegisterClose(mux *asynq.ServeMux, d *LaterDeps) { // want RegisterClose:`^no effects$`
	mux.HandleFunc("postclose", d.PostClose)
}
