// Package openai is a stub of langchaingo's llms/openai
// (v0.0.0-20230929160525-e16b77704b8d signatures): the LLM reaches the
// provider through the internal client.
package openai

import (
	"context"

	"github.com/tmc/langchaingo/llms"
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

// Chat applies the call's options and tells its callbacks handler (an
// interface call its summary cannot resolve: folded at the boundary)
// before it asks through the internal client, which the catalog rates.
type Chat struct {
	client  *openaiclient.Client
	handler Handler
}

// Handler is told of each call.
type Handler interface{ Start(prompt string) }

type nopHandler struct{}

func (nopHandler) Start(string) {}

func NewChat() (*Chat, error) {
	return &Chat{client: &openaiclient.Client{}, handler: nopHandler{}}, nil
}

func (o *Chat) Call(ctx context.Context, prompt string, options ...llms.CallOption) (string, error) {
	var co llms.CallOptions
	for _, opt := range options {
		opt(&co)
	}
	o.handler.Start(prompt)
	r, err := o.client.CreateChat(ctx, &openaiclient.ChatRequest{Prompt: prompt})
	if err != nil {
		return "", err
	}
	return r.Text, nil
}
