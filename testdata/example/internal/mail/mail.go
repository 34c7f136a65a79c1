// Package mail sends plain-text email over SMTP.
package mail

import (
	"fmt"
	"net/smtp"
	"strings"
)

// Send delivers one message through the SMTP relay at addr.
func Send(addr, from string, to []string, subject, body string) error {
	msg := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: %s\r\n\r\n%s\r\n", from, strings.Join(to, ", "), subject, body)
	return smtp.SendMail(addr, nil, from, to, []byte(msg))
}
