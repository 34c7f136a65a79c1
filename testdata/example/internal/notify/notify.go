// Package notify composes the shop's user notifications.
package notify

import (
	"cmp"
	"context"
	"os"

	"example.com/shop/internal/mail"
)

// Welcome emails the welcome message to a new user.
func Welcome(ctx context.Context, email string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	relay := cmp.Or(os.Getenv("SMTP_ADDR"), "localhost:25")
	return mail.Send(relay, "hello@shop.example", []string{email}, "Welcome to the shop", "Thanks for signing up!")
}
