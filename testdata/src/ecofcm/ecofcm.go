// Package ecofcm covers Firebase Cloud Messaging (firebase.google.com/go/v4):
// sends are pushes (high), dry runs validate only (safe).
package ecofcm

import (
	"context"

	"firebase.google.com/go/v4/messaging"
	"github.com/hibiken/asynq"
)

type Deps struct{ FCM *messaging.Client }

func (d *Deps) Push(ctx context.Context, t *asynq.Task) error { // want Push:`^effects: push/send fcm$` `unguarded: handler \(\*ecofcm.Deps\).Push .*push send \(fcm\) \(high\)`
	_, err := d.FCM.Send(ctx, &messaging.Message{Token: string(t.Payload())})
	return err
}

func (d *Deps) Broadcast(ctx context.Context, t *asynq.Task) error { // want Broadcast:`^effects: push/send fcm; push/send fcm$` `unguarded: handler \(\*ecofcm.Deps\).Broadcast .*push send \(fcm\) \(high\)`
	if _, err := d.FCM.SendEach(ctx, []*messaging.Message{{Token: "a"}}); err != nil {
		return err
	}
	_, err := d.FCM.SendEachForMulticast(ctx, &messaging.MulticastMessage{Tokens: []string{"a", "b"}})
	return err
}

func (d *Deps) Legacy(ctx context.Context, t *asynq.Task) error { // want Legacy:`^effects: push/send fcm; push/send fcm$` `unguarded: handler \(\*ecofcm.Deps\).Legacy .*push send \(fcm\) \(high\)`
	if _, err := d.FCM.SendAll(ctx, nil); err != nil {
		return err
	}
	_, err := d.FCM.SendMulticast(ctx, &messaging.MulticastMessage{})
	return err
}

func (d *Deps) Validate(ctx context.Context, t *asynq.Task) error { // want Validate:`^effects: push/validate fcm$`
	_, err := d.FCM.SendDryRun(ctx, &messaging.Message{Token: string(t.Payload())})
	return err
}

func (d *Deps) Subscribe(ctx context.Context, t *asynq.Task) error { // want Subscribe:`^effects: push/set fcm topics$`
	_, err := d.FCM.SubscribeToTopic(ctx, []string{string(t.Payload())}, "news")
	return err
}
