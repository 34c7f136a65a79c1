// Stub of github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus@v1.10.0 for analysistest: declarations mirror the real API (subset); bodies are empty.
package azservicebus

import "context"

type ReceivedMessage struct {
	Body                  []byte
	MessageID             string
	SequenceNumber        *int64
	ApplicationProperties map[string]any
}

type ReceiveMessagesOptions struct{}
type CompleteMessageOptions struct{}
type AbandonMessageOptions struct{}

type Receiver struct{}

func (r *Receiver) ReceiveMessages(ctx context.Context, maxMessages int, options *ReceiveMessagesOptions) ([]*ReceivedMessage, error) {
	return nil, nil
}

func (r *Receiver) CompleteMessage(ctx context.Context, message *ReceivedMessage, options *CompleteMessageOptions) error {
	return nil
}

func (r *Receiver) AbandonMessage(ctx context.Context, message *ReceivedMessage, options *AbandonMessageOptions) error {
	return nil
}

func (r *Receiver) Close(ctx context.Context) error { return nil }

type SessionReceiver struct{}

func (r *SessionReceiver) ReceiveMessages(ctx context.Context, maxMessages int, options *ReceiveMessagesOptions) ([]*ReceivedMessage, error) {
	return nil, nil
}

func (r *SessionReceiver) CompleteMessage(ctx context.Context, message *ReceivedMessage, options *CompleteMessageOptions) error {
	return nil
}

func (r *SessionReceiver) AbandonMessage(ctx context.Context, message *ReceivedMessage, options *AbandonMessageOptions) error {
	return nil
}
