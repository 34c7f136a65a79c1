package httpfix

import (
	"net/http"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

// go-retryablehttp's Request wraps the *http.Request its NewRequest builds
// from the method given (catalog retryablehttp.yaml, builds_request), and
// its Client.Do sends it: the request's method is the effect's.

// Reverse asks a geocoder with a GET: a read.
func Reverse(c *retryablehttp.Client, q string) error { // want Reverse:`^effects: http/get geo.example/reverse @p0$`
	req, err := retryablehttp.NewRequest(http.MethodGet, "https://geo.example/reverse?"+q, nil)
	if err != nil {
		return err
	}
	req.Header.Set("User-Agent", "fixture")
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// Publish posts: a POST, not a read.
func Publish(c *retryablehttp.Client, body []byte) error { // want Publish:`^effects: http/post hooks.example/publish @p0$`
	req, err := retryablehttp.NewRequest("POST", "https://hooks.example/publish", body)
	if err != nil {
		return err
	}
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// sendAs sends with its caller's method: the caller's constant decides.
func sendAs(c *retryablehttp.Client, method, url string) error { // want sendAs:`^effects: http/unknown http @p0 method=p1 url=p2$`
	req, err := retryablehttp.NewRequest(method, url, nil)
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

// Fetch gets through sendAs.
func Fetch(c *retryablehttp.Client) error { // want Fetch:`^effects: http/get geo.example/search @p0$`
	return sendAs(c, "GET", "https://geo.example/search")
}
