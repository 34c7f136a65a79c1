package httpfix

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/hibiken/asynq"
)

// An outbound DELETE of an identified resource (its path ends in an id) is
// a delete: HTTP makes DELETE idempotent, so a repeat removes nothing
// more. A DELETE of a collection, or of a path naming an action, stays an
// outbound write (high).

// Cleaner removes a transcription's data at another service, whose base
// URL comes from the configuration.
type Cleaner struct {
	cleanURL string
	timeout  time.Duration
	client   *http.Client
}

// Clean deletes {cleanURL}/{id}, with a timeout in a closure.
func (c *Cleaner) Clean(ctx context.Context, id string) error { // want Clean:`^effects: http/delete /\{\} rule=http-delete-by-id$`
	do := func() error {
		ctx, cancel := context.WithTimeout(ctx, c.timeout)
		defer cancel()
		req, err := http.NewRequest(http.MethodDelete, fmt.Sprintf("%s/%s", c.cleanURL, id), nil)
		if err != nil {
			return err
		}
		resp, err := c.client.Do(req.WithContext(ctx))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return do()
}

// CleanJob deletes the job's resource: no finding.
func (c *Cleaner) CleanJob(ctx context.Context, t *asynq.Task) error { // want CleanJob:`^effects: http/delete /\{\} rule=http-delete-by-id$`
	return c.Clean(ctx, string(t.Payload()))
}

// DeleteHold deletes /orders/{id}/hold's id form: /holds/{id}.
func DeleteHold(ctx context.Context, t *asynq.Task) error { // want DeleteHold:`^effects: http/delete api.example.com/v1/holds rule=http-delete-by-id$`
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, "https://api.example.com/v1/holds/"+string(t.Payload()), nil)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// DeleteAll deletes a collection (no id): the near miss, still high.
func DeleteAll(ctx context.Context, t *asynq.Task) error { // want DeleteAll:`^effects: http/delete api.example.com/v1/sessions$` `unguarded: handler httpfix.DeleteAll repeats .*http delete .*\(high\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, "https://api.example.com/v1/sessions", nil)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// CancelOrder deletes a path that names an action: not read as a removal.
func CancelOrder(ctx context.Context, t *asynq.Task) error { // want CancelOrder:`^effects: http/delete api.example.com/v1/cancel rule=http-delete-by-id$` `unguarded: handler httpfix.CancelOrder repeats .*http delete .*names an action \(cancel\): a DELETE there is not read as an idempotent removal`
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, "https://api.example.com/v1/cancel/"+string(t.Payload()), nil)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}
