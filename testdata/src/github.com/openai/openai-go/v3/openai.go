// Package openai is a stub of github.com/openai/openai-go/v3 (v3.98.0).
package openai

import "context"

type ChatCompletionNewParams struct{ Model string }

type ChatCompletion struct{ Text string }

type ChatCompletionService struct{}

func (r *ChatCompletionService) New(ctx context.Context, body ChatCompletionNewParams) (*ChatCompletion, error) {
	return nil, nil
}
