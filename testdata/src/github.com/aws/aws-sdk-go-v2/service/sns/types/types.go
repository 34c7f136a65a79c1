// Stub of github.com/aws/aws-sdk-go-v2/service/sns@v1.48.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package types

import smithydocument "github.com/aws/smithy-go/document"

type BatchResultErrorEntry struct {
	Code        *string
	Id          *string
	SenderFault bool
	Message     *string
	noSmithyDocumentSerde
}

type MessageAttributeValue struct {
	DataType    *string
	BinaryValue []byte
	StringValue *string
	noSmithyDocumentSerde
}

type PublishBatchRequestEntry struct {
	Id                     *string
	Message                *string
	MessageAttributes      map[string]MessageAttributeValue
	MessageDeduplicationId *string
	MessageGroupId         *string
	MessageStructure       *string
	Subject                *string
	noSmithyDocumentSerde
}

type PublishBatchResultEntry struct {
	Id             *string
	MessageId      *string
	SequenceNumber *string
	noSmithyDocumentSerde
}
type noSmithyDocumentSerde = smithydocument.NoSerde
