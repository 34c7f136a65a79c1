// Package fcm sends pushes through Firebase Cloud Messaging.
package fcm

import (
	"context"

	"firebase.google.com/go/v4/messaging"
)

type FCM struct{ client *messaging.Client }

func New(c *messaging.Client) *FCM { return &FCM{client: c} }

func (f *FCM) Provider() string { return "fcm" }

func (f *FCM) Send(ctx context.Context, msg string) error {
	_, err := f.client.SendEachForMulticast(ctx, &messaging.MulticastMessage{Tokens: []string{msg}})
	return err
}
