// Stub of github.com/aws/aws-sdk-go-v2/service/sqs@v1.53.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package types

type MessageSystemAttributeName string

const (
	MessageSystemAttributeNameAll                              MessageSystemAttributeName = "All"
	MessageSystemAttributeNameSenderId                         MessageSystemAttributeName = "SenderId"
	MessageSystemAttributeNameSentTimestamp                    MessageSystemAttributeName = "SentTimestamp"
	MessageSystemAttributeNameApproximateReceiveCount          MessageSystemAttributeName = "ApproximateReceiveCount"
	MessageSystemAttributeNameApproximateFirstReceiveTimestamp MessageSystemAttributeName = "ApproximateFirstReceiveTimestamp"
	MessageSystemAttributeNameSequenceNumber                   MessageSystemAttributeName = "SequenceNumber"
	MessageSystemAttributeNameMessageDeduplicationId           MessageSystemAttributeName = "MessageDeduplicationId"
	MessageSystemAttributeNameMessageGroupId                   MessageSystemAttributeName = "MessageGroupId"
	MessageSystemAttributeNameAWSTraceHeader                   MessageSystemAttributeName = "AWSTraceHeader"
	MessageSystemAttributeNameDeadLetterQueueSourceArn         MessageSystemAttributeName = "DeadLetterQueueSourceArn"
)

func (MessageSystemAttributeName) Values() []MessageSystemAttributeName {
	return nil
}

type MessageSystemAttributeNameForSends string

const (
	MessageSystemAttributeNameForSendsAWSTraceHeader MessageSystemAttributeNameForSends = "AWSTraceHeader"
)

func (MessageSystemAttributeNameForSends) Values() []MessageSystemAttributeNameForSends {
	return nil
}

type QueueAttributeName string

const (
	QueueAttributeNameAll                                   QueueAttributeName = "All"
	QueueAttributeNamePolicy                                QueueAttributeName = "Policy"
	QueueAttributeNameVisibilityTimeout                     QueueAttributeName = "VisibilityTimeout"
	QueueAttributeNameMaximumMessageSize                    QueueAttributeName = "MaximumMessageSize"
	QueueAttributeNameMessageRetentionPeriod                QueueAttributeName = "MessageRetentionPeriod"
	QueueAttributeNameApproximateNumberOfMessages           QueueAttributeName = "ApproximateNumberOfMessages"
	QueueAttributeNameApproximateNumberOfMessagesNotVisible QueueAttributeName = "ApproximateNumberOfMessagesNotVisible"
	QueueAttributeNameCreatedTimestamp                      QueueAttributeName = "CreatedTimestamp"
	QueueAttributeNameLastModifiedTimestamp                 QueueAttributeName = "LastModifiedTimestamp"
	QueueAttributeNameQueueArn                              QueueAttributeName = "QueueArn"
	QueueAttributeNameApproximateNumberOfMessagesDelayed    QueueAttributeName = "ApproximateNumberOfMessagesDelayed"
	QueueAttributeNameDelaySeconds                          QueueAttributeName = "DelaySeconds"
	QueueAttributeNameReceiveMessageWaitTimeSeconds         QueueAttributeName = "ReceiveMessageWaitTimeSeconds"
	QueueAttributeNameRedrivePolicy                         QueueAttributeName = "RedrivePolicy"
	QueueAttributeNameFifoQueue                             QueueAttributeName = "FifoQueue"
	QueueAttributeNameContentBasedDeduplication             QueueAttributeName = "ContentBasedDeduplication"
	QueueAttributeNameKmsMasterKeyId                        QueueAttributeName = "KmsMasterKeyId"
	QueueAttributeNameKmsDataKeyReusePeriodSeconds          QueueAttributeName = "KmsDataKeyReusePeriodSeconds"
	QueueAttributeNameDeduplicationScope                    QueueAttributeName = "DeduplicationScope"
	QueueAttributeNameFifoThroughputLimit                   QueueAttributeName = "FifoThroughputLimit"
	QueueAttributeNameRedriveAllowPolicy                    QueueAttributeName = "RedriveAllowPolicy"
	QueueAttributeNameSqsManagedSseEnabled                  QueueAttributeName = "SqsManagedSseEnabled"
)

func (QueueAttributeName) Values() []QueueAttributeName {
	return nil
}
