// Package store keeps trigger locks in DynamoDB behind an interface that
// mirrors the SDK client (for mocks): AcquireLock is a conditional put
// (attribute_not_exists), a claim whose outcome it returns; TouchLock
// conditions on the item existing and claims nothing.
package store

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// API is the subset of the DynamoDB client the store calls.
type API interface {
	PutItem(ctx context.Context, params *dynamodb.PutItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
}

type Store struct{ Client API }

// AcquireLock claims the trigger: false when another delivery holds it.
func (s *Store) AcquireLock(ctx context.Context, id string) (bool, error) {
	_, err := s.Client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String("control"),
		Item: map[string]ddbtypes.AttributeValue{
			"PK": &ddbtypes.AttributeValueMemberS{Value: "TRIGGER#" + id},
			"SK": &ddbtypes.AttributeValueMemberS{Value: "LOCK"},
		},
		ConditionExpression: aws.String("attribute_not_exists(PK)"),
	})
	if err != nil {
		var ccfe *ddbtypes.ConditionalCheckFailedException
		if errors.As(err, &ccfe) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

// TouchLock rewrites the lock only when it exists: true on every call
// once it does, so it claims nothing.
func (s *Store) TouchLock(ctx context.Context, id string) (bool, error) {
	_, err := s.Client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String("control"),
		Item: map[string]ddbtypes.AttributeValue{
			"PK": &ddbtypes.AttributeValueMemberS{Value: "TRIGGER#" + id},
			"SK": &ddbtypes.AttributeValueMemberS{Value: "LOCK"},
		},
		ConditionExpression: aws.String("attribute_exists(PK)"),
	})
	if err != nil {
		var ccfe *ddbtypes.ConditionalCheckFailedException
		if errors.As(err, &ccfe) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}
