// Stub of github.com/aws/aws-sdk-go-v2/service/ses@v1.43.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package types

import smithydocument "github.com/aws/smithy-go/document"

type Body struct {
	Html *Content
	Text *Content
	noSmithyDocumentSerde
}

type BulkEmailDestination struct {
	Destination             *Destination
	ReplacementTags         []MessageTag
	ReplacementTemplateData *string
	noSmithyDocumentSerde
}

type BulkEmailDestinationStatus struct {
	Error     *string
	MessageId *string
	Status    BulkEmailStatus
	noSmithyDocumentSerde
}

type Content struct {
	Data    *string
	Charset *string
	noSmithyDocumentSerde
}

type Destination struct {
	BccAddresses []string
	CcAddresses  []string
	ToAddresses  []string
	noSmithyDocumentSerde
}

type Message struct {
	Body    *Body
	Subject *Content
	noSmithyDocumentSerde
}

type MessageTag struct {
	Name  *string
	Value *string
	noSmithyDocumentSerde
}

type RawMessage struct {
	Data []byte
	noSmithyDocumentSerde
}
type noSmithyDocumentSerde = smithydocument.NoSerde
