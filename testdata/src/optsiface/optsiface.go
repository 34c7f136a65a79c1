// Package optsiface asks a language model through two interfaces of its
// own, handing functional options on (opts... through each hop, a default
// appended when none is given): the options' elements are followed as
// single values, an option that only sets a field has no effect, and the
// library's folded calls that the whole program resolves leave only its
// catalogued request (safe). The near miss passes options from a field
// set nowhere in the program: not known, unknown.
package optsiface

import (
	"context"

	"github.com/hibiken/asynq"
	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/openai"
)

type Model interface {
	Call(ctx context.Context, prompt string, options ...llms.CallOption) (string, error)
}

// traced wraps a model and passes the options on.
type traced struct{ inner Model }

func (t *traced) Call(ctx context.Context, prompt string, options ...llms.CallOption) (string, error) {
	return t.inner.Call(ctx, prompt, options...)
}

// chatModel appends a default option and calls the library.
type chatModel struct{ client *openai.Chat }

func (m *chatModel) Call(ctx context.Context, prompt string, options ...llms.CallOption) (string, error) {
	if len(options) == 0 {
		options = append(options, llms.WithTemperature(0))
	}
	return m.client.Call(ctx, prompt, options...)
}

type Deps struct {
	LLM  Model
	Opts []llms.CallOption
}

// Intent asks with an option: safe.
func (d *Deps) Intent(ctx context.Context, t *asynq.Task) error {
	_, err := d.LLM.Call(ctx, string(t.Payload()), llms.WithMaxTokens(8))
	return err
}

// Kept passes options kept in a field, given to Register by a caller the
// program does not have (the near miss): unknown, not safe.
func (d *Deps) Kept(ctx context.Context, t *asynq.Task) error {
	_, err := d.LLM.Call(ctx, string(t.Payload()), d.Opts...)
	return err
}

func Register(mux *asynq.ServeMux, opts []llms.CallOption) {
	c, _ := openai.NewChat()
	d := &Deps{LLM: &traced{inner: &chatModel{client: c}}, Opts: opts}
	mux.HandleFunc("intent", d.Intent)
	mux.HandleFunc("kept", d.Kept)
}
