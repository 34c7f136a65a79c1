package jobs

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"

	"github.com/hibiken/asynq"
)

// A safe act listed once (stop 63's effect.SafeTwins, on the real asynq
// v0.26.0, database/sql on the pgx pool and net/http's client; zep's
// MessageSummaryNERTask): the summary's flag read behind an interface, a
// POST asking the application's NLP service for the entities of its text
// (read by its path as a computation: safe), and the flag written only
// when entities came back. The record is not written on every way the act
// returns, so the guard analysis keeps a copy of the POST without the
// check-then-act issue; once the POST reads safe that copy says nothing
// more, and tag:entities lists the POST once (safe). Near miss
// tag:notify: the same request to /notify, a path that names no
// computation, is an act a later delivery repeats (unguarded and
// check-then-act).

type SummaryStore interface {
	SummaryTagged(ctx context.Context, id string) (bool, error)
	TagSummary(ctx context.Context, id string, tags []string) error
}

type pgSummaries struct{ db *sql.DB }

func (p *pgSummaries) SummaryTagged(ctx context.Context, id string) (bool, error) {
	var tagged bool
	err := p.db.QueryRowContext(ctx, "select tagged from summaries where id = $1", id).Scan(&tagged)
	return tagged, err
}

func (p *pgSummaries) TagSummary(ctx context.Context, id string, tags []string) error {
	_, err := p.db.ExecContext(ctx, "update summaries set tagged = true where id = $1", id)
	return err
}

type nlpText struct {
	UUID string `json:"uuid"`
	Text string `json:"text"`
}

type nlpRequest struct {
	Texts []nlpText `json:"texts"`
}

type nlpResponse struct {
	Texts []struct {
		Entities []string `json:"entities"`
	} `json:"texts"`
}

type nlpClient struct {
	base   string
	client *http.Client
}

// entities sends the texts to the NLP service's /entities and reads the
// answer back.
func (n *nlpClient) entities(ctx context.Context, id, text string) ([]string, error) {
	url := n.base + "/entities"
	b, err := json.Marshal(nlpRequest{Texts: []nlpText{{UUID: id, Text: text}}})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewBuffer(b))
	if err != nil {
		return nil, err
	}
	resp, err := n.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	var out nlpResponse
	if err := json.Unmarshal(data, &out); err != nil || len(out.Texts) == 0 {
		return nil, err
	}
	return out.Texts[0].Entities, nil
}

// notify is the same request to /notify, a path that names no
// computation.
func (n *nlpClient) notify(ctx context.Context, id, text string) ([]string, error) {
	url := n.base + "/notify"
	b, err := json.Marshal(nlpRequest{Texts: []nlpText{{UUID: id, Text: text}}})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewBuffer(b))
	if err != nil {
		return nil, err
	}
	resp, err := n.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	var out nlpResponse
	if err := json.Unmarshal(data, &out); err != nil || len(out.Texts) == 0 {
		return nil, err
	}
	return out.Texts[0].Entities, nil
}

type tagger struct {
	store SummaryStore
	nlp   *nlpClient
}

func (g *tagger) TagEntities(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	tagged, err := g.store.SummaryTagged(ctx, id)
	if err != nil {
		return err
	}
	if tagged {
		return nil
	}
	found, err := g.nlp.entities(ctx, id, "text of "+id)
	if err != nil {
		return err
	}
	if len(found) == 0 {
		return nil // nothing found: the summary is left as it was
	}
	return g.store.TagSummary(ctx, id, found)
}

func (g *tagger) TagNotify(ctx context.Context, t *asynq.Task) error {
	id := string(t.Payload())
	tagged, err := g.store.SummaryTagged(ctx, id)
	if err != nil {
		return err
	}
	if tagged {
		return nil
	}
	found, err := g.nlp.notify(ctx, id, "text of "+id)
	if err != nil {
		return err
	}
	if len(found) == 0 {
		return nil
	}
	return g.store.TagSummary(ctx, id, found)
}

// RegisterTaggers wires the taggers.
func RegisterTaggers(mux *asynq.ServeMux, db *sql.DB) {
	g := &tagger{store: &pgSummaries{db: db}, nlp: &nlpClient{base: "http://nlp:5557", client: http.DefaultClient}}
	mux.HandleFunc("tag:entities", g.TagEntities)
	mux.HandleFunc("tag:notify", g.TagNotify)
}
