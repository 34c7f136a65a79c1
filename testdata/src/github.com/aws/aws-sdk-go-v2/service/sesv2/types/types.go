// Stub of github.com/aws/aws-sdk-go-v2/service/sesv2@v1.79.9 for analysistest: declarations mirror the real API (subset); bodies are empty.

package types

import smithydocument "github.com/aws/smithy-go/document"

type Attachment struct {
	FileName                *string
	RawContent              []byte
	ContentDescription      *string
	ContentDisposition      AttachmentContentDisposition
	ContentId               *string
	ContentTransferEncoding AttachmentContentTransferEncoding
	ContentType             *string
	noSmithyDocumentSerde
}

type Body struct {
	Html *Content
	Text *Content
	noSmithyDocumentSerde
}

type BulkEmailContent struct {
	Template *Template
	noSmithyDocumentSerde
}

type BulkEmailEntry struct {
	Destination             *Destination
	ReplacementEmailContent *ReplacementEmailContent
	ReplacementHeaders      []MessageHeader
	ReplacementTags         []MessageTag
	noSmithyDocumentSerde
}

type BulkEmailEntryResult struct {
	Error     *string
	MessageId *string
	Status    BulkEmailStatus
	noSmithyDocumentSerde
}

type ConfigurationOverrides struct {
	Tracking *TrackingConfigurationOverrides
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

type EmailContent struct {
	Raw      *RawMessage
	Simple   *Message
	Template *Template
	noSmithyDocumentSerde
}

type EmailTemplateContent struct {
	Html    *string
	Subject *string
	Text    *string
	noSmithyDocumentSerde
}

type ListManagementOptions struct {
	ContactListName *string
	TopicName       *string
	noSmithyDocumentSerde
}

type Message struct {
	Body        *Body
	Subject     *Content
	Attachments []Attachment
	Headers     []MessageHeader
	noSmithyDocumentSerde
}

type MessageHeader struct {
	Name  *string
	Value *string
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

type ReplacementEmailContent struct {
	ReplacementTemplate *ReplacementTemplate
	noSmithyDocumentSerde
}

type ReplacementTemplate struct {
	ReplacementTemplateData *string
	noSmithyDocumentSerde
}

type Template struct {
	Attachments     []Attachment
	Headers         []MessageHeader
	TemplateArn     *string
	TemplateContent *EmailTemplateContent
	TemplateData    *string
	TemplateName    *string
	noSmithyDocumentSerde
}

type TrackingConfigurationOverrides struct {
	ClickTrackingEnabled FeatureStatus
	OpenTrackingEnabled  FeatureStatus
	noSmithyDocumentSerde
}
type noSmithyDocumentSerde = smithydocument.NoSerde
