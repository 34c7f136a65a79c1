package httpfix

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"

	"github.com/hibiken/asynq"
)

// A text-analysis service of the application's own (named entities,
// embeddings) is asked with a POST whose JSON body gives the texts and
// whose response is read back: the path names what is computed
// (/entities, /embeddings/{kind}), so the POST is read as a computation,
// nothing a second delivery repeats. The near misses stay POSTs: a body
// without texts (a REST collection's create), a response nobody reads, a
// path that names an action, a path that names no computation.

type NLP struct {
	BaseURL string
	Client  *http.Client
}

type entityRecord struct {
	UUID string `json:"uuid"`
	Text string `json:"text"`
}

type entityRequest struct {
	Texts []entityRecord `json:"texts"`
}

type entityResponse struct {
	Texts []struct {
		UUID     string   `json:"uuid"`
		Entities []string `json:"entities"`
	} `json:"texts"`
}

type textData struct {
	Text      string    `json:"text"`
	Embedding []float32 `json:"embedding,omitempty"`
}

type textCollection struct {
	Documents []textData `json:"documents"`
}

type entityDef struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// callEntities sends the texts and reads the entities back.
func (n *NLP) callEntities(ctx context.Context, path string, texts []string) (entityResponse, error) { // want callEntities:`^effects: http/post /entities texts-read$`
	body := entityRequest{}
	for _, t := range texts {
		body.Texts = append(body.Texts, entityRecord{Text: t})
	}
	b, err := json.Marshal(body)
	if err != nil {
		return entityResponse{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, n.BaseURL+"/entities", bytes.NewBuffer(b))
	if err != nil {
		return entityResponse{}, err
	}
	resp, err := n.Client.Do(req)
	if err != nil {
		return entityResponse{}, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return entityResponse{}, err
	}
	var out entityResponse
	err = json.Unmarshal(data, &out)
	return out, err
}

// Entities extracts the payload's entities: read.
func (n *NLP) Entities(ctx context.Context, t *asynq.Task) error { // want Entities:`^effects: http/post /entities texts-read$`
	_, err := n.callEntities(ctx, "", []string{string(t.Payload())})
	return err
}

// post sends a body its caller marshalled to a URL its caller builds and
// returns the response's body.
func (n *NLP) post(ctx context.Context, url string, body []byte) ([]byte, error) { // want post:`^effects: http/post http url=p2$`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewBuffer(body))
	if err != nil {
		return nil, err
	}
	resp, err := n.Client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// embed picks the endpoint by the kind of text: either path names the
// computation.
func (n *NLP) embed(ctx context.Context, kind string, texts []string) ([][]float32, error) { // want embed:`^effects: http/post http texts-read$`
	var endpoint string
	switch kind {
	case "message":
		endpoint = "/embeddings/message"
	case "document":
		endpoint = "/embeddings/document"
	default:
		return nil, errors.New("unknown kind")
	}
	docs := make([]textData, len(texts))
	for i, t := range texts {
		docs[i] = textData{Text: t}
	}
	b, err := json.Marshal(textCollection{Documents: docs})
	if err != nil {
		return nil, err
	}
	data, err := n.post(ctx, n.BaseURL+endpoint, b)
	if err != nil {
		return nil, err
	}
	var out textCollection
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, err
	}
	vecs := make([][]float32, len(out.Documents))
	for i := range out.Documents {
		vecs[i] = out.Documents[i].Embedding
	}
	return vecs, nil
}

// Embed embeds the payload through the helpers: read.
func (n *NLP) Embed(ctx context.Context, t *asynq.Task) error { // want Embed:`^effects: http/post http texts-read$`
	_, err := n.embed(ctx, "message", []string{string(t.Payload())})
	return err
}

// Define posts an entity definition, no texts: a create (near miss).
func (n *NLP) Define(ctx context.Context, t *asynq.Task) error { // want Define:`^effects: http/post http$` `unguarded: handler \(\*httpfix.NLP\).Define repeats .*http post \(http\) \(high\)`
	b, err := json.Marshal(entityDef{Name: string(t.Payload()), Type: "person"})
	if err != nil {
		return err
	}
	data, err := n.post(ctx, n.BaseURL+"/entities", b)
	_ = data
	return err
}

// Annotate sends texts to /entities and reads only the status: made for
// what it does there (near miss).
func (n *NLP) Annotate(ctx context.Context, t *asynq.Task) error { // want Annotate:`^effects: http/post$` `unguarded: handler \(\*httpfix.NLP\).Annotate repeats .*http post \(high\)`
	b, err := json.Marshal(entityRequest{Texts: []entityRecord{{Text: string(t.Payload())}}})
	if err != nil {
		return err
	}
	resp, err := n.Client.Post(n.BaseURL+"/entities", "application/json", bytes.NewReader(b))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return nil
}

// Store sends texts to a path that names an action (near miss).
func (n *NLP) Store(ctx context.Context, t *asynq.Task) error { // want Store:`^effects: http/post http texts-read$` `unguarded: handler \(\*httpfix.NLP\).Store repeats .*http post \(http\) \(high\)`
	b, err := json.Marshal(entityRequest{Texts: []entityRecord{{Text: string(t.Payload())}}})
	if err != nil {
		return err
	}
	_, err = n.post(ctx, n.BaseURL+"/entities/create", b)
	return err
}

// Comment sends a text to a path that names no computation (near miss).
func (n *NLP) Comment(ctx context.Context, t *asynq.Task) error { // want Comment:`^effects: http/post http texts-read$` `unguarded: handler \(\*httpfix.NLP\).Comment repeats .*http post \(http\) \(high\)`
	b, err := json.Marshal(map[string]any{"text": string(t.Payload())})
	if err != nil {
		return err
	}
	_, err = n.post(ctx, n.BaseURL+"/comments", b)
	return err
}

// AI is a client of the application's own AI service whose URLs a helper
// joins under its base URL: the path is known at the call, where the
// helper's constant argument is bound to its parameter, through its
// (string, error) result. The near miss posts to a path the same helper
// joins that names no computation.
type AI struct {
	BaseURL string
	Client  *http.Client
}

// JoinPath joins a path under the service's base URL.
func (s *AI) JoinPath(sub string) (string, error) { // want JoinPath:"no effects"
	full, err := url.JoinPath(s.BaseURL, sub)
	if err != nil {
		return "", err
	}
	return full, nil
}

// endpoint is JoinPath one helper further.
func (s *AI) endpoint(name string) (string, error) { // want endpoint:"no effects"
	return s.JoinPath(name + "/")
}

// Vector embeds the payload at {base}/embed/, joined by a helper: read.
func (s *AI) Vector(ctx context.Context, t *asynq.Task) error { // want Vector:`^effects: http/post /embed texts-read$`
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

// Classify asks at {base}/classify/, two helpers deep: read.
func (s *AI) Classify(ctx context.Context, t *asynq.Task) error { // want Classify:`^effects: http/post /classify texts-read$`
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

// Send posts the payload at {base}/send/, joined by the same helper: a
// path that names no computation (near miss).
func (s *AI) Send(ctx context.Context, t *asynq.Task) error { // want Send:`^effects: http/post /send texts-read$` `unguarded: handler \(\*httpfix.AI\).Send repeats .*http post \(/send\) \(high\)`
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
