// Stub of github.com/aws/aws-lambda-go@v1.55.1 for analysistest: declarations mirror the real API (subset); bodies are empty.

package events

import (
	"encoding/json"
	"time"
)

type CloudWatchEvent struct {
	Version    string          `json:"version"`
	ID         string          `json:"id"`
	DetailType string          `json:"detail-type"`
	Source     string          `json:"source"`
	AccountID  string          `json:"account"`
	Time       time.Time       `json:"time"`
	Region     string          `json:"region"`
	Resources  []string        `json:"resources"`
	Detail     json.RawMessage `json:"detail"`
}

type EventBridgeEvent = CloudWatchEvent

type DynamoDBEvent struct {
	Records []DynamoDBEventRecord `json:"Records"`
}

type DynamoDBTimeWindowEvent struct {
	DynamoDBEvent
	TimeWindowProperties
}

type DynamoDBTimeWindowEventResponse struct {
	TimeWindowEventResponseProperties
	BatchItemFailures []DynamoDBBatchItemFailure `json:"batchItemFailures"`
}

type DynamoDBEventRecord struct {
	AWSRegion      string                `json:"awsRegion"`
	Change         DynamoDBStreamRecord  `json:"dynamodb"`
	EventID        string                `json:"eventID"`
	EventName      string                `json:"eventName"`
	EventSource    string                `json:"eventSource"`
	EventVersion   string                `json:"eventVersion"`
	EventSourceArn string                `json:"eventSourceARN"`
	UserIdentity   *DynamoDBUserIdentity `json:"userIdentity,omitempty"`
}

type DynamoDBUserIdentity struct {
	Type        string `json:"type"`
	PrincipalID string `json:"principalId"`
}

type DynamoDBStreamRecord struct {
	ApproximateCreationDateTime SecondsEpochTime                  `json:"ApproximateCreationDateTime,omitempty"`
	Keys                        map[string]DynamoDBAttributeValue `json:"Keys,omitempty"`
	NewImage                    map[string]DynamoDBAttributeValue `json:"NewImage,omitempty"`
	OldImage                    map[string]DynamoDBAttributeValue `json:"OldImage,omitempty"`
	SequenceNumber              string                            `json:"SequenceNumber"`
	SizeBytes                   int64                             `json:"SizeBytes"`
	StreamViewType              string                            `json:"StreamViewType"`
}

type DynamoDBKeyType string

const (
	DynamoDBKeyTypeHash  DynamoDBKeyType = "HASH"
	DynamoDBKeyTypeRange DynamoDBKeyType = "RANGE"
)

type DynamoDBOperationType string

const (
	DynamoDBOperationTypeInsert DynamoDBOperationType = "INSERT"
	DynamoDBOperationTypeModify DynamoDBOperationType = "MODIFY"
	DynamoDBOperationTypeRemove DynamoDBOperationType = "REMOVE"
)

type DynamoDBSharedIteratorType string

const (
	DynamoDBShardIteratorTypeTrimHorizon         DynamoDBSharedIteratorType = "TRIM_HORIZON"
	DynamoDBShardIteratorTypeLatest              DynamoDBSharedIteratorType = "LATEST"
	DynamoDBShardIteratorTypeAtSequenceNumber    DynamoDBSharedIteratorType = "AT_SEQUENCE_NUMBER"
	DynamoDBShardIteratorTypeAfterSequenceNumber DynamoDBSharedIteratorType = "AFTER_SEQUENCE_NUMBER"
)

type DynamoDBStreamStatus string

const (
	DynamoDBStreamStatusEnabling  DynamoDBStreamStatus = "ENABLING"
	DynamoDBStreamStatusEnabled   DynamoDBStreamStatus = "ENABLED"
	DynamoDBStreamStatusDisabling DynamoDBStreamStatus = "DISABLING"
	DynamoDBStreamStatusDisabled  DynamoDBStreamStatus = "DISABLED"
)

type DynamoDBStreamViewType string

const (
	DynamoDBStreamViewTypeNewImage        DynamoDBStreamViewType = "NEW_IMAGE"
	DynamoDBStreamViewTypeOldImage        DynamoDBStreamViewType = "OLD_IMAGE"
	DynamoDBStreamViewTypeNewAndOldImages DynamoDBStreamViewType = "NEW_AND_OLD_IMAGES"
	DynamoDBStreamViewTypeKeysOnly        DynamoDBStreamViewType = "KEYS_ONLY"
)

type RFC3339EpochTime struct{ time.Time }

type SecondsEpochTime struct{ time.Time }

type MilliSecondsEpochTime struct{ time.Time }

func (e SecondsEpochTime) MarshalJSON() ([]byte, error) {
	return nil, nil
}

func (e *SecondsEpochTime) UnmarshalJSON(b []byte) error {
	return nil
}

func (e MilliSecondsEpochTime) MarshalJSON() ([]byte, error) {
	return nil, nil
}

func (e *MilliSecondsEpochTime) UnmarshalJSON(b []byte) error {
	return nil
}

func (e RFC3339EpochTime) MarshalJSON() ([]byte, error) {
	return nil, nil
}

func (e *RFC3339EpochTime) UnmarshalJSON(b []byte) error {
	return nil
}

type KafkaEvent struct {
	EventSource      string                   `json:"eventSource"`
	EventSourceARN   string                   `json:"eventSourceArn"`
	Records          map[string][]KafkaRecord `json:"records"`
	BootstrapServers string                   `json:"bootstrapServers"`
}

type KafkaRecord struct {
	Topic         string                       `json:"topic"`
	Partition     int64                        `json:"partition"`
	Offset        int64                        `json:"offset"`
	Timestamp     MilliSecondsEpochTime        `json:"timestamp"`
	TimestampType string                       `json:"timestampType"`
	Key           string                       `json:"key,omitempty"`
	Value         string                       `json:"value,omitempty"`
	Headers       []map[string]JSONNumberBytes `json:"headers"`
}

type JSONNumberBytes []byte

func (b JSONNumberBytes) MarshalJSON() ([]byte, error) {
	return nil, nil
}

func (b *JSONNumberBytes) UnmarshalJSON(data []byte) error {
	return nil
}

type KinesisEvent struct {
	Records []KinesisEventRecord `json:"Records"`
}

type KinesisTimeWindowEvent struct {
	KinesisEvent
	TimeWindowProperties
}

type KinesisTimeWindowEventResponse struct {
	TimeWindowEventResponseProperties
	BatchItemFailures []KinesisBatchItemFailure `json:"batchItemFailures"`
}

type KinesisEventRecord struct {
	AwsRegion         string        `json:"awsRegion"`
	EventID           string        `json:"eventID"`
	EventName         string        `json:"eventName"`
	EventSource       string        `json:"eventSource"`
	EventSourceArn    string        `json:"eventSourceARN"`
	EventVersion      string        `json:"eventVersion"`
	InvokeIdentityArn string        `json:"invokeIdentityArn"`
	Kinesis           KinesisRecord `json:"kinesis"`
}

type KinesisRecord struct {
	ApproximateArrivalTimestamp SecondsEpochTime `json:"approximateArrivalTimestamp"`
	Data                        []byte           `json:"data"`
	EncryptionType              string           `json:"encryptionType,omitempty"`
	PartitionKey                string           `json:"partitionKey"`
	SequenceNumber              string           `json:"sequenceNumber"`
	KinesisSchemaVersion        string           `json:"kinesisSchemaVersion"`
}

type S3Event struct {
	Records []S3EventRecord `json:"Records"`
}

type S3EventRecord struct {
	EventVersion                string                         `json:"eventVersion"`
	EventSource                 string                         `json:"eventSource"`
	AWSRegion                   string                         `json:"awsRegion"`
	EventTime                   time.Time                      `json:"eventTime"`
	EventName                   string                         `json:"eventName"`
	PrincipalID                 S3UserIdentity                 `json:"userIdentity"`
	RequestParameters           S3RequestParameters            `json:"requestParameters"`
	ResponseElements            map[string]string              `json:"responseElements"`
	S3                          S3Entity                       `json:"s3"`
	GlacierEventData            *S3GlacierEventData            `json:"glacierEventData,omitempty"`
	RestoreEventData            *S3RestoreEventData            `json:"restoreEventData,omitempty"`
	ReplicationEventData        *S3ReplicationEventData        `json:"replicationEventData,omitempty"`
	IntelligentTieringEventData *S3IntelligentTieringEventData `json:"intelligentTieringEventData,omitempty"`
	LifecycleEventData          *S3LifecycleEventData          `json:"lifecycleEventData,omitempty"`
}

type S3UserIdentity struct {
	PrincipalID string `json:"principalId"`
}

type S3RequestParameters struct {
	SourceIPAddress string `json:"sourceIPAddress"`
}

type S3Entity struct {
	SchemaVersion   string   `json:"s3SchemaVersion"`
	ConfigurationID string   `json:"configurationId"`
	Bucket          S3Bucket `json:"bucket"`
	Object          S3Object `json:"object"`
}

type S3Bucket struct {
	Name          string         `json:"name"`
	OwnerIdentity S3UserIdentity `json:"ownerIdentity"`
	Arn           string         `json:"arn"`
}

type S3Object struct {
	Key           string `json:"key"`
	Size          int64  `json:"size,omitempty"`
	URLDecodedKey string `json:"urlDecodedKey"`
	VersionID     string `json:"versionId"`
	ETag          string `json:"eTag"`
	Sequencer     string `json:"sequencer"`
}

func (o *S3Object) UnmarshalJSON(data []byte) error {
	return nil
}

type S3GlacierEventData struct {
	RestoreEventData *S3RestoreEventData `json:"restoreEventData"`
}

type S3RestoreEventData struct {
	LifecycleRestorationExpiryTime time.Time `json:"lifecycleRestorationExpiryTime"`
	LifecycleRestoreStorageClass   string    `json:"lifecycleRestoreStorageClass"`
}

type S3ReplicationEventData struct {
	ReplicationRuleID string    `json:"replicationRuleId"`
	DestinationBucket string    `json:"destinationBucket"`
	S3Operation       string    `json:"s3Operation"`
	RequestTime       time.Time `json:"requestTime"`
	FailureReason     string    `json:"failureReason"`
}

type S3IntelligentTieringEventData struct {
	DestinationAccessTier string `json:"destinationAccessTier"`
}

type S3LifecycleEventData struct {
	TransitionEventData *S3TransitionEventData `json:"transitionEventData"`
}

type S3TransitionEventData struct {
	DestinationStorageClass string `json:"destinationStorageClass"`
}

type S3TestEvent struct {
	Service   string    `json:"Service"`
	Bucket    string    `json:"Bucket"`
	Event     string    `json:"Event"`
	Time      time.Time `json:"Time"`
	RequestID string    `json:"RequestId"`
	HostID    string    `json:"HostId"`
}

type SNSEvent struct {
	Records []SNSEventRecord `json:"Records"`
}

type SNSEventRecord struct {
	EventVersion         string    `json:"EventVersion"`
	EventSubscriptionArn string    `json:"EventSubscriptionArn"`
	EventSource          string    `json:"EventSource"`
	SNS                  SNSEntity `json:"Sns"`
}

type SNSEntity struct {
	Signature         string                 `json:"Signature"`
	MessageID         string                 `json:"MessageId"`
	Type              string                 `json:"Type"`
	TopicArn          string                 `json:"TopicArn"`
	MessageAttributes map[string]interface{} `json:"MessageAttributes"`
	SignatureVersion  string                 `json:"SignatureVersion"`
	Timestamp         time.Time              `json:"Timestamp"`
	SigningCertURL    string                 `json:"SigningCertUrl"`
	Message           string                 `json:"Message"`
	UnsubscribeURL    string                 `json:"UnsubscribeUrl"`
	Subject           string                 `json:"Subject"`
}

type CloudWatchAlarmSNSPayload struct {
	AlarmName        string                 `json:"AlarmName"`
	AlarmDescription string                 `json:"AlarmDescription"`
	AWSAccountID     string                 `json:"AWSAccountId"`
	NewStateValue    string                 `json:"NewStateValue"`
	NewStateReason   string                 `json:"NewStateReason"`
	StateChangeTime  string                 `json:"StateChangeTime"`
	Region           string                 `json:"Region"`
	AlarmARN         string                 `json:"AlarmArn"`
	OldStateValue    string                 `json:"OldStateValue"`
	Trigger          CloudWatchAlarmTrigger `json:"Trigger"`
}

type CloudWatchAlarmTrigger struct {
	Period                           int64                       `json:"Period"`
	EvaluationPeriods                int64                       `json:"EvaluationPeriods"`
	ComparisonOperator               string                      `json:"ComparisonOperator"`
	Threshold                        float64                     `json:"Threshold"`
	TreatMissingData                 string                      `json:"TreatMissingData"`
	EvaluateLowSampleCountPercentile string                      `json:"EvaluateLowSampleCountPercentile"`
	Metrics                          []CloudWatchMetricDataQuery `json:"Metrics,omitempty"`
	MetricName                       string                      `json:"MetricName,omitempty"`
	Namespace                        string                      `json:"Namespace,omitempty"`
	StatisticType                    string                      `json:"StatisticType,omitempty"`
	Statistic                        string                      `json:"Statistic,omitempty"`
	Unit                             string                      `json:"Unit,omitempty"`
	Dimensions                       []CloudWatchDimension       `json:"Dimensions,omitempty"`
}

type CloudWatchMetricDataQuery struct {
	Expression string               `json:"Expression,omitempty"`
	ID         string               `json:"Id"`
	Label      string               `json:"Label,omitempty"`
	MetricStat CloudWatchMetricStat `json:"MetricStat,omitempty"`
	Period     int64                `json:"Period,omitempty"`
	ReturnData bool                 `json:"ReturnData,omitempty"`
}

type CloudWatchMetricStat struct {
	Metric CloudWatchMetric `json:"Metric"`
	Period int64            `json:"Period"`
	Stat   string           `json:"Stat"`
	Unit   string           `json:"Unit,omitempty"`
}

type CloudWatchMetric struct {
	Dimensions []CloudWatchDimension `json:"Dimensions,omitempty"`
	MetricName string                `json:"MetricName,omitempty"`
	Namespace  string                `json:"Namespace,omitempty"`
}

type CloudWatchDimension struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type SQSEvent struct {
	Records []SQSMessage `json:"Records"`
}

type SQSMessage struct {
	MessageId              string                         `json:"messageId"`
	ReceiptHandle          string                         `json:"receiptHandle"`
	Body                   string                         `json:"body"`
	Md5OfBody              string                         `json:"md5OfBody"`
	Md5OfMessageAttributes string                         `json:"md5OfMessageAttributes"`
	Attributes             map[string]string              `json:"attributes"`
	MessageAttributes      map[string]SQSMessageAttribute `json:"messageAttributes"`
	EventSourceARN         string                         `json:"eventSourceARN"`
	EventSource            string                         `json:"eventSource"`
	AWSRegion              string                         `json:"awsRegion"`
}

type SQSMessageAttribute struct {
	StringValue      *string  `json:"stringValue,omitempty"`
	BinaryValue      []byte   `json:"binaryValue,omitempty"`
	StringListValues []string `json:"stringListValues"`
	BinaryListValues [][]byte `json:"binaryListValues"`
	DataType         string   `json:"dataType"`
}

// ---- attributevalue.go (subset) ----

type DynamoDBAttributeValue struct {
	value    anyValue
	dataType DynamoDBDataType
}

type anyValue interface{}

type DynamoDBDataType int

func (av DynamoDBAttributeValue) String() string { return "" }

func (av DynamoDBAttributeValue) Number() string { return "" }

func (av DynamoDBAttributeValue) Boolean() bool { return false }

func (av DynamoDBAttributeValue) Map() map[string]DynamoDBAttributeValue { return nil }

func (av DynamoDBAttributeValue) DataType() DynamoDBDataType { return av.dataType }

type DynamoDBBatchItemFailure struct {
	ItemIdentifier string `json:"itemIdentifier"`
}

type KinesisBatchItemFailure struct {
	ItemIdentifier string `json:"itemIdentifier"`
}

type TimeWindowEventResponseProperties struct {
	State map[string]string `json:"state"`
}

type TimeWindowProperties struct {
	Window                  Window            `json:"window"`
	State                   map[string]string `json:"state"`
	ShardID                 string            `json:"shardId"`
	EventSourceARN          string            `json:"eventSourceARN"`
	IsFinalInvokeForWindow  bool              `json:"isFinalInvokeForWindow"`
	IsWindowTerminatedEarly bool              `json:"isWindowTerminatedEarly"`
}

type Window struct {
	Start RFC3339EpochTime `json:"start"`
	End   RFC3339EpochTime `json:"end"`
}

type SQSEventResponse struct {
	BatchItemFailures []SQSBatchItemFailure `json:"batchItemFailures"`
}

type SQSBatchItemFailure struct {
	ItemIdentifier string `json:"itemIdentifier"`
}

type KinesisEventResponse struct {
	BatchItemFailures []KinesisBatchItemFailure `json:"batchItemFailures"`
}

type DynamoDBEventResponse struct {
	BatchItemFailures []DynamoDBBatchItemFailure `json:"batchItemFailures"`
}
