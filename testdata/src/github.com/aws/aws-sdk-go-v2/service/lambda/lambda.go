// Package lambda is a stub of the AWS SDK v2 Lambda client (v1.23.2
// signatures). The real Invoke sends the request through the client's
// middleware stack, which the analysis cannot follow: the body here calls
// a function value for that.
package lambda

import "context"

type Options struct{ Send func() }

type Client struct{ options Options }

type InvokeInput struct {
	FunctionName   *string
	InvocationType string
	Payload        []byte
}

type InvokeOutput struct {
	FunctionError *string
	Payload       []byte
	StatusCode    int32
}

func (c *Client) Invoke(ctx context.Context, params *InvokeInput, optFns ...func(*Options)) (*InvokeOutput, error) {
	c.options.Send()
	return &InvokeOutput{}, nil
}

type InvokeAsyncInput struct {
	FunctionName *string
	InvokeArgs   interface{}
}

type InvokeAsyncOutput struct{ Status int32 }

func (c *Client) InvokeAsync(ctx context.Context, params *InvokeAsyncInput, optFns ...func(*Options)) (*InvokeAsyncOutput, error) {
	c.options.Send()
	return &InvokeAsyncOutput{}, nil
}

// Operations on the account's functions (v1.88.5 signatures, fields cut).

type CreateFunctionInput struct {
	FunctionName *string
	Publish      bool
}

type CreateFunctionOutput struct{}

func (c *Client) CreateFunction(ctx context.Context, params *CreateFunctionInput, optFns ...func(*Options)) (*CreateFunctionOutput, error) {
	c.options.Send()
	return &CreateFunctionOutput{}, nil
}

type AddPermissionInput struct {
	FunctionName *string
	StatementId  *string
	Action       *string
	Principal    *string
}

type AddPermissionOutput struct{}

func (c *Client) AddPermission(ctx context.Context, params *AddPermissionInput, optFns ...func(*Options)) (*AddPermissionOutput, error) {
	c.options.Send()
	return &AddPermissionOutput{}, nil
}

type UpdateFunctionCodeInput struct {
	FunctionName *string
	ZipFile      []byte
	Publish      bool
}

type UpdateFunctionCodeOutput struct{}

func (c *Client) UpdateFunctionCode(ctx context.Context, params *UpdateFunctionCodeInput, optFns ...func(*Options)) (*UpdateFunctionCodeOutput, error) {
	c.options.Send()
	return &UpdateFunctionCodeOutput{}, nil
}

type PublishVersionInput struct {
	FunctionName *string
}

type PublishVersionOutput struct{}

func (c *Client) PublishVersion(ctx context.Context, params *PublishVersionInput, optFns ...func(*Options)) (*PublishVersionOutput, error) {
	c.options.Send()
	return &PublishVersionOutput{}, nil
}

type PublishLayerVersionInput struct {
	LayerName *string
}

type PublishLayerVersionOutput struct{}

func (c *Client) PublishLayerVersion(ctx context.Context, params *PublishLayerVersionInput, optFns ...func(*Options)) (*PublishLayerVersionOutput, error) {
	c.options.Send()
	return &PublishLayerVersionOutput{}, nil
}

type DeleteFunctionInput struct {
	FunctionName *string
}

type DeleteFunctionOutput struct{}

func (c *Client) DeleteFunction(ctx context.Context, params *DeleteFunctionInput, optFns ...func(*Options)) (*DeleteFunctionOutput, error) {
	c.options.Send()
	return &DeleteFunctionOutput{}, nil
}

type TagResourceInput struct {
	Resource *string
	Tags     map[string]string
}

type TagResourceOutput struct{}

func (c *Client) TagResource(ctx context.Context, params *TagResourceInput, optFns ...func(*Options)) (*TagResourceOutput, error) {
	c.options.Send()
	return &TagResourceOutput{}, nil
}

type PutFunctionConcurrencyInput struct {
	FunctionName                 *string
	ReservedConcurrentExecutions *int32
}

type PutFunctionConcurrencyOutput struct{}

func (c *Client) PutFunctionConcurrency(ctx context.Context, params *PutFunctionConcurrencyInput, optFns ...func(*Options)) (*PutFunctionConcurrencyOutput, error) {
	c.options.Send()
	return &PutFunctionConcurrencyOutput{}, nil
}

type RemovePermissionInput struct {
	FunctionName *string
	StatementId  *string
}

type RemovePermissionOutput struct{}

func (c *Client) RemovePermission(ctx context.Context, params *RemovePermissionInput, optFns ...func(*Options)) (*RemovePermissionOutput, error) {
	c.options.Send()
	return &RemovePermissionOutput{}, nil
}

type DeleteAliasInput struct {
	FunctionName *string
	Name         *string
}

type DeleteAliasOutput struct{}

func (c *Client) DeleteAlias(ctx context.Context, params *DeleteAliasInput, optFns ...func(*Options)) (*DeleteAliasOutput, error) {
	c.options.Send()
	return &DeleteAliasOutput{}, nil
}

type DeleteFunctionConcurrencyInput struct {
	FunctionName *string
}

type DeleteFunctionConcurrencyOutput struct{}

func (c *Client) DeleteFunctionConcurrency(ctx context.Context, params *DeleteFunctionConcurrencyInput, optFns ...func(*Options)) (*DeleteFunctionConcurrencyOutput, error) {
	c.options.Send()
	return &DeleteFunctionConcurrencyOutput{}, nil
}
