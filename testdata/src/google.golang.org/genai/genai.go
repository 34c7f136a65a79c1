// Package genai is a stub of google.golang.org/genai (v1.54.0).
package genai

import "context"

type Content struct{ Text string }

type EmbedContentConfig struct{}

type EmbedContentResponse struct{ Values []float32 }

type Models struct{ do func(ctx context.Context, body any) error }

func (m Models) EmbedContent(ctx context.Context, model string, contents []*Content, config *EmbedContentConfig) (*EmbedContentResponse, error) {
	return nil, m.do(ctx, contents)
}
