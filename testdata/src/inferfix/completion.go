package inferfix

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"

	"github.com/hibiken/asynq"
)

// Language-model APIs over plain HTTP: a POST to a completion endpoint
// whose body names a model and carries the prompt asks for an answer and
// creates nothing; the same path with another body, or the body to
// another path, stays the POST the code shows.

var llmBase = os.Getenv("OPENAI_BASE_URL")

type llmInput struct {
	Type    string `json:"type"`
	Role    string `json:"role"`
	Content string `json:"content"`
}

type responsesRequest struct {
	Model        string     `json:"model"`
	Input        []llmInput `json:"input"`
	Instructions string     `json:"instructions,omitempty"`
	Store        bool       `json:"store"`
}

// LLMResponses asks the Responses API: not reported.
func LLMResponses(ctx context.Context, t *asynq.Task) error { // want LLMResponses:`^effects: http/post .*completion`
	body, err := json.Marshal(responsesRequest{Model: "gpt-4o-mini", Input: []llmInput{{Type: "message", Role: "user", Content: string(t.Payload())}}})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, llmBase+"/responses", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// LLMChat asks a chat completion with a map body: not reported.
func LLMChat(ctx context.Context, t *asynq.Task) error { // want LLMChat:`^effects: http/post .*completion`
	body, err := json.Marshal(map[string]any{"model": "llama3", "messages": []map[string]string{{"role": "user", "content": string(t.Payload())}}})
	if err != nil {
		return err
	}
	resp, err := http.Post(llmBase+"/v1/chat/completions", "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type surveyAnswer struct {
	Survey string `json:"survey"`
	Answer string `json:"answer"`
}

// SurveyResponse posts a form's response: /responses with a body that
// asks no model creates one, a finding.
func SurveyResponse(ctx context.Context, t *asynq.Task) error { // want SurveyResponse:`^effects: http/post` `unguarded: handler inferfix.SurveyResponse repeats .*http post .*\(high\)`
	body, err := json.Marshal(surveyAnswer{Survey: "nps", Answer: string(t.Payload())})
	if err != nil {
		return err
	}
	resp, err := http.Post(llmBase+"/surveys/nps/responses", "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type fineTune struct {
	Model        string `json:"model"`
	TrainingFile string `json:"training_file"`
}

// FineTune creates a fine-tuning job: a model in the body but no prompt,
// to a path that is no completion endpoint, a finding.
func FineTune(ctx context.Context, t *asynq.Task) error { // want FineTune:`^effects: http/post` `unguarded: handler inferfix.FineTune repeats .*http post .*\(high\)`
	body, err := json.Marshal(fineTune{Model: "gpt-4o-mini", TrainingFile: string(t.Payload())})
	if err != nil {
		return err
	}
	resp, err := http.Post(llmBase+"/v1/fine_tuning/jobs", "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
