package inferfix

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"

	"github.com/hibiken/asynq"
)

// A POST made to get a document back: a function whose name says it
// downloads or fetches and that returns the POST's response body (the
// reader, or the bytes read from it) asks for a document, a read by name.
// A name that acts (SubmitReport, FetchOrCreateReport), a response
// discarded, or a body copied elsewhere stays the POST the code shows.

type Portal struct{ http *http.Client }

var portal = &Portal{http: http.DefaultClient}

// DownloadReport reads the page, then posts its form back with the
// "generate" flag and returns the PDF.
func (p *Portal) DownloadReport(ctx context.Context, page string) (io.ReadCloser, error) { // want DownloadReport:`^effects: http/post http url=p2; http/get url=p2$`
	res, err := p.http.Get(page)
	if err != nil {
		return nil, err
	}
	res.Body.Close()
	form := url.Values{"flagGenerate": {"1"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, page, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	resp, err := p.http.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.Header.Get("Content-Type") != "application/pdf" {
		resp.Body.Close()
		return nil, errors.New("not a pdf")
	}
	return resp.Body, nil
}

// FetchInvoicePDF returns the bytes read from the response.
func (p *Portal) FetchInvoicePDF(ctx context.Context, id string) ([]byte, error) { // want FetchInvoicePDF:`^effects: http/post$`
	resp, err := p.http.Post(os.Getenv("INVOICES_URL")+"/render", "application/json", strings.NewReader(`{"id":"`+id+`"}`))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// SubmitReport returns the response too, but its name acts.
func (p *Portal) SubmitReport(ctx context.Context, page string) (io.ReadCloser, error) { // want SubmitReport:`^effects: http/post url=p2$`
	resp, err := p.http.Post(page, "application/x-www-form-urlencoded", strings.NewReader("submit=1"))
	if err != nil {
		return nil, err
	}
	return resp.Body, nil
}

// FetchOrCreateReport fetches, or creates: another word acts.
func (p *Portal) FetchOrCreateReport(ctx context.Context, page string) (io.ReadCloser, error) { // want FetchOrCreateReport:`^effects: http/post url=p2$`
	resp, err := p.http.Post(page, "application/json", strings.NewReader("{}"))
	if err != nil {
		return nil, err
	}
	return resp.Body, nil
}

// DownloadPing posts and discards the response: the name alone says
// nothing of what the POST does.
func (p *Portal) DownloadPing(ctx context.Context, page string) error { // want DownloadPing:`^effects: http/post url=p2$`
	resp, err := p.http.Post(page, "text/plain", strings.NewReader("ping"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// DownloadInto copies the response's body to a writer it is given: the
// document goes elsewhere, not back to the caller.
func (p *Portal) DownloadInto(ctx context.Context, page string, w io.Writer) error { // want DownloadInto:`^effects: http/post url=p2; unknown/write$`
	resp, err := p.http.Post(page, "text/plain", strings.NewReader("x"))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(w, resp.Body)
	return err
}

func PreviewReport(ctx context.Context, t *asynq.Task) error { // want PreviewReport:`^effects: http/post http; http/get$`
	rc, err := portal.DownloadReport(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	defer rc.Close()
	_, err = io.Copy(io.Discard, rc)
	return err
}

func InvoicePDF(ctx context.Context, t *asynq.Task) error { // want InvoicePDF:`^effects: http/post$`
	_, err := portal.FetchInvoicePDF(ctx, string(t.Payload()))
	return err
}

func SubmitReportJob(ctx context.Context, t *asynq.Task) error { // want SubmitReportJob:`^effects: http/post$` `unguarded: handler inferfix.SubmitReportJob repeats .*http post .*\(high\)`
	rc, err := portal.SubmitReport(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	return rc.Close()
}

func FetchOrCreateJob(ctx context.Context, t *asynq.Task) error { // want FetchOrCreateJob:`^effects: http/post$` `unguarded: handler inferfix.FetchOrCreateJob repeats .*http post .*\(high\)`
	rc, err := portal.FetchOrCreateReport(ctx, string(t.Payload()))
	if err != nil {
		return err
	}
	return rc.Close()
}

func DownloadPingJob(ctx context.Context, t *asynq.Task) error { // want DownloadPingJob:`^effects: http/post$` `unguarded: handler inferfix.DownloadPingJob repeats .*http post .*\(high\)`
	return portal.DownloadPing(ctx, string(t.Payload()))
}

func DownloadIntoJob(ctx context.Context, t *asynq.Task) error { // want DownloadIntoJob:`^effects: http/post.*` `unguarded: handler inferfix.DownloadIntoJob repeats .*http post .*\(high\)`
	f, err := os.Create("/tmp/out")
	if err != nil {
		return err
	}
	defer f.Close()
	return portal.DownloadInto(ctx, string(t.Payload()), f)
}
