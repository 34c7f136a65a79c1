// Stub of github.com/aws/aws-sdk-go-v2/service/ses@v1.43.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package types

type BehaviorOnMXFailure string

const (
	BehaviorOnMXFailureUseDefaultValue BehaviorOnMXFailure = "UseDefaultValue"
	BehaviorOnMXFailureRejectMessage   BehaviorOnMXFailure = "RejectMessage"
)

func (BehaviorOnMXFailure) Values() []BehaviorOnMXFailure {
	return nil
}

type BounceType string

const (
	BounceTypeDoesNotExist     BounceType = "DoesNotExist"
	BounceTypeMessageTooLarge  BounceType = "MessageTooLarge"
	BounceTypeExceededQuota    BounceType = "ExceededQuota"
	BounceTypeContentRejected  BounceType = "ContentRejected"
	BounceTypeUndefined        BounceType = "Undefined"
	BounceTypeTemporaryFailure BounceType = "TemporaryFailure"
)

func (BounceType) Values() []BounceType {
	return nil
}

type BulkEmailStatus string

const (
	BulkEmailStatusSuccess                       BulkEmailStatus = "Success"
	BulkEmailStatusMessageRejected               BulkEmailStatus = "MessageRejected"
	BulkEmailStatusMailFromDomainNotVerified     BulkEmailStatus = "MailFromDomainNotVerified"
	BulkEmailStatusConfigurationSetDoesNotExist  BulkEmailStatus = "ConfigurationSetDoesNotExist"
	BulkEmailStatusTemplateDoesNotExist          BulkEmailStatus = "TemplateDoesNotExist"
	BulkEmailStatusAccountSuspended              BulkEmailStatus = "AccountSuspended"
	BulkEmailStatusAccountThrottled              BulkEmailStatus = "AccountThrottled"
	BulkEmailStatusAccountDailyQuotaExceeded     BulkEmailStatus = "AccountDailyQuotaExceeded"
	BulkEmailStatusInvalidSendingPoolName        BulkEmailStatus = "InvalidSendingPoolName"
	BulkEmailStatusAccountSendingPaused          BulkEmailStatus = "AccountSendingPaused"
	BulkEmailStatusConfigurationSetSendingPaused BulkEmailStatus = "ConfigurationSetSendingPaused"
	BulkEmailStatusInvalidParameterValue         BulkEmailStatus = "InvalidParameterValue"
	BulkEmailStatusTransientFailure              BulkEmailStatus = "TransientFailure"
	BulkEmailStatusFailed                        BulkEmailStatus = "Failed"
)

func (BulkEmailStatus) Values() []BulkEmailStatus {
	return nil
}

type ConfigurationSetAttribute string

const (
	ConfigurationSetAttributeEventDestinations ConfigurationSetAttribute = "eventDestinations"
	ConfigurationSetAttributeTrackingOptions   ConfigurationSetAttribute = "trackingOptions"
	ConfigurationSetAttributeDeliveryOptions   ConfigurationSetAttribute = "deliveryOptions"
	ConfigurationSetAttributeReputationOptions ConfigurationSetAttribute = "reputationOptions"
)

func (ConfigurationSetAttribute) Values() []ConfigurationSetAttribute {
	return nil
}

type CustomMailFromStatus string

const (
	CustomMailFromStatusPending          CustomMailFromStatus = "Pending"
	CustomMailFromStatusSuccess          CustomMailFromStatus = "Success"
	CustomMailFromStatusFailed           CustomMailFromStatus = "Failed"
	CustomMailFromStatusTemporaryFailure CustomMailFromStatus = "TemporaryFailure"
)

func (CustomMailFromStatus) Values() []CustomMailFromStatus {
	return nil
}

type DimensionValueSource string

const (
	DimensionValueSourceMessageTag  DimensionValueSource = "messageTag"
	DimensionValueSourceEmailHeader DimensionValueSource = "emailHeader"
	DimensionValueSourceLinkTag     DimensionValueSource = "linkTag"
)

func (DimensionValueSource) Values() []DimensionValueSource {
	return nil
}

type DsnAction string

const (
	DsnActionFailed    DsnAction = "failed"
	DsnActionDelayed   DsnAction = "delayed"
	DsnActionDelivered DsnAction = "delivered"
	DsnActionRelayed   DsnAction = "relayed"
	DsnActionExpanded  DsnAction = "expanded"
)

func (DsnAction) Values() []DsnAction {
	return nil
}

type EventType string

const (
	EventTypeSend             EventType = "send"
	EventTypeReject           EventType = "reject"
	EventTypeBounce           EventType = "bounce"
	EventTypeComplaint        EventType = "complaint"
	EventTypeDelivery         EventType = "delivery"
	EventTypeOpen             EventType = "open"
	EventTypeClick            EventType = "click"
	EventTypeRenderingFailure EventType = "renderingFailure"
)

func (EventType) Values() []EventType {
	return nil
}

type IdentityType string

const (
	IdentityTypeEmailAddress IdentityType = "EmailAddress"
	IdentityTypeDomain       IdentityType = "Domain"
)

func (IdentityType) Values() []IdentityType {
	return nil
}

type InvocationType string

const (
	InvocationTypeEvent           InvocationType = "Event"
	InvocationTypeRequestResponse InvocationType = "RequestResponse"
)

func (InvocationType) Values() []InvocationType {
	return nil
}

type NotificationType string

const (
	NotificationTypeBounce    NotificationType = "Bounce"
	NotificationTypeComplaint NotificationType = "Complaint"
	NotificationTypeDelivery  NotificationType = "Delivery"
)

func (NotificationType) Values() []NotificationType {
	return nil
}

type ReceiptFilterPolicy string

const (
	ReceiptFilterPolicyBlock ReceiptFilterPolicy = "Block"
	ReceiptFilterPolicyAllow ReceiptFilterPolicy = "Allow"
)

func (ReceiptFilterPolicy) Values() []ReceiptFilterPolicy {
	return nil
}

type SNSActionEncoding string

const (
	SNSActionEncodingUtf8   SNSActionEncoding = "UTF-8"
	SNSActionEncodingBase64 SNSActionEncoding = "Base64"
)

func (SNSActionEncoding) Values() []SNSActionEncoding {
	return nil
}

type StopScope string

const (
	StopScopeRuleSet StopScope = "RuleSet"
)

func (StopScope) Values() []StopScope {
	return nil
}

type TlsPolicy string

const (
	TlsPolicyRequire  TlsPolicy = "Require"
	TlsPolicyOptional TlsPolicy = "Optional"
)

func (TlsPolicy) Values() []TlsPolicy {
	return nil
}

type VerificationStatus string

const (
	VerificationStatusPending          VerificationStatus = "Pending"
	VerificationStatusSuccess          VerificationStatus = "Success"
	VerificationStatusFailed           VerificationStatus = "Failed"
	VerificationStatusTemporaryFailure VerificationStatus = "TemporaryFailure"
	VerificationStatusNotStarted       VerificationStatus = "NotStarted"
)

func (VerificationStatus) Values() []VerificationStatus {
	return nil
}
