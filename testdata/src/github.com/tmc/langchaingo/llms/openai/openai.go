// Package openai is a stub of langchaingo's llms/openai
// (v0.0.0-20230929160525-e16b77704b8d signatures): the LLM reaches the
// provider through the internal client.
package openai

import (
	"context"

	"github.com/tmc/langchaingo/llms/openai/internal/openaiclient"
)

type LLM struct{ client *openaiclient.Client }

func New() (*LLM, error) { return &LLM{client: &openaiclient.Client{}}, nil }

func (o *LLM) Call(ctx context.Context, prompt string) (string, error) {
	r, err := o.client.CreateChat(ctx, &openaiclient.ChatRequest{Prompt: prompt})
	if err != nil {
		return "", err
	}
	return r.Text, nil
}

func (o *LLM) CreateEmbedding(ctx context.Context, inputTexts []string) ([][]float32, error) {
	return o.client.CreateEmbedding(ctx, &openaiclient.EmbeddingRequest{Input: inputTexts})
}
