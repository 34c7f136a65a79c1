package discamqp

import amqp "github.com/rabbitmq/amqp091-go"

// fakeConsumer is a test double that reads back what a test published:
// defined in a test file, it is not one of the program's handlers.
func fakeConsumer(ch *amqp.Channel) []string {
	msgs, _ := ch.Consume("emails", "", true, false, false, false, nil)
	var out []string
	for m := range msgs {
		out = append(out, string(m.Body))
	}
	return out
}
