// Package subscribe is a stub of silenceper/wechat's mini-program
// subscription messages (v2.0.9 signatures).
package subscribe

type Message struct {
	ToUser     string
	TemplateID string
}

type Subscribe struct{}

func (s *Subscribe) Send(msg *Message) (err error) { return nil }
