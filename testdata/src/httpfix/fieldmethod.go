package httpfix

import (
	"bytes"
	"context"
	"net/http"

	"github.com/hibiken/asynq"
)

// Request is the application's own request type: its client builds the
// *http.Request from the fields, so each caller's literal decides the
// method.
type Request struct {
	Method string
	URL    string
	Body   []byte
}

type Client struct{ HTTP *http.Client }

func (c *Client) Send(ctx context.Context, req *Request) error { // want Send:`^effects: http/unknown http method=p2.Method url=p2.URL body=p2.Body$`
	r, err := http.NewRequestWithContext(ctx, req.Method, req.URL, bytes.NewReader(req.Body))
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type CRM struct{ Client *Client }

// send passes the request on: its caller's literal still decides.
func (c *CRM) send(ctx context.Context, req *Request) error { // want send:`^effects: http/unknown http method=p2.Method url=p2.URL body=p2.Body$`
	return c.Client.Send(ctx, req)
}

func (c *CRM) PushDeal(ctx context.Context, t *asynq.Task) error { // want PushDeal:`^effects: http/post crm.example.com/v3/deals$` `unguarded: handler \(\*httpfix.CRM\).PushDeal repeats .*http post`
	return c.send(ctx, &Request{Method: http.MethodPost, URL: "https://crm.example.com/v3/deals", Body: t.Payload()})
}

func (c *CRM) FetchDeal(ctx context.Context, t *asynq.Task) error { // want FetchDeal:`^effects: http/get crm.example.com/v3/deals/1$`
	req := &Request{URL: "https://crm.example.com/v3/deals/1"}
	req.Method = "GET"
	return c.send(ctx, req)
}
