// Package httpfix covers HTTP details: a method and URL given to the
// application's own helper as constants decide the helper's effect, and an
// SDK's POST over net/http is an http post, not unknown.
package httpfix

import (
	"bytes"
	"context"
	"fmt"
	"net/http"

	"github.com/hibiken/asynq"

	"apisdk/client"
)

func apiAction(ctx context.Context, method, url string) error { // want apiAction:`^effects: http/unknown http method=p1 url=p2$`
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func Notify(ctx context.Context, t *asynq.Task) error { // want Notify:`^effects: http/post api.example.com/v1/notifications$` `unguarded: handler httpfix.Notify repeats .*http post \(api.example.com/v1/notifications\) \(high\)`
	return apiAction(ctx, "POST", "https://api.example.com/v1/notifications")
}

func Lookup(ctx context.Context, t *asynq.Task) error { // want Lookup:`^effects: http/get api.example.com/v1/users$`
	return apiAction(ctx, http.MethodGet, "https://api.example.com/v1/users?id=1")
}

type Deps struct{ API *client.Client }

func (d *Deps) Create(ctx context.Context, t *asynq.Task) error { // want Create:`^effects: http/post http$` `unguarded: handler \(\*httpfix.Deps\).Create repeats .*http post \(http\) \(high\)`
	return d.API.CreateThing(ctx)
}

// Complete asks a language model over plain net/http: a completion
// creates nothing, so it is safe whatever its method.
func Complete(ctx context.Context, t *asynq.Task) error { // want Complete:`^effects: http/post api.openai.com/v1/chat/completions$`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.openai.com/v1/chat/completions", nil)
	_, err := http.DefaultClient.Do(req)
	return err
}

// influxClient keeps its InfluxDB write URL in a field its constructor
// builds from configuration, scheme and host included: the request's path
// and query are read there, and InfluxDB's write API is an insert into the
// application's own database (medium), not a POST to another party.
type influxClient struct{ url string }

func newInfluxClient(proto, host string, port int, db string) *influxClient { // want newInfluxClient:"no effects"
	return &influxClient{url: fmt.Sprintf("%s://%s:%d/write?db=%s", proto, host, port, db)}
}

func (c *influxClient) write(b []byte) error { // want write:`^effects: http/post /write$`
	req, err := http.NewRequest("POST", c.url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

var influx = newInfluxClient("http", "influxdb", 8086, "metrics")

func Points(ctx context.Context, t *asynq.Task) error { // want Points:`^effects: http/post /write$` `unguarded: handler httpfix.Points repeats .*http post \(/write\) \(medium\) .*writes points into InfluxDB`
	return influx.write(t.Payload())
}

// Journal posts to a /write path that names no database: not InfluxDB's
// API, a POST to another party.
func Journal(ctx context.Context, t *asynq.Task) error { // want Journal:`^effects: http/post /write$` `unguarded: handler httpfix.Journal repeats .*http post \(/write\) \(high\)`
	req, err := http.NewRequest("POST", fmt.Sprintf("%s://%s/write", "https", "journal.example.com"), bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}
