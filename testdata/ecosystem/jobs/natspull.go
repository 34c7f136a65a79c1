package jobs

import (
	"fmt"
	"log"
	"net/smtp"
	"time"

	"github.com/nats-io/nats.go"
)

// A JetStream pull loop that hands each fetched message to a goroutine
// (issue 28, stop 54; fixture discnats PullWorkers), the shape of a mail
// sender: the goroutine runs sendQueuedMail and then acks. sendQueuedMail
// takes a *nats.Msg but is the loop's per-message work, not a handler of
// its own: the loop is the handler, and its mail and its stats publish
// repeat when a message is redelivered after the ack was lost.

// PullSender sends the mails queued on a pull subscription.
type PullSender struct {
	NC       *nats.Conn
	SMTPAddr string
}

// RunPullSender fetches batches and sends each mail in its own goroutine.
func RunPullSender(s *PullSender, sub *nats.Subscription, maxJobs int) {
	slots := make(chan struct{}, maxJobs)
	for {
		msgs, err := sub.Fetch(maxJobs, nats.MaxWait(10*time.Second))
		if err != nil {
			if err != nats.ErrTimeout {
				log.Printf("fetch: %v", err)
			}
			continue
		}
		for _, msg := range msgs {
			slots <- struct{}{}
			go func(msg *nats.Msg) {
				if err := sendQueuedMail(msg, s); err != nil {
					log.Printf("send: %v", err)
				}
				if err := msg.Ack(); err != nil {
					log.Printf("ack: %v", err)
				}
				<-slots
			}(msg)
		}
	}
}

func sendQueuedMail(msg *nats.Msg, s *PullSender) error {
	to := msg.Header.Get("To")
	if err := smtp.SendMail(s.SMTPAddr, nil, "noreply@example.com", []string{to}, msg.Data); err != nil {
		return fmt.Errorf("send to %s: %w", to, err)
	}
	return s.NC.Publish("mail.stats.delivered", []byte(to))
}

// StartPullSender subscribes the pull consumer and runs the loop.
func StartPullSender(js nats.JetStreamContext, s *PullSender) error {
	sub, err := js.PullSubscribe("mail.sending", "mail-sending-pool")
	if err != nil {
		return err
	}
	go RunPullSender(s, sub, 8)
	return nil
}
