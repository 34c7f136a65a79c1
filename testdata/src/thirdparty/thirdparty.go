// Package thirdparty calls an unmodeled SDK from another module.
package thirdparty

import (
	"context"

	"example.org/sdk"
	"github.com/hibiken/asynq"
)

type Deps struct{ SDK *sdk.Client }

func (d *Deps) Create(ctx context.Context, t *asynq.Task) error { // want Create:"network/call \\(\\*sdk.Client\\).CreateThing reads=http/post" `unguarded: handler \(\*thirdparty.Deps\).Create repeats .*http post \(inferred from the name \(\*sdk.Client\).CreateThing\) \(high\) .*confidence medium`
	return d.SDK.CreateThing(ctx, t.Type())
}

func (d *Deps) Publish(ctx context.Context, t *asynq.Task) error { // want Publish:"http/post events.example.org/v1/events" `unguarded: handler \(\*thirdparty.Deps\).Publish .*http post \(events.example.org/v1/events\) \(high\) at example.org/sdk/sdk.go:\d+ is not guarded; path: thirdparty/thirdparty.go:\d+ \(\*thirdparty.Deps\).Publish → example.org/sdk/sdk.go:\d+ \(\*sdk.Client\).PostEvent`
	return d.SDK.PostEvent(ctx, t.Payload())
}

func (d *Deps) Ping(ctx context.Context, t *asynq.Task) error { // want Ping:"dynamic_call/call \\(\\*sdk.Client\\).Ping"
	d.SDK.Ping()
	return nil
}

// An SDK call whose request method is lost inside the SDK is read by its
// name at the boundary: a listing reads, an addition creates.
func (d *Deps) List(ctx context.Context, t *asynq.Task) error { // want List:"network/call \\(\\*sdk.Client\\).ListThings reads=http/get"
	_, err := d.SDK.ListThings(ctx)
	return err
}

func (d *Deps) Add(ctx context.Context, t *asynq.Task) error { // want Add:"network/call \\(\\*sdk.Client\\).AddThing reads=http/post" `unguarded: handler \(\*thirdparty.Deps\).Add repeats .*http post \(inferred from the name \(\*sdk.Client\).AddThing\) \(high\)`
	return d.SDK.AddThing(ctx, t.Type())
}

// An OpenAPI request's Execute is read by the operation its type names
// (ThingRemove: a deletion at the other party).
func (d *Deps) Remove(ctx context.Context, t *asynq.Task) error { // want Remove:"network/call sdk.ApiThingRemoveRequest.Execute reads=http/delete"
	_, err := d.SDK.ThingRemove(t.Type()).Execute()
	return err
}
