// Package typeswitchfix covers a type switch on a function's interface
// parameter (effect.TypePath of a parameter): a client library routes
// every event it raises through one dispatcher (discordgo's handleEvent →
// onInterface) whose cases do different work; a caller that raises a
// rate-limit event never runs the voice-update case's write, a caller
// that raises the voice update does, and one that passes the job's own
// value of unknown type keeps every case.
package typeswitchfix

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

type Deps struct{ DB *sql.DB }

type RateLimit struct{ URL string }

type VoiceUpdate struct{ Endpoint string }

// onEvent runs the voice update's insert only for a *VoiceUpdate.
func (d *Deps) onEvent(ctx context.Context, ev interface{}) { // want onEvent:`^effects: db_write/insert voice_sessions$`
	switch t := ev.(type) {
	case *VoiceUpdate:
		_, _ = d.DB.ExecContext(ctx, "INSERT INTO voice_sessions (endpoint) VALUES ($1)", t.Endpoint)
	case *RateLimit:
		_ = t.URL
	}
}

// raise hands its own parameter on: the test goes up to its callers.
func (d *Deps) raise(ctx context.Context, ev interface{}) { // want raise:`^effects: db_write/insert voice_sessions$`
	d.onEvent(ctx, ev)
}

// Limited raises only a rate-limit event: the insert is not its effect.
func (d *Deps) Limited(ctx context.Context, t *asynq.Task) error { // want Limited:`^effects: db_write/update-set items$`
	if _, err := d.DB.ExecContext(ctx, "UPDATE items SET seen = true WHERE id = $1", string(t.Payload())); err != nil {
		return err
	}
	d.raise(ctx, &RateLimit{URL: string(t.Payload())})
	return nil
}

// Voiced raises the voice update (near miss): the insert is its effect.
func (d *Deps) Voiced(ctx context.Context, t *asynq.Task) error { // want Voiced:`insert voice_sessions` `unguarded`
	d.raise(ctx, &VoiceUpdate{Endpoint: string(t.Payload())})
	return nil
}

// Decoded passes a value of unknown dynamic type (near miss): every case
// stays.
func (d *Deps) Decoded(ctx context.Context, t *asynq.Task) error { // want Decoded:`insert voice_sessions` `unguarded`
	d.raise(ctx, decode(t.Payload()))
	return nil
}

func decode(b []byte) interface{} { // want decode:`^no effects$`
	if len(b) > 0 && b[0] == 'v' {
		return &VoiceUpdate{Endpoint: string(b)}
	}
	return &RateLimit{URL: string(b)}
}

// onError switches on a case of an interface type, which matches types
// not enumerated: no test (near miss).
func (d *Deps) onError(ctx context.Context, ev interface{}) { // want onError:`^effects: db_write/insert failures$`
	switch ev.(type) {
	case error:
		_, _ = d.DB.ExecContext(ctx, "INSERT INTO failures (at) VALUES (now())")
	}
}

// Failed passes a *RateLimit to a switch on an interface case: kept.
func (d *Deps) Failed(ctx context.Context, t *asynq.Task) error { // want Failed:`insert failures` `unguarded`
	d.onError(ctx, &RateLimit{URL: string(t.Payload())})
	return nil
}

// raiseAll converts a value of its type parameter (near miss): in the
// generic body that value may be of any type, so every case stays.
func raiseAll[T any](ctx context.Context, d *Deps, v T) { // want raiseAll:`^effects: db_write/insert voice_sessions$`
	d.raise(ctx, v)
}

// GenericVoiced raises the voice update through the generic helper.
func (d *Deps) GenericVoiced(ctx context.Context, t *asynq.Task) error { // want GenericVoiced:`insert voice_sessions` `unguarded`
	raiseAll(ctx, d, &VoiceUpdate{Endpoint: string(t.Payload())})
	return nil
}
