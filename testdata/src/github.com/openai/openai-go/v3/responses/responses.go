// Package responses is a stub of github.com/openai/openai-go/v3/responses (v3.98.0).
package responses

import "context"

type ResponseNewParams struct{ Model string }

type Response struct{ ID string }

type ResponseService struct {
	do func(ctx context.Context, body any) error
}

func (r *ResponseService) New(ctx context.Context, body ResponseNewParams) (*Response, error) {
	return nil, r.do(ctx, body)
}
