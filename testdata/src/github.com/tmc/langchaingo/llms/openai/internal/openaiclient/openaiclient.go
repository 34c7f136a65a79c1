// Package openaiclient is a stub of langchaingo's internal OpenAI client
// (v0.0.0-20230929160525-e16b77704b8d signatures); its bodies POST as the
// real ones do, so an unmodelled call would read as an http post.
package openaiclient

import (
	"context"
	"net/http"
	"strings"
)

type Client struct {
	baseURL    string
	httpClient *http.Client
}

type ChatRequest struct {
	Model  string
	Prompt string
}

type ChatResponse struct{ Text string }

type EmbeddingRequest struct {
	Model string
	Input []string
}

func (c *Client) CreateChat(ctx context.Context, r *ChatRequest) (*ChatResponse, error) {
	resp, err := c.httpClient.Post(c.baseURL+"/chat/completions", "application/json", strings.NewReader(r.Prompt))
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &ChatResponse{}, nil
}

func (c *Client) CreateEmbedding(ctx context.Context, r *EmbeddingRequest) ([][]float32, error) {
	resp, err := c.httpClient.Post(c.baseURL+"/embeddings", "application/json", strings.NewReader(strings.Join(r.Input, "\n")))
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return nil, nil
}
