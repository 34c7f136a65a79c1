// Package backoff is a stub of github.com/cenkalti/backoff/v4 (v4.3.0).
package backoff

type Operation func() error

type Notify func(error, int64)

type BackOff interface{ NextBackOff() int64 }

type ExponentialBackOff struct{ hook func() }

type ExponentialBackOffOpts func(*ExponentialBackOff)

// NewExponentialBackOff applies its options: function values its body
// cannot resolve; a reviewer reads a constructor.
func NewExponentialBackOff(opts ...ExponentialBackOffOpts) *ExponentialBackOff {
	b := &ExponentialBackOff{}
	b.hook()
	return b
}

func (b *ExponentialBackOff) NextBackOff() int64 { return 0 }

func Retry(o Operation, b BackOff) error { return o() }

func RetryNotify(o Operation, b BackOff, n Notify) error { return o() }

type OperationWithData[T any] func() (T, error)

// Timer is the library's timer interface (its implementation lives in
// the library's unexported code, not stubbed): the loop's wait is a call
// the body cannot resolve, as the library's doRetryNotify's is.
type Timer interface{ Start(int64) }

var defaultTimer Timer

func RetryWithData[T any](o OperationWithData[T], b BackOff) (T, error) {
	for {
		r, err := o()
		if err == nil {
			return r, nil
		}
		defaultTimer.Start(b.NextBackOff())
	}
}

func RetryNotifyWithData[T any](o OperationWithData[T], b BackOff, n Notify) (T, error) { return o() }
