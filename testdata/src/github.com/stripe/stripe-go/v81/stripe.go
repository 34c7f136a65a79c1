// Stub of github.com/stripe/stripe-go/v81 for analysistest: the few
// declarations an older-major fixture uses; bodies are empty.
package stripe

// Params are the parameters every request takes.
type Params struct {
	IdempotencyKey *string `form:"-" json:"-"`
}

// RefundParams are the parameters of a refund.
type RefundParams struct {
	Params        `form:"*"`
	Amount        *int64  `form:"amount"`
	PaymentIntent *string `form:"payment_intent"`
}

// Refund is a refund.
type Refund struct{ ID string }

func String(v string) *string { return &v }
func Int64(v int64) *int64    { return &v }
