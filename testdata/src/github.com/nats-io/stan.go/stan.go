// Package stan is a stub of github.com/nats-io/stan.go (v0.10.4 signatures).
package stan

type Msg struct{ Data []byte }

func (msg *Msg) Ack() error { return nil }

type MsgHandler func(msg *Msg)

type Subscription interface{ Unsubscribe() error }

type SubscriptionOption func(*SubscriptionOptions) error

type SubscriptionOptions struct{ ManualAcks bool }

func SetManualAckMode() SubscriptionOption { return nil }

func DurableName(name string) SubscriptionOption { return nil }

type Conn interface {
	Publish(subject string, data []byte) error
	Subscribe(subject string, cb MsgHandler, opts ...SubscriptionOption) (Subscription, error)
	QueueSubscribe(subject, qgroup string, cb MsgHandler, opts ...SubscriptionOption) (Subscription, error)
	Close() error
}

type Option func(*Options) error

type Options struct{}

func Connect(stanClusterID, clientID string, options ...Option) (Conn, error) { return nil, nil }
