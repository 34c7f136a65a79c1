package httpfix

import (
	"context"
	"net/http"

	"github.com/hibiken/asynq"
)

// An HTTP client behind the application's own interface (the Do method
// set declared to swap *http.Client for a wrapper or a test double): the
// request sent through it is read as *http.Client reads it, by its
// method and URL.

type HTTPDoer interface {
	Do(req *http.Request) (*http.Response, error)
}

type GitHub struct{ client HTTPDoer }

func (g *GitHub) send(ctx context.Context, method, url string) error { // want send:`^effects: http/unknown http @p0 method=p2 url=p3$`
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return err
	}
	resp, err := g.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

var gh = &GitHub{client: http.DefaultClient}

// DoerGet reads through the interface: safe.
func DoerGet(ctx context.Context, t *asynq.Task) error { // want DoerGet:`^effects: http/get api.github.com/repos/o/r$`
	return gh.send(ctx, http.MethodGet, "https://api.github.com/repos/o/r")
}

// DoerPost comments through the interface: a finding.
func DoerPost(ctx context.Context, t *asynq.Task) error { // want DoerPost:`^effects: http/post api.github.com/repos/o/r/issues/1/comments$` `unguarded: handler httpfix.DoerPost repeats .*http post .*\(high\)`
	return gh.send(ctx, http.MethodPost, "https://api.github.com/repos/o/r/issues/1/comments")
}

// Sender has a Do of another shape: not an HTTP client, left unknown.
type Sender interface {
	Do(ctx context.Context, req *http.Request) error
}

func DoerOther(ctx context.Context, t *asynq.Task, s Sender) error { // want DoerOther:`^effects: dynamic_call/call \(httpfix.Sender\).Do$`
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.github.com/repos/o/r", nil)
	return s.Do(ctx, req)
}
