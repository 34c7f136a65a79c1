// Package types is a stub of the AWS SDK v2 DynamoDB types (v1.55.0
// signatures).
package types

// AttributeValue is one attribute of an item.
type AttributeValue interface {
	isAttributeValue()
}

type AttributeValueMemberS struct{ Value string }

func (*AttributeValueMemberS) isAttributeValue() {}

type AttributeValueMemberN struct{ Value string }

func (*AttributeValueMemberN) isAttributeValue() {}

// ConditionalCheckFailedException: a condition specified in the
// operation failed to be evaluated.
type ConditionalCheckFailedException struct{ Message *string }

func (e *ConditionalCheckFailedException) Error() string { return "ConditionalCheckFailedException" }
