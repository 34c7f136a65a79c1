package twice

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
)

// HTTPOptions configures an HTTPRecorder.
type HTTPOptions struct {
	// KeyHeaders are the idempotency headers (default Idempotency-Key,
	// X-Idempotency-Key): requests with the same method, target and key
	// are one effect, as an API that honours the key makes them.
	KeyHeaders []string
	// Handler answers the requests (default: 200 with body "{}"). It sees
	// the request as sent, host included.
	Handler http.Handler
	// Next, if set, sends the requests on instead of Handler answering
	// them (a sandbox API).
	Next http.RoundTripper
}

// Request is one recorded request.
type Request struct {
	Method string
	// Target is host and path: "api.stripe.com/v1/charges".
	Target string
	// KeyHeader and Key are the idempotency header sent and its value.
	KeyHeader, Key string
	// BodyDigest is a SHA-256 of the body, hex.
	BodyDigest string
}

// HTTPRecorder records the requests a handler sends to other parties, as
// an http.RoundTripper (give it to the client: http.Client{Transport: rec})
// or as an httptest.Server (for code that takes a base URL). It answers
// them itself unless HTTPOptions.Next is set; nothing reaches the network.
//
// As an Observer its sets are "METHOD host/path" for the methods that
// change something (POST, PUT, PATCH, DELETE): a request with an
// idempotency key counts once per key; PUT and DELETE without a key count
// once per body (RFC 9110 makes them idempotent); every POST and PATCH
// without a key counts. Through the transport, each such request is an
// effect point of the delivery its context belongs to, and a crashed
// delivery's requests fail without being sent.
type HTTPRecorder struct {
	opts HTTPOptions
	mu   sync.Mutex
	reqs []Request
}

// NewHTTPRecorder returns an empty recorder.
func NewHTTPRecorder(opts HTTPOptions) *HTTPRecorder {
	if len(opts.KeyHeaders) == 0 {
		opts.KeyHeaders = []string{"Idempotency-Key", "X-Idempotency-Key"}
	}
	if opts.Handler == nil {
		opts.Handler = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, "{}")
		})
	}
	return &HTTPRecorder{opts: opts}
}

func (r *HTTPRecorder) String() string { return "http" }

// Client returns an *http.Client sending through the recorder.
func (r *HTTPRecorder) Client() *http.Client { return &http.Client{Transport: r} }

// RoundTrip records req and answers it.
func (r *HTTPRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	if err := Crashed(ctx); err != nil {
		return nil, err
	}
	body, err := readBody(req)
	if err != nil {
		return nil, err
	}
	rec := r.request(req, req.URL.Host, body)
	var resp *http.Response
	if r.opts.Next != nil {
		req.Body = io.NopCloser(bytes.NewReader(body))
		if resp, err = r.opts.Next.RoundTrip(req); err != nil {
			return nil, err
		}
	} else {
		w := httptest.NewRecorder()
		sreq := req.Clone(ctx)
		sreq.Body = io.NopCloser(bytes.NewReader(body))
		r.opts.Handler.ServeHTTP(w, sreq)
		resp = w.Result()
		resp.Request = req
	}
	r.add(rec)
	if writes(rec.Method) {
		_ = Effect(ctx, rec.Method+" "+rec.Target)
	}
	return resp, nil
}

// Server returns a started httptest.Server that records what it is sent
// and answers with HTTPOptions.Handler; close it when done. Requests are
// recorded under host (the party the base URL stands for, such as
// "partner.example.com"), or the server's own address if empty. A server
// cannot tell which delivery sent a request: crash injection needs the
// transport.
func (r *HTTPRecorder) Server(host string) *httptest.Server {
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, err := readBody(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		h := host
		if h == "" {
			h = strings.TrimPrefix(srv.URL, "http://")
		}
		r.add(r.request(req, h, body))
		req.Body = io.NopCloser(bytes.NewReader(body))
		r.opts.Handler.ServeHTTP(w, req)
	}))
	return srv
}

// Requests returns every request recorded since the last Reset, reads
// included, in the order they were sent.
func (r *HTTPRecorder) Requests() []Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Request(nil), r.reqs...)
}

// Reset forgets the recorded requests.
func (r *HTTPRecorder) Reset(context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reqs = nil
	return nil
}

// Targets returns an Observer of only the requests whose target starts
// with one of prefixes ("api.stripe.com/v1/payment_intents").
func (r *HTTPRecorder) Targets(prefixes ...string) Observer {
	return httpView{r, prefixes}
}

// Observe returns the recorded write requests, one set per method and
// target.
func (r *HTTPRecorder) Observe(context.Context) (State, error) {
	return r.state(nil), nil
}

func (r *HTTPRecorder) state(prefixes []string) State {
	st := State{}
	seen := map[string]bool{}
	for _, q := range r.Requests() {
		if !writes(q.Method) || !hasAnyPrefix(q.Target, prefixes) {
			continue
		}
		set := q.Method + " " + q.Target
		var item string
		switch {
		case q.Key != "":
			item = q.KeyHeader + ": " + q.Key
		case q.Method == http.MethodPut || q.Method == http.MethodDelete:
			item = "body " + q.BodyDigest[:16]
		default: // every POST or PATCH without a key is an effect of its own
			st[set] = append(st[set], "")
			continue
		}
		if !seen[set+"\x00"+item] {
			seen[set+"\x00"+item] = true
			st[set] = append(st[set], item)
		}
	}
	return st
}

// Describe phrases a change of one target.
func (r *HTTPRecorder) Describe(c Change) string { return describeHTTP(c) }

func describeHTTP(c Change) string {
	target := c.Set // "POST api.stripe.com/v1/charges"
	how := "without an Idempotency-Key"
	if len(c.Added) > 0 && c.Added[0] != "" {
		how = "with a different " + strings.SplitN(c.Added[0], ":", 2)[0] + " each time, so the API cannot tell it is the same"
		if strings.HasPrefix(c.Added[0], "body ") {
			how = "with a different body"
		}
	}
	times := func(n int) string {
		switch n {
		case 1:
			return "once"
		case 2:
			return "twice"
		}
		return fmt.Sprintf("%d times", n)
	}
	switch {
	case c.Mode == Crash && c.Lost():
		return fmt.Sprintf("%s, %s was sent %s where one delivery sends it %s: an effect was lost", c.Subject, target, times(c.After), times(c.Before))
	case c.Mode == Crash:
		return fmt.Sprintf("%s, %s was sent %s where one delivery sends it %s, %s", c.Subject, target, times(c.After), times(c.Before), how)
	case c.Lost():
		return fmt.Sprintf("%s left %s sent %s where one delivery sends it %s", c.Subject, target, times(c.After), times(c.Before))
	case c.Mode == Concurrent:
		return fmt.Sprintf("%s sent %s %s where one delivery sends it %s, %s", c.Subject, target, times(c.After), times(c.Before), how)
	case c.Before > 0:
		return fmt.Sprintf("%s sent %s again, %s (%d → %d)", c.Subject, target, how, c.Before, c.After)
	}
	return fmt.Sprintf("%s sent %s, which one delivery does not send (%d → %d)", c.Subject, target, c.Before, c.After)
}

type httpView struct {
	r        *HTTPRecorder
	prefixes []string
}

func (v httpView) String() string                         { return "http " + strings.Join(v.prefixes, ", ") }
func (v httpView) Observe(context.Context) (State, error) { return v.r.state(v.prefixes), nil }
func (v httpView) Reset(ctx context.Context) error        { return v.r.Reset(ctx) }
func (v httpView) Describe(c Change) string               { return describeHTTP(c) }

func (r *HTTPRecorder) request(req *http.Request, host string, body []byte) Request {
	sum := sha256.Sum256(body)
	q := Request{Method: req.Method, Target: host + req.URL.Path, BodyDigest: hex.EncodeToString(sum[:])}
	for _, h := range r.opts.KeyHeaders {
		if v := req.Header.Get(h); v != "" {
			q.KeyHeader, q.Key = http.CanonicalHeaderKey(h), v
			break
		}
	}
	return q
}

func (r *HTTPRecorder) add(q Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reqs = append(r.reqs, q)
}

func readBody(req *http.Request) ([]byte, error) {
	if req.Body == nil {
		return nil, nil
	}
	defer req.Body.Close()
	return io.ReadAll(req.Body)
}

func writes(method string) bool {
	switch method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return true
	}
	return false
}

func hasAnyPrefix(s string, prefixes []string) bool {
	if len(prefixes) == 0 {
		return true
	}
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}
