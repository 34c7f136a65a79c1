package retry

import (
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/message/router/middleware"
)

// A poison queue outside a Retry bounds the router's retries: MaxRetries 3
// is 4 runs, then the message goes to the poison topic and is acked.
func watermillRouter(r *message.Router, pub message.Publisher) error { // want watermillRouter:"no effects"
	poison, err := middleware.PoisonQueue(pub, "poison")
	if err != nil {
		return err
	}
	r.AddMiddleware(
		poison,
		middleware.CorrelationID,
		middleware.Retry{
			MaxRetries:      3,
			InitialInterval: 10 * time.Second,
			MaxInterval:     30 * time.Second,
			Multiplier:      3,
		}.Middleware,
	)
	return nil
}

// Without a poison queue the backend redelivers after the retries: no
// policy is read.
func watermillRetryOnly(r *message.Router) { // want watermillRetryOnly:"no effects"
	r.AddMiddleware(middleware.Retry{MaxRetries: 2}.Middleware)
}
