// Stub of github.com/aws/aws-sdk-go-v2/service/sesv2@v1.79.9 for analysistest: declarations mirror the real API (subset); bodies are empty.

package types

type AttachmentContentDisposition string

const (
	AttachmentContentDispositionAttachment AttachmentContentDisposition = "ATTACHMENT"
	AttachmentContentDispositionInline     AttachmentContentDisposition = "INLINE"
)

func (AttachmentContentDisposition) Values() []AttachmentContentDisposition {
	return nil
}

type AttachmentContentTransferEncoding string

const (
	AttachmentContentTransferEncodingBase64          AttachmentContentTransferEncoding = "BASE64"
	AttachmentContentTransferEncodingQuotedPrintable AttachmentContentTransferEncoding = "QUOTED_PRINTABLE"
	AttachmentContentTransferEncodingSevenBit        AttachmentContentTransferEncoding = "SEVEN_BIT"
)

func (AttachmentContentTransferEncoding) Values() []AttachmentContentTransferEncoding {
	return nil
}

type BehaviorOnMxFailure string

const (
	BehaviorOnMxFailureUseDefaultValue BehaviorOnMxFailure = "USE_DEFAULT_VALUE"
	BehaviorOnMxFailureRejectMessage   BehaviorOnMxFailure = "REJECT_MESSAGE"
)

func (BehaviorOnMxFailure) Values() []BehaviorOnMxFailure {
	return nil
}

type BounceType string

const (
	BounceTypeUndetermined BounceType = "UNDETERMINED"
	BounceTypeTransient    BounceType = "TRANSIENT"
	BounceTypePermanent    BounceType = "PERMANENT"
)

func (BounceType) Values() []BounceType {
	return nil
}

type BulkEmailStatus string

const (
	BulkEmailStatusSuccess                       BulkEmailStatus = "SUCCESS"
	BulkEmailStatusMessageRejected               BulkEmailStatus = "MESSAGE_REJECTED"
	BulkEmailStatusMailFromDomainNotVerified     BulkEmailStatus = "MAIL_FROM_DOMAIN_NOT_VERIFIED"
	BulkEmailStatusConfigurationSetNotFound      BulkEmailStatus = "CONFIGURATION_SET_NOT_FOUND"
	BulkEmailStatusTemplateNotFound              BulkEmailStatus = "TEMPLATE_NOT_FOUND"
	BulkEmailStatusAccountSuspended              BulkEmailStatus = "ACCOUNT_SUSPENDED"
	BulkEmailStatusAccountThrottled              BulkEmailStatus = "ACCOUNT_THROTTLED"
	BulkEmailStatusAccountDailyQuotaExceeded     BulkEmailStatus = "ACCOUNT_DAILY_QUOTA_EXCEEDED"
	BulkEmailStatusInvalidSendingPoolName        BulkEmailStatus = "INVALID_SENDING_POOL_NAME"
	BulkEmailStatusAccountSendingPaused          BulkEmailStatus = "ACCOUNT_SENDING_PAUSED"
	BulkEmailStatusConfigurationSetSendingPaused BulkEmailStatus = "CONFIGURATION_SET_SENDING_PAUSED"
	BulkEmailStatusInvalidParameter              BulkEmailStatus = "INVALID_PARAMETER"
	BulkEmailStatusTransientFailure              BulkEmailStatus = "TRANSIENT_FAILURE"
	BulkEmailStatusFailed                        BulkEmailStatus = "FAILED"
)

func (BulkEmailStatus) Values() []BulkEmailStatus {
	return nil
}

type ConfigurationSetFilterKey string

const (
	ConfigurationSetFilterKeyConfigurationSetNameContains ConfigurationSetFilterKey = "CONFIGURATION_SET_NAME_CONTAINS"
)

func (ConfigurationSetFilterKey) Values() []ConfigurationSetFilterKey {
	return nil
}

type ContactLanguage string

const (
	ContactLanguageEn ContactLanguage = "EN"
	ContactLanguageJa ContactLanguage = "JA"
)

func (ContactLanguage) Values() []ContactLanguage {
	return nil
}

type ContactListImportAction string

const (
	ContactListImportActionDelete ContactListImportAction = "DELETE"
	ContactListImportActionPut    ContactListImportAction = "PUT"
)

func (ContactListImportAction) Values() []ContactListImportAction {
	return nil
}

type DataFormat string

const (
	DataFormatCsv  DataFormat = "CSV"
	DataFormatJson DataFormat = "JSON"
)

func (DataFormat) Values() []DataFormat {
	return nil
}

type DeliverabilityDashboardAccountStatus string

const (
	DeliverabilityDashboardAccountStatusActive            DeliverabilityDashboardAccountStatus = "ACTIVE"
	DeliverabilityDashboardAccountStatusPendingExpiration DeliverabilityDashboardAccountStatus = "PENDING_EXPIRATION"
	DeliverabilityDashboardAccountStatusDisabled          DeliverabilityDashboardAccountStatus = "DISABLED"
)

func (DeliverabilityDashboardAccountStatus) Values() []DeliverabilityDashboardAccountStatus {
	return nil
}

type DeliverabilityTestStatus string

const (
	DeliverabilityTestStatusInProgress DeliverabilityTestStatus = "IN_PROGRESS"
	DeliverabilityTestStatusCompleted  DeliverabilityTestStatus = "COMPLETED"
)

func (DeliverabilityTestStatus) Values() []DeliverabilityTestStatus {
	return nil
}

type DeliveryEventType string

const (
	DeliveryEventTypeSend               DeliveryEventType = "SEND"
	DeliveryEventTypeDelivery           DeliveryEventType = "DELIVERY"
	DeliveryEventTypeTransientBounce    DeliveryEventType = "TRANSIENT_BOUNCE"
	DeliveryEventTypePermanentBounce    DeliveryEventType = "PERMANENT_BOUNCE"
	DeliveryEventTypeUndeterminedBounce DeliveryEventType = "UNDETERMINED_BOUNCE"
	DeliveryEventTypeComplaint          DeliveryEventType = "COMPLAINT"
)

func (DeliveryEventType) Values() []DeliveryEventType {
	return nil
}

type DimensionValueSource string

const (
	DimensionValueSourceMessageTag  DimensionValueSource = "MESSAGE_TAG"
	DimensionValueSourceEmailHeader DimensionValueSource = "EMAIL_HEADER"
	DimensionValueSourceLinkTag     DimensionValueSource = "LINK_TAG"
)

func (DimensionValueSource) Values() []DimensionValueSource {
	return nil
}

type DkimSigningAttributesOrigin string

const (
	DkimSigningAttributesOriginAwsSes             DkimSigningAttributesOrigin = "AWS_SES"
	DkimSigningAttributesOriginExternal           DkimSigningAttributesOrigin = "EXTERNAL"
	DkimSigningAttributesOriginAwsSesAfSouth1     DkimSigningAttributesOrigin = "AWS_SES_AF_SOUTH_1"
	DkimSigningAttributesOriginAwsSesEuNorth1     DkimSigningAttributesOrigin = "AWS_SES_EU_NORTH_1"
	DkimSigningAttributesOriginAwsSesApSouth1     DkimSigningAttributesOrigin = "AWS_SES_AP_SOUTH_1"
	DkimSigningAttributesOriginAwsSesEuWest3      DkimSigningAttributesOrigin = "AWS_SES_EU_WEST_3"
	DkimSigningAttributesOriginAwsSesEuWest2      DkimSigningAttributesOrigin = "AWS_SES_EU_WEST_2"
	DkimSigningAttributesOriginAwsSesEuSouth1     DkimSigningAttributesOrigin = "AWS_SES_EU_SOUTH_1"
	DkimSigningAttributesOriginAwsSesEuWest1      DkimSigningAttributesOrigin = "AWS_SES_EU_WEST_1"
	DkimSigningAttributesOriginAwsSesApNortheast3 DkimSigningAttributesOrigin = "AWS_SES_AP_NORTHEAST_3"
	DkimSigningAttributesOriginAwsSesApNortheast2 DkimSigningAttributesOrigin = "AWS_SES_AP_NORTHEAST_2"
	DkimSigningAttributesOriginAwsSesMeSouth1     DkimSigningAttributesOrigin = "AWS_SES_ME_SOUTH_1"
	DkimSigningAttributesOriginAwsSesApNortheast1 DkimSigningAttributesOrigin = "AWS_SES_AP_NORTHEAST_1"
	DkimSigningAttributesOriginAwsSesIlCentral1   DkimSigningAttributesOrigin = "AWS_SES_IL_CENTRAL_1"
	DkimSigningAttributesOriginAwsSesSaEast1      DkimSigningAttributesOrigin = "AWS_SES_SA_EAST_1"
	DkimSigningAttributesOriginAwsSesCaCentral1   DkimSigningAttributesOrigin = "AWS_SES_CA_CENTRAL_1"
	DkimSigningAttributesOriginAwsSesApSoutheast1 DkimSigningAttributesOrigin = "AWS_SES_AP_SOUTHEAST_1"
	DkimSigningAttributesOriginAwsSesApSoutheast2 DkimSigningAttributesOrigin = "AWS_SES_AP_SOUTHEAST_2"
	DkimSigningAttributesOriginAwsSesApSoutheast3 DkimSigningAttributesOrigin = "AWS_SES_AP_SOUTHEAST_3"
	DkimSigningAttributesOriginAwsSesEuCentral1   DkimSigningAttributesOrigin = "AWS_SES_EU_CENTRAL_1"
	DkimSigningAttributesOriginAwsSesUsEast1      DkimSigningAttributesOrigin = "AWS_SES_US_EAST_1"
	DkimSigningAttributesOriginAwsSesUsEast2      DkimSigningAttributesOrigin = "AWS_SES_US_EAST_2"
	DkimSigningAttributesOriginAwsSesUsWest1      DkimSigningAttributesOrigin = "AWS_SES_US_WEST_1"
	DkimSigningAttributesOriginAwsSesUsWest2      DkimSigningAttributesOrigin = "AWS_SES_US_WEST_2"
	DkimSigningAttributesOriginAwsSesMeCentral1   DkimSigningAttributesOrigin = "AWS_SES_ME_CENTRAL_1"
	DkimSigningAttributesOriginAwsSesApSouth2     DkimSigningAttributesOrigin = "AWS_SES_AP_SOUTH_2"
	DkimSigningAttributesOriginAwsSesEuCentral2   DkimSigningAttributesOrigin = "AWS_SES_EU_CENTRAL_2"
	DkimSigningAttributesOriginAwsSesApSoutheast5 DkimSigningAttributesOrigin = "AWS_SES_AP_SOUTHEAST_5"
	DkimSigningAttributesOriginAwsSesCaWest1      DkimSigningAttributesOrigin = "AWS_SES_CA_WEST_1"
	DkimSigningAttributesOriginAwsSesUsGovEast1   DkimSigningAttributesOrigin = "AWS_SES_US_GOV_EAST_1"
	DkimSigningAttributesOriginAwsSesUsGovWest1   DkimSigningAttributesOrigin = "AWS_SES_US_GOV_WEST_1"
)

func (DkimSigningAttributesOrigin) Values() []DkimSigningAttributesOrigin {
	return nil
}

type DkimSigningKeyLength string

const (
	DkimSigningKeyLengthRsa1024Bit DkimSigningKeyLength = "RSA_1024_BIT"
	DkimSigningKeyLengthRsa2048Bit DkimSigningKeyLength = "RSA_2048_BIT"
)

func (DkimSigningKeyLength) Values() []DkimSigningKeyLength {
	return nil
}

type DkimStatus string

const (
	DkimStatusPending          DkimStatus = "PENDING"
	DkimStatusSuccess          DkimStatus = "SUCCESS"
	DkimStatusFailed           DkimStatus = "FAILED"
	DkimStatusTemporaryFailure DkimStatus = "TEMPORARY_FAILURE"
	DkimStatusNotStarted       DkimStatus = "NOT_STARTED"
)

func (DkimStatus) Values() []DkimStatus {
	return nil
}

type EmailAddressInsightsConfidenceVerdict string

const (
	EmailAddressInsightsConfidenceVerdictLow    EmailAddressInsightsConfidenceVerdict = "LOW"
	EmailAddressInsightsConfidenceVerdictMedium EmailAddressInsightsConfidenceVerdict = "MEDIUM"
	EmailAddressInsightsConfidenceVerdictHigh   EmailAddressInsightsConfidenceVerdict = "HIGH"
)

func (EmailAddressInsightsConfidenceVerdict) Values() []EmailAddressInsightsConfidenceVerdict {
	return nil
}

type EngagementEventType string

const (
	EngagementEventTypeOpen  EngagementEventType = "OPEN"
	EngagementEventTypeClick EngagementEventType = "CLICK"
)

func (EngagementEventType) Values() []EngagementEventType {
	return nil
}

type EventType string

const (
	EventTypeSend             EventType = "SEND"
	EventTypeReject           EventType = "REJECT"
	EventTypeBounce           EventType = "BOUNCE"
	EventTypeComplaint        EventType = "COMPLAINT"
	EventTypeDelivery         EventType = "DELIVERY"
	EventTypeOpen             EventType = "OPEN"
	EventTypeClick            EventType = "CLICK"
	EventTypeRenderingFailure EventType = "RENDERING_FAILURE"
	EventTypeDeliveryDelay    EventType = "DELIVERY_DELAY"
	EventTypeSubscription     EventType = "SUBSCRIPTION"
)

func (EventType) Values() []EventType {
	return nil
}

type ExportSourceType string

const (
	ExportSourceTypeMetricsData     ExportSourceType = "METRICS_DATA"
	ExportSourceTypeMessageInsights ExportSourceType = "MESSAGE_INSIGHTS"
)

func (ExportSourceType) Values() []ExportSourceType {
	return nil
}

type FeatureStatus string

const (
	FeatureStatusEnabled  FeatureStatus = "ENABLED"
	FeatureStatusDisabled FeatureStatus = "DISABLED"
)

func (FeatureStatus) Values() []FeatureStatus {
	return nil
}

type HttpsPolicy string

const (
	HttpsPolicyRequire         HttpsPolicy = "REQUIRE"
	HttpsPolicyRequireOpenOnly HttpsPolicy = "REQUIRE_OPEN_ONLY"
	HttpsPolicyOptional        HttpsPolicy = "OPTIONAL"
)

func (HttpsPolicy) Values() []HttpsPolicy {
	return nil
}

type IdentityCertificateStatus string

const (
	IdentityCertificateStatusProvisioning   IdentityCertificateStatus = "PROVISIONING"
	IdentityCertificateStatusInactive       IdentityCertificateStatus = "INACTIVE"
	IdentityCertificateStatusDeprovisioning IdentityCertificateStatus = "DEPROVISIONING"
	IdentityCertificateStatusActive         IdentityCertificateStatus = "ACTIVE"
	IdentityCertificateStatusFailed         IdentityCertificateStatus = "FAILED"
)

func (IdentityCertificateStatus) Values() []IdentityCertificateStatus {
	return nil
}

type IdentityFilterKey string

const (
	IdentityFilterKeyIdentityNameContains IdentityFilterKey = "IDENTITY_NAME_CONTAINS"
	IdentityFilterKeyIdentityType         IdentityFilterKey = "IDENTITY_TYPE"
	IdentityFilterKeyVerificationStatus   IdentityFilterKey = "VERIFICATION_STATUS"
)

func (IdentityFilterKey) Values() []IdentityFilterKey {
	return nil
}

type IdentityType string

const (
	IdentityTypeEmailAddress  IdentityType = "EMAIL_ADDRESS"
	IdentityTypeDomain        IdentityType = "DOMAIN"
	IdentityTypeManagedDomain IdentityType = "MANAGED_DOMAIN"
)

func (IdentityType) Values() []IdentityType {
	return nil
}

type ImportDestinationType string

const (
	ImportDestinationTypeSuppressionList ImportDestinationType = "SUPPRESSION_LIST"
	ImportDestinationTypeContactList     ImportDestinationType = "CONTACT_LIST"
)

func (ImportDestinationType) Values() []ImportDestinationType {
	return nil
}

type JobStatus string

const (
	JobStatusCreated    JobStatus = "CREATED"
	JobStatusProcessing JobStatus = "PROCESSING"
	JobStatusCompleted  JobStatus = "COMPLETED"
	JobStatusFailed     JobStatus = "FAILED"
	JobStatusCancelled  JobStatus = "CANCELLED"
)

func (JobStatus) Values() []JobStatus {
	return nil
}

type ListRecommendationsFilterKey string

const (
	ListRecommendationsFilterKeyType        ListRecommendationsFilterKey = "TYPE"
	ListRecommendationsFilterKeyImpact      ListRecommendationsFilterKey = "IMPACT"
	ListRecommendationsFilterKeyStatus      ListRecommendationsFilterKey = "STATUS"
	ListRecommendationsFilterKeyResourceArn ListRecommendationsFilterKey = "RESOURCE_ARN"
)

func (ListRecommendationsFilterKey) Values() []ListRecommendationsFilterKey {
	return nil
}

type ListTenantResourcesFilterKey string

const (
	ListTenantResourcesFilterKeyResourceType ListTenantResourcesFilterKey = "RESOURCE_TYPE"
)

func (ListTenantResourcesFilterKey) Values() []ListTenantResourcesFilterKey {
	return nil
}

type ListTenantsFilterKey string

const (
	ListTenantsFilterKeyTenantNameContains ListTenantsFilterKey = "TENANT_NAME_CONTAINS"
	ListTenantsFilterKeySendingStatus      ListTenantsFilterKey = "SENDING_STATUS"
)

func (ListTenantsFilterKey) Values() []ListTenantsFilterKey {
	return nil
}

type MailFromDomainStatus string

const (
	MailFromDomainStatusPending          MailFromDomainStatus = "PENDING"
	MailFromDomainStatusSuccess          MailFromDomainStatus = "SUCCESS"
	MailFromDomainStatusFailed           MailFromDomainStatus = "FAILED"
	MailFromDomainStatusTemporaryFailure MailFromDomainStatus = "TEMPORARY_FAILURE"
)

func (MailFromDomainStatus) Values() []MailFromDomainStatus {
	return nil
}

type MailType string

const (
	MailTypeMarketing     MailType = "MARKETING"
	MailTypeTransactional MailType = "TRANSACTIONAL"
)

func (MailType) Values() []MailType {
	return nil
}

type Metric string

const (
	MetricSend              Metric = "SEND"
	MetricComplaint         Metric = "COMPLAINT"
	MetricPermanentBounce   Metric = "PERMANENT_BOUNCE"
	MetricTransientBounce   Metric = "TRANSIENT_BOUNCE"
	MetricOpen              Metric = "OPEN"
	MetricClick             Metric = "CLICK"
	MetricDelivery          Metric = "DELIVERY"
	MetricDeliveryOpen      Metric = "DELIVERY_OPEN"
	MetricDeliveryClick     Metric = "DELIVERY_CLICK"
	MetricDeliveryComplaint Metric = "DELIVERY_COMPLAINT"
)

func (Metric) Values() []Metric {
	return nil
}

type MetricAggregation string

const (
	MetricAggregationRate   MetricAggregation = "RATE"
	MetricAggregationVolume MetricAggregation = "VOLUME"
)

func (MetricAggregation) Values() []MetricAggregation {
	return nil
}

type MetricDimensionName string

const (
	MetricDimensionNameEmailIdentity    MetricDimensionName = "EMAIL_IDENTITY"
	MetricDimensionNameConfigurationSet MetricDimensionName = "CONFIGURATION_SET"
	MetricDimensionNameIsp              MetricDimensionName = "ISP"
	MetricDimensionNameTenantName       MetricDimensionName = "TENANT_NAME"
)

func (MetricDimensionName) Values() []MetricDimensionName {
	return nil
}

type MetricNamespace string

const (
	MetricNamespaceVdm MetricNamespace = "VDM"
)

func (MetricNamespace) Values() []MetricNamespace {
	return nil
}

type PricingPlan string

const (
	PricingPlanNone       PricingPlan = "NONE"
	PricingPlanEssentials PricingPlan = "ESSENTIALS"
	PricingPlanPro        PricingPlan = "PRO"
	PricingPlanEnterprise PricingPlan = "ENTERPRISE"
)

func (PricingPlan) Values() []PricingPlan {
	return nil
}

type QueryErrorCode string

const (
	QueryErrorCodeInternalFailure QueryErrorCode = "INTERNAL_FAILURE"
	QueryErrorCodeAccessDenied    QueryErrorCode = "ACCESS_DENIED"
)

func (QueryErrorCode) Values() []QueryErrorCode {
	return nil
}

type RecommendationImpact string

const (
	RecommendationImpactLow  RecommendationImpact = "LOW"
	RecommendationImpactHigh RecommendationImpact = "HIGH"
)

func (RecommendationImpact) Values() []RecommendationImpact {
	return nil
}

type RecommendationStatus string

const (
	RecommendationStatusOpen  RecommendationStatus = "OPEN"
	RecommendationStatusFixed RecommendationStatus = "FIXED"
)

func (RecommendationStatus) Values() []RecommendationStatus {
	return nil
}

type RecommendationType string

const (
	RecommendationTypeDkim       RecommendationType = "DKIM"
	RecommendationTypeDmarc      RecommendationType = "DMARC"
	RecommendationTypeSpf        RecommendationType = "SPF"
	RecommendationTypeBimi       RecommendationType = "BIMI"
	RecommendationTypeComplaint  RecommendationType = "COMPLAINT"
	RecommendationTypeBounce     RecommendationType = "BOUNCE"
	RecommendationTypeFeedback3p RecommendationType = "FEEDBACK_3P"
	RecommendationTypeIpListing  RecommendationType = "IP_LISTING"
)

func (RecommendationType) Values() []RecommendationType {
	return nil
}

type ReputationEntityFilterKey string

const (
	ReputationEntityFilterKeyEntityType            ReputationEntityFilterKey = "ENTITY_TYPE"
	ReputationEntityFilterKeyReputationImpact      ReputationEntityFilterKey = "REPUTATION_IMPACT"
	ReputationEntityFilterKeyStatus                ReputationEntityFilterKey = "SENDING_STATUS"
	ReputationEntityFilterKeyEntityReferencePrefix ReputationEntityFilterKey = "ENTITY_REFERENCE_PREFIX"
)

func (ReputationEntityFilterKey) Values() []ReputationEntityFilterKey {
	return nil
}

type ReputationEntityType string

const (
	ReputationEntityTypeResource ReputationEntityType = "RESOURCE"
)

func (ReputationEntityType) Values() []ReputationEntityType {
	return nil
}

type ResourceType string

const (
	ResourceTypeEmailIdentity    ResourceType = "EMAIL_IDENTITY"
	ResourceTypeConfigurationSet ResourceType = "CONFIGURATION_SET"
	ResourceTypeEmailTemplate    ResourceType = "EMAIL_TEMPLATE"
)

func (ResourceType) Values() []ResourceType {
	return nil
}

type ReviewStatus string

const (
	ReviewStatusPending ReviewStatus = "PENDING"
	ReviewStatusFailed  ReviewStatus = "FAILED"
	ReviewStatusGranted ReviewStatus = "GRANTED"
	ReviewStatusDenied  ReviewStatus = "DENIED"
)

func (ReviewStatus) Values() []ReviewStatus {
	return nil
}

type ScalingMode string

const (
	ScalingModeStandard ScalingMode = "STANDARD"
	ScalingModeManaged  ScalingMode = "MANAGED"
)

func (ScalingMode) Values() []ScalingMode {
	return nil
}

type SendingStatus string

const (
	SendingStatusEnabled    SendingStatus = "ENABLED"
	SendingStatusReinstated SendingStatus = "REINSTATED"
	SendingStatusDisabled   SendingStatus = "DISABLED"
)

func (SendingStatus) Values() []SendingStatus {
	return nil
}

type SignatureFormat string

const (
	SignatureFormatDetached SignatureFormat = "DETACHED"
)

func (SignatureFormat) Values() []SignatureFormat {
	return nil
}

type Status string

const (
	StatusCreating Status = "CREATING"
	StatusReady    Status = "READY"
	StatusFailed   Status = "FAILED"
	StatusDeleting Status = "DELETING"
)

func (Status) Values() []Status {
	return nil
}

type SubscriptionStatus string

const (
	SubscriptionStatusOptIn  SubscriptionStatus = "OPT_IN"
	SubscriptionStatusOptOut SubscriptionStatus = "OPT_OUT"
)

func (SubscriptionStatus) Values() []SubscriptionStatus {
	return nil
}

type SuppressionConfidenceVerdictThreshold string

const (
	SuppressionConfidenceVerdictThresholdMedium  SuppressionConfidenceVerdictThreshold = "MEDIUM"
	SuppressionConfidenceVerdictThresholdHigh    SuppressionConfidenceVerdictThreshold = "HIGH"
	SuppressionConfidenceVerdictThresholdManaged SuppressionConfidenceVerdictThreshold = "MANAGED"
)

func (SuppressionConfidenceVerdictThreshold) Values() []SuppressionConfidenceVerdictThreshold {
	return nil
}

type SuppressionListImportAction string

const (
	SuppressionListImportActionDelete SuppressionListImportAction = "DELETE"
	SuppressionListImportActionPut    SuppressionListImportAction = "PUT"
)

func (SuppressionListImportAction) Values() []SuppressionListImportAction {
	return nil
}

type SuppressionListReason string

const (
	SuppressionListReasonBounce    SuppressionListReason = "BOUNCE"
	SuppressionListReasonComplaint SuppressionListReason = "COMPLAINT"
)

func (SuppressionListReason) Values() []SuppressionListReason {
	return nil
}

type SuppressionListScope string

const (
	SuppressionListScopeAccount SuppressionListScope = "ACCOUNT"
	SuppressionListScopeTenant  SuppressionListScope = "TENANT"
)

func (SuppressionListScope) Values() []SuppressionListScope {
	return nil
}

type TlsPolicy string

const (
	TlsPolicyRequire  TlsPolicy = "REQUIRE"
	TlsPolicyOptional TlsPolicy = "OPTIONAL"
)

func (TlsPolicy) Values() []TlsPolicy {
	return nil
}

type VerificationError string

const (
	VerificationErrorServiceError                            VerificationError = "SERVICE_ERROR"
	VerificationErrorDnsServerError                          VerificationError = "DNS_SERVER_ERROR"
	VerificationErrorHostNotFound                            VerificationError = "HOST_NOT_FOUND"
	VerificationErrorTypeNotFound                            VerificationError = "TYPE_NOT_FOUND"
	VerificationErrorInvalidValue                            VerificationError = "INVALID_VALUE"
	VerificationErrorReplicationAccessDenied                 VerificationError = "REPLICATION_ACCESS_DENIED"
	VerificationErrorReplicationPrimaryNotFound              VerificationError = "REPLICATION_PRIMARY_NOT_FOUND"
	VerificationErrorReplicationPrimaryByoDkimNotSupported   VerificationError = "REPLICATION_PRIMARY_BYO_DKIM_NOT_SUPPORTED"
	VerificationErrorReplicationReplicaAsPrimaryNotSupported VerificationError = "REPLICATION_REPLICA_AS_PRIMARY_NOT_SUPPORTED"
	VerificationErrorReplicationPrimaryInvalidRegion         VerificationError = "REPLICATION_PRIMARY_INVALID_REGION"
)

func (VerificationError) Values() []VerificationError {
	return nil
}

type VerificationStatus string

const (
	VerificationStatusPending          VerificationStatus = "PENDING"
	VerificationStatusSuccess          VerificationStatus = "SUCCESS"
	VerificationStatusFailed           VerificationStatus = "FAILED"
	VerificationStatusTemporaryFailure VerificationStatus = "TEMPORARY_FAILURE"
	VerificationStatusNotStarted       VerificationStatus = "NOT_STARTED"
)

func (VerificationStatus) Values() []VerificationStatus {
	return nil
}

type WarmupStatus string

const (
	WarmupStatusInProgress    WarmupStatus = "IN_PROGRESS"
	WarmupStatusDone          WarmupStatus = "DONE"
	WarmupStatusNotApplicable WarmupStatus = "NOT_APPLICABLE"
)

func (WarmupStatus) Values() []WarmupStatus {
	return nil
}
