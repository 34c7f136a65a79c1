// Stub of github.com/aws/aws-sdk-go-v2/service/sqs@v1.53.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package types

import smithydocument "github.com/aws/smithy-go/document"

type BatchResultErrorEntry struct {
	Code        *string
	Id          *string
	SenderFault bool
	Message     *string
	noSmithyDocumentSerde
}

type ChangeMessageVisibilityBatchRequestEntry struct {
	Id                *string
	ReceiptHandle     *string
	VisibilityTimeout int32
	noSmithyDocumentSerde
}

type ChangeMessageVisibilityBatchResultEntry struct {
	Id *string
	noSmithyDocumentSerde
}

type DeleteMessageBatchRequestEntry struct {
	Id            *string
	ReceiptHandle *string
	noSmithyDocumentSerde
}

type DeleteMessageBatchResultEntry struct {
	Id *string
	noSmithyDocumentSerde
}

type Message struct {
	Attributes             map[string]string
	Body                   *string
	MD5OfBody              *string
	MD5OfMessageAttributes *string
	MessageAttributes      map[string]MessageAttributeValue
	MessageId              *string
	ReceiptHandle          *string
	noSmithyDocumentSerde
}

type MessageAttributeValue struct {
	DataType         *string
	BinaryListValues [][]byte
	BinaryValue      []byte
	StringListValues []string
	StringValue      *string
	noSmithyDocumentSerde
}

type MessageSystemAttributeValue struct {
	DataType         *string
	BinaryListValues [][]byte
	BinaryValue      []byte
	StringListValues []string
	StringValue      *string
	noSmithyDocumentSerde
}

type SendMessageBatchRequestEntry struct {
	Id                      *string
	MessageBody             *string
	DelaySeconds            int32
	MessageAttributes       map[string]MessageAttributeValue
	MessageDeduplicationId  *string
	MessageGroupId          *string
	MessageSystemAttributes map[string]MessageSystemAttributeValue
	noSmithyDocumentSerde
}

type SendMessageBatchResultEntry struct {
	Id                           *string
	MD5OfMessageBody             *string
	MessageId                    *string
	MD5OfMessageAttributes       *string
	MD5OfMessageSystemAttributes *string
	SequenceNumber               *string
	noSmithyDocumentSerde
}
type noSmithyDocumentSerde = smithydocument.NoSerde
