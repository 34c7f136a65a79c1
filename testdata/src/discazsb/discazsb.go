// Package discazsb covers Azure Service Bus receiver loops
// (azservicebus.Receiver.ReceiveMessages): the function that receives is
// a handler (confidence medium), here a goroutine's closure;
// CompleteMessage is its ack.
package discazsb

import (
	"context"
	"database/sql"
	"log"

	"github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus"
)

// Run starts the receive loop on a goroutine.
func Run(ctx context.Context, receiver *azservicebus.Receiver, db *sql.DB) { // want Run:`^effects: db_write/insert invoices @p2$`
	go func() { // want `unguarded: handler discazsb.Run.func1 repeats .*insert into invoices`
		for {
			messages, err := receiver.ReceiveMessages(ctx, 1, nil)
			if err != nil {
				continue
			}
			for _, msg := range messages {
				if _, err := db.ExecContext(ctx, "insert into invoices(body) values ($1)", msg.Body); err != nil {
					_ = receiver.AbandonMessage(ctx, msg, nil)
					continue
				}
				_ = receiver.CompleteMessage(ctx, msg, nil) // after the write
			}
		}
	}()
}

// Print only logs what it receives.
func Print(ctx context.Context, receiver *azservicebus.Receiver) { // want Print:"no effects"
	for {
		messages, err := receiver.ReceiveMessages(ctx, 10, nil)
		if err != nil {
			return
		}
		for _, msg := range messages {
			log.Printf("message %s: %s", msg.MessageID, msg.Body)
			_ = receiver.CompleteMessage(ctx, msg, nil) // after the log
		}
	}
}

// Settle completes a message it was given: no handler.
func Settle(ctx context.Context, receiver *azservicebus.Receiver, msg *azservicebus.ReceivedMessage) error { // want Settle:"no effects"
	return receiver.CompleteMessage(ctx, msg, nil)
}

// Session receives from a session: a pull loop too.
func Session(ctx context.Context, sr *azservicebus.SessionReceiver, db *sql.DB) error { // want Session:`^effects: db_write/insert sessions @p2$` `unguarded: handler discazsb.Session repeats .*insert into sessions`
	for {
		messages, err := sr.ReceiveMessages(ctx, 5, nil)
		if err != nil || len(messages) == 0 {
			return err
		}
		for _, msg := range messages {
			if _, err := db.ExecContext(ctx, "insert into sessions(body) values ($1)", msg.Body); err != nil {
				_ = sr.AbandonMessage(ctx, msg, nil)
				continue
			}
			_ = sr.CompleteMessage(ctx, msg, nil) // after the session write
		}
	}
}
