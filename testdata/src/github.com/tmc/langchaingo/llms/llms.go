// Package llms is a stub of langchaingo's llms (v0.0.0-20230929160525-e16b77704b8d
// signatures): functional options of a model call.
package llms

type CallOptions struct {
	MaxTokens   int
	Temperature float64
}

type CallOption func(*CallOptions)

func WithMaxTokens(n int) CallOption {
	return func(o *CallOptions) { o.MaxTokens = n }
}

func WithTemperature(t float64) CallOption {
	return func(o *CallOptions) { o.Temperature = t }
}
