// Package jobs has two handlers, one of which calls through an interface
// only the whole-program phase resolves (app sets it), beside a package
// that does not type-check (broken).
package jobs

import (
	"context"
	"os"

	_ "example.com/robust/whole/broken"
)

type Sender interface {
	Send(msg string) error
}

// sender is set by the program's main package (app): only the
// whole-program phase sees what it holds.
var sender Sender

func SetSender(s Sender) { sender = s }

// Notify is a job handler that sends through the interface.
//
//jobeffects:handler notify
func Notify(ctx context.Context, msg string) error {
	return sender.Send(msg)
}

// Cleanup is a job handler that removes a file.
//
//jobeffects:handler cleanup
func Cleanup(ctx context.Context, name string) error {
	return os.Remove(name)
}
