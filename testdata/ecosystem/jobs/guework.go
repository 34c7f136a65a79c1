package jobs

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/vgarvardt/gue/v5"
)

// Work handed to another service from gue handlers, on pgx v5's pool:
// GueTranscribe reuses the work row it finds or starts the work (a POST)
// and records it, then waits either way — check-then-act (two deliveries
// at once both find no row); GueResume needs the row (none is an error):
// no check, its POST unguarded. GueClean deletes the transcription at
// {base}/{id}: an HTTP DELETE of an identified resource, safe;
// GuePurge deletes the collection: still an outbound write (high).
type GueWork struct {
	Pool *pgxpool.Pool
	ASR  string // the transcriber's base URL, from the configuration
}

type gueWorkRow struct{ ID, ExternalID string }

// loadWork returns nil when the request has no work row yet.
func (g *GueWork) loadWork(ctx context.Context, id string) (*gueWorkRow, error) {
	var w gueWorkRow
	err := g.Pool.QueryRow(ctx, "select id, external_id from work_data where id = $1", id).Scan(&w.ID, &w.ExternalID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &w, nil
}

// loadRun is loadWork on the runs.
func (g *GueWork) loadRun(ctx context.Context, id string) (*gueWorkRow, error) {
	var w gueWorkRow
	err := g.Pool.QueryRow(ctx, "select id, external_id from runs where id = $1", id).Scan(&w.ID, &w.ExternalID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &w, nil
}

func (g *GueWork) start(ctx context.Context, id string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.ASR+"/upload", strings.NewReader(id))
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	return resp.Header.Get("X-Id"), resp.Body.Close()
}

func (g *GueWork) wait(ctx context.Context, ext string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, g.ASR+"/status/"+ext, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (g *GueWork) remove(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// GueTranscribe: check-then-act at the work row's read.
func (g *GueWork) GueTranscribe(ctx context.Context, j *gue.Job) error {
	id := string(j.Args)
	w, err := g.loadWork(ctx, id)
	if err != nil {
		return err
	}
	if w == nil {
		ext, err := g.start(ctx, id)
		if err != nil {
			return err
		}
		w = &gueWorkRow{ID: id, ExternalID: ext}
		if _, err := g.Pool.Exec(ctx, "insert into work_data (id, external_id) values ($1, $2)", id, ext); err != nil {
			return err
		}
	}
	return g.wait(ctx, w.ExternalID)
}

// GueResume: the run's row must exist; the POST is unguarded.
func (g *GueWork) GueResume(ctx context.Context, j *gue.Job) error {
	id := string(j.Args)
	w, err := g.loadRun(ctx, id)
	if err != nil {
		return err
	}
	if w == nil {
		return errors.New("no run")
	}
	ext, err := g.start(ctx, id)
	if err != nil {
		return err
	}
	if _, err := g.Pool.Exec(ctx, "update runs set external_id = $2 where id = $1", id, ext); err != nil {
		return err
	}
	return g.wait(ctx, ext)
}

// GueClean: a DELETE of {base}/{id}, safe.
func (g *GueWork) GueClean(ctx context.Context, j *gue.Job) error {
	return g.remove(ctx, fmt.Sprintf("%s/%s", g.ASR, string(j.Args)))
}

// GuePurge: a DELETE of the collection, high.
func (g *GueWork) GuePurge(ctx context.Context, j *gue.Job) error {
	return g.remove(ctx, g.ASR+"/transcriptions")
}

// RegisterGueWork runs them on a pool of workers.
func RegisterGueWork(c *gue.Client, g *GueWork) (*gue.WorkerPool, error) {
	return gue.NewWorkerPool(c, gue.WorkMap{
		"gue:transcribe": g.GueTranscribe,
		"gue:resume":     g.GueResume,
		"gue:clean":      g.GueClean,
		"gue:purge":      g.GuePurge,
	}, 2)
}
