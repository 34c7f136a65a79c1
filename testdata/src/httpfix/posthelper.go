package httpfix

import (
	"context"
	"net/http"
	"strings"

	"github.com/hibiken/asynq"
)

// A helper that POSTs with (*http.Client).Post to a URL its caller gives
// hands that URL back to its callers (url=p1; @p0, the client, is its executor), as a helper building the
// request with NewRequest does: the caller's constant URL then names the
// target and the path (an AIP-136 custom method that computes is a read;
// one that acts stays a POST). Before, the helper's POST had no URL at
// all and every caller's call was an unnamed POST.

func postTo(c *http.Client, url string) error { // want postTo:`^effects: http/post @p0 url=p1$`
	resp, err := c.Post(url, "application/json", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Annotate asks for an image's labels: the custom method computes.
func Annotate(ctx context.Context, t *asynq.Task) error { // want Annotate:`^effects: http/post vision.example.com/v1/images:annotate$`
	return postTo(http.DefaultClient, "https://vision.example.com/v1/images:annotate")
}

// Cancel cancels an operation: the custom method acts (near miss).
func Cancel(ctx context.Context, t *asynq.Task) error { // want Cancel:`^effects: http/post vision.example.com/v1/operations/x:cancel$` `unguarded: handler httpfix.Cancel`
	return postTo(http.DefaultClient, "https://vision.example.com/v1/operations/x:cancel")
}
