// Package notify holds the ent hooks cmd/worker installs on the client.
package notify

import (
	"context"
	"net/smtp"

	"example.com/ecosystem/ent"
	"example.com/ecosystem/ent/hook"
)

// CustomerCreated is an ent hook that welcomes every new customer by
// email once the insert succeeded. Installed with client.Customer.Use in
// main, it runs inside every customer Create, wherever that is.
func CustomerCreated() ent.Hook {
	return hook.On(func(next ent.Mutator) ent.Mutator {
		return hook.CustomerFunc(func(ctx context.Context, m *ent.CustomerMutation) (ent.Value, error) {
			v, err := next.Mutate(ctx, m)
			if err != nil {
				return v, err
			}
			if email, ok := m.Email(); ok {
				err = smtp.SendMail("mail.example.com:25", nil, "shop@example.com", []string{email}, []byte("Subject: welcome\r\n\r\nHello!"))
			}
			return v, err
		})
	}, ent.OpCreate)
}
