package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"

	"github.com/hibiken/asynq"
)

// A language model asked over plain HTTP (no SDK): a POST to the
// Responses endpoint whose body names a model and carries the prompt
// computes an answer and creates nothing (http:llm-summary, safe); the
// same client posting a fine-tuning job creates one per delivery
// (http:llm-finetune, high).

var llmBaseURL = os.Getenv("OPENAI_BASE_URL")

type llmRequest struct {
	Model string `json:"model"`
	Input string `json:"input"`
	Store bool   `json:"store"`
}

type llmFineTune struct {
	Model        string `json:"model"`
	TrainingFile string `json:"training_file"`
}

// HTTPLLMSummary asks the model to summarise the order.
func HTTPLLMSummary(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	body, err := json.Marshal(llmRequest{Model: "gpt-4o-mini", Input: "summarise order " + p.OrderID})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, llmBaseURL+"/v1/responses", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// HTTPLLMFineTune starts a fine-tuning job on the order's file.
func HTTPLLMFineTune(ctx context.Context, t *asynq.Task) error {
	p := decode(t)
	body, err := json.Marshal(llmFineTune{Model: "gpt-4o-mini", TrainingFile: p.OrderID})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, llmBaseURL+"/v1/fine_tuning/jobs", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// RegisterLLM registers the language-model handlers.
func RegisterLLM(mux *asynq.ServeMux) {
	mux.HandleFunc("http:llm-summary", HTTPLLMSummary)
	mux.HandleFunc("http:llm-finetune", HTTPLLMFineTune)
}
