// Command app wires the sender jobs.Notify calls.
package main

import (
	"os"

	"example.com/robust/whole/jobs"
)

// fileSender appends the message to a file: not idempotent.
type fileSender struct{}

func (fileSender) Send(msg string) error {
	f, err := os.OpenFile("outbox.log", os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(msg)
	return err
}

func main() {
	jobs.SetSender(fileSender{})
}
