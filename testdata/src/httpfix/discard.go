package httpfix

import (
	"context"
	"io"
	"io/ioutil"
	"net/http"

	"github.com/hibiken/asynq"
)

// Draining a response into io.Discard (or the deprecated ioutil.Discard,
// the same value) writes nothing: the GET is the only effect. A copy into
// a writer the caller passes stays an unknown write.

func (c *CRM) Ping(ctx context.Context, t *asynq.Task) error { // want Ping:`^effects: http/get crm.example.com/v3/ping$`
	resp, err := http.Get("https://crm.example.com/v3/ping")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(io.Discard, resp.Body)
	return err
}

func (c *CRM) PingOld(ctx context.Context, t *asynq.Task) error { // want PingOld:`^effects: http/get crm.example.com/v3/ping$`
	resp, err := http.Get("https://crm.example.com/v3/ping")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.CopyN(ioutil.Discard, resp.Body, 512)
	return err
}

func drainInto(w io.Writer, r io.Reader) { // want drainInto:`unknown/write`
	io.Copy(w, r)
}
