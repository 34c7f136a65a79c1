package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"

	"github.com/hibiken/asynq"
)

// A client of an AI service whose URLs a helper joins under its base URL
// (issue 28, stop 52), on net/http: the path is known at the call, where
// the helper's constant argument is bound to its parameter, through its
// (string, error) result: /embed and /classify compute (reads). The near
// miss posts to /send, joined by the same helper: it acts.

// AIClient is the AI service's client.
type AIClient struct {
	BaseURL string
	Client  *http.Client
}

// JoinPath joins a path under the service's base URL.
func (s *AIClient) JoinPath(sub string) (string, error) {
	full, err := url.JoinPath(s.BaseURL, sub)
	if err != nil {
		return "", err
	}
	return full, nil
}

// endpoint is JoinPath one helper further.
func (s *AIClient) endpoint(name string) (string, error) {
	return s.JoinPath(name + "/")
}

// Vector embeds the payload at {base}/embed/: a read.
func (s *AIClient) Vector(ctx context.Context, t *asynq.Task) error {
	path, err := s.JoinPath("embed/")
	if err != nil {
		return err
	}
	b, err := json.Marshal(map[string]string{"text": string(t.Payload())})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := s.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var out struct {
		Vector []float32 `json:"vector"`
	}
	return json.NewDecoder(resp.Body).Decode(&out)
}

// Classify asks at {base}/classify/, two helpers deep: a read.
func (s *AIClient) Classify(ctx context.Context, t *asynq.Task) error {
	path, err := s.endpoint("classify")
	if err != nil {
		return err
	}
	b, err := json.Marshal(map[string]string{"text": string(t.Payload())})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := s.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var out struct {
		Vector []float32 `json:"vector"`
	}
	return json.NewDecoder(resp.Body).Decode(&out)
}

// Send, the near miss: {base}/send/ names no computation.
func (s *AIClient) Send(ctx context.Context, t *asynq.Task) error {
	path, err := s.JoinPath("send/")
	if err != nil {
		return err
	}
	b, err := json.Marshal(map[string]string{"text": string(t.Payload())})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := s.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var out struct {
		Vector []float32 `json:"vector"`
	}
	return json.NewDecoder(resp.Body).Decode(&out)
}

// RegisterAI wires the handlers above.
func RegisterAI(mux *asynq.ServeMux) {
	s := &AIClient{BaseURL: os.Getenv("AI_URL"), Client: http.DefaultClient}
	mux.HandleFunc("ai:vector", s.Vector)
	mux.HandleFunc("ai:classify", s.Classify)
	mux.HandleFunc("ai:send", s.Send)
}
