package effectkinds

import (
	"context"
	"net/smtp"

	"github.com/hibiken/asynq"
)

// An email cannot be unsent: high.
func (d *Deps) SendReceipt(ctx context.Context, t *asynq.Task) error { // want SendReceipt:`^effects: email/send smtp$` `unguarded: handler \(\*effectkinds.Deps\).SendReceipt \(asynq task "receipt:send"\) .*: email send \(smtp\) \(high\) at \S*effectkinds/mail.go:\d+ is not guarded`
	p := decode(t)
	return sendMail(p.Email, "your receipt")
}

func sendMail(to, body string) error { // want sendMail:`^effects: email/send smtp$`
	return smtp.SendMail("smtp.example.com:587", nil, "shop@example.com", []string{to}, []byte(body))
}
