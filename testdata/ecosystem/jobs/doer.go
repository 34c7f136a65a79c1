package jobs

import (
	"context"
	"net/http"

	"github.com/hibiken/asynq"
)

// An HTTP client behind the application's own interface (the Do method
// set declared to swap *http.Client for a wrapper or a test double): the
// request sent through it is read by its method and URL, as *http.Client
// reads it.

// HTTPDoer is the application's HTTP client.
type HTTPDoer interface {
	Do(req *http.Request) (*http.Response, error)
}

// DoerDeps are the client-interface handlers' clients.
type DoerDeps struct {
	Client HTTPDoer
}

func (d *DoerDeps) send(ctx context.Context, method, url string) error {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return err
	}
	resp, err := d.Client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// DoerFetch reads the order from the partner: safe.
func (d *DoerDeps) DoerFetch(ctx context.Context, t *asynq.Task) error {
	return d.send(ctx, http.MethodGet, "https://partner.example.com/orders/"+decode(t).OrderID)
}

// DoerNotify tells the partner the order shipped: a POST, unguarded.
func (d *DoerDeps) DoerNotify(ctx context.Context, t *asynq.Task) error {
	return d.send(ctx, http.MethodPost, "https://partner.example.com/orders/"+decode(t).OrderID+"/shipped")
}

// RegisterDoer registers the client-interface handlers.
func RegisterDoer(mux *asynq.ServeMux, d *DoerDeps) {
	mux.HandleFunc("doer:fetch", d.DoerFetch)
	mux.HandleFunc("doer:notify", d.DoerNotify)
}
