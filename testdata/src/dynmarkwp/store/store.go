// Package store keeps markers and configs in DynamoDB behind an
// interface that mirrors the SDK client (for mocks), as interlock's
// store does: the tables are named by the store's fields, set at start.
// GetMarker reads a marker item (nil when there is none), WriteMarker
// puts it with no condition, WriteMarkerIfAbsent puts it only when it
// is absent (attribute_not_exists: a claim), GetConfig reads another
// table.
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
	GetItem(ctx context.Context, params *dynamodb.GetItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
	PutItem(ctx context.Context, params *dynamodb.PutItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
}

type Store struct {
	Client       API
	ControlTable string
	ConfigTable  string
}

func itemKey(id, name string) map[string]ddbtypes.AttributeValue {
	return map[string]ddbtypes.AttributeValue{
		"PK": &ddbtypes.AttributeValueMemberS{Value: "PIPELINE#" + id},
		"SK": &ddbtypes.AttributeValueMemberS{Value: "MARKER#" + name},
	}
}

// GetMarker returns the marker's attributes, nil when there is none.
func (s *Store) GetMarker(ctx context.Context, id, name string) (map[string]ddbtypes.AttributeValue, error) {
	out, err := s.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.ControlTable, Key: itemKey(id, name)})
	if err != nil {
		return nil, err
	}
	if out.Item == nil {
		return nil, nil
	}
	return out.Item, nil
}

// WriteMarker writes (or overwrites) the marker.
func (s *Store) WriteMarker(ctx context.Context, id, name string) error {
	item := itemKey(id, name)
	item["alerted"] = &ddbtypes.AttributeValueMemberS{Value: "true"}
	_, err := s.Client.PutItem(ctx, &dynamodb.PutItemInput{TableName: &s.ControlTable, Item: item})
	return err
}

// WriteMarkerIfAbsent writes the marker only when there is none: false
// when another delivery wrote it first.
func (s *Store) WriteMarkerIfAbsent(ctx context.Context, id, name string) (bool, error) {
	_, err := s.Client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: &s.ControlTable,
		Item: map[string]ddbtypes.AttributeValue{
			"PK": &ddbtypes.AttributeValueMemberS{Value: "PIPELINE#" + id},
			"SK": &ddbtypes.AttributeValueMemberS{Value: "MARKER#" + name},
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

// GetConfig reads the pipeline's config, nil when there is none.
func (s *Store) GetConfig(ctx context.Context, id string) (map[string]ddbtypes.AttributeValue, error) {
	out, err := s.Client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(s.ConfigTable), Key: itemKey(id, "config")})
	if err != nil {
		return nil, err
	}
	return out.Item, nil
}
