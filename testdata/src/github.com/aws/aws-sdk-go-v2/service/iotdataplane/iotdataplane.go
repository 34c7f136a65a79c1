// Package iotdataplane is a stub of the AWS SDK v2 IoT data-plane client
// (v1.19.3 signatures).
package iotdataplane

import "context"

type Options struct{}

type Client struct{}

type UpdateThingShadowInput struct {
	Payload   []byte
	ThingName *string
}

type UpdateThingShadowOutput struct{ Payload []byte }

type GetThingShadowInput struct{ ThingName *string }

type GetThingShadowOutput struct{ Payload []byte }

func (c *Client) UpdateThingShadow(ctx context.Context, params *UpdateThingShadowInput, optFns ...func(*Options)) (*UpdateThingShadowOutput, error) {
	return &UpdateThingShadowOutput{}, nil
}

func (c *Client) GetThingShadow(ctx context.Context, params *GetThingShadowInput, optFns ...func(*Options)) (*GetThingShadowOutput, error) {
	return &GetThingShadowOutput{}, nil
}
