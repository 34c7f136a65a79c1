// Package genai is a stub of google.golang.org/genai (v1.54.0): its calls
// post to the API, as the real SDK's code does.
package genai

import (
	"context"
	"net/http"
)

type Content struct{ Text string }

type EmbedContentConfig struct{}

type EmbedContentResponse struct{ Values []float32 }

type Models struct{ hc *http.Client }

func (m Models) EmbedContent(ctx context.Context, model string, contents []*Content, config *EmbedContentConfig) (*EmbedContentResponse, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/v1beta/models/"+model+":embedContent", nil)
	if err != nil {
		return nil, err
	}
	if _, err := m.hc.Do(req); err != nil {
		return nil, err
	}
	return &EmbedContentResponse{}, nil
}

type Client struct{ Models *Models }
