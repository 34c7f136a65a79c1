package jobs

import (
	"context"
	"encoding/xml"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/hibiken/asynq"
)

// Calls to services outside the module that POST and yet only read
// (issue 28, stops 49 and 51), each beside its near miss that acts: a
// SOAP operation named by its envelope's Body element, a POST whose
// response body a download/fetch function returns, and an AIP-136 custom
// method whose verb computes.

type soapEnvelope[T any] struct {
	XMLName xml.Name    `xml:"http://schemas.xmlsoap.org/soap/envelope/ Envelope"`
	Body    soapBody[T] `xml:"Body"`
}

type soapBody[T any] struct {
	XMLName xml.Name `xml:"Body"`
	Content T
}

type consultarDocumento struct {
	XMLName   xml.Name `xml:"Sei consultarDocumento"`
	Protocolo string   `xml:"ProtocoloDocumento"`
}

type enviarProcesso struct {
	XMLName   xml.Name `xml:"Sei enviarProcesso"`
	Protocolo string   `xml:"ProtocoloProcedimento"`
}

var soapURL = os.Getenv("SOAP_URL")

// soapCall posts the envelope of its type argument's element: the
// caller's type argument names the operation.
func soapCall[Req any](ctx context.Context, c *http.Client, req Req) error {
	body, err := xml.Marshal(soapEnvelope[Req]{Body: soapBody[Req]{Content: req}})
	if err != nil {
		return err
	}
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, soapURL, strings.NewReader(xml.Header+string(body)))
	if err != nil {
		return err
	}
	resp, err := c.Do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// SOAPConsult looks a document up (Portuguese consultar): a read.
func (w *Worker) SOAPConsult(ctx context.Context, t *asynq.Task) error {
	return soapCall(ctx, w.Client, consultarDocumento{Protocolo: string(t.Payload())})
}

// SOAPSend sends a process on (enviar), the near miss: still a POST that
// repeats.
func (w *Worker) SOAPSend(ctx context.Context, t *asynq.Task) error {
	return soapCall(ctx, w.Client, enviarProcesso{Protocolo: string(t.Payload())})
}

// fetchInvoicePDF posts to a renderer and returns the bytes it answers:
// it asks for a document.
func (w *Worker) fetchInvoicePDF(ctx context.Context, id string) ([]byte, error) {
	resp, err := w.Client.Post(os.Getenv("INVOICES_URL")+"/render", "application/json", strings.NewReader(`{"id":"`+id+`"}`))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// submitReport returns the response too, but its name acts.
func (w *Worker) submitReport(ctx context.Context, id string) ([]byte, error) {
	resp, err := w.Client.Post(os.Getenv("REPORTS_URL")+"/reports", "application/json", strings.NewReader(`{"id":"`+id+`"}`))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// InvoicePDF downloads an invoice's PDF through a POST: a read by name.
func (w *Worker) InvoicePDF(ctx context.Context, t *asynq.Task) error {
	_, err := w.fetchInvoicePDF(ctx, string(t.Payload()))
	return err
}

// SubmitReport, the near miss: the same POST under a name that acts.
func (w *Worker) SubmitReport(ctx context.Context, t *asynq.Task) error {
	_, err := w.submitReport(ctx, string(t.Payload()))
	return err
}

// Annotate asks a vision service to annotate images (AIP-136
// images:annotate): the custom method computes, a read.
func (w *Worker) Annotate(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPost, os.Getenv("VISION_URL")+"/v1/images:annotate")
}

// CancelOperation, the near miss: the custom method acts (:cancel).
func (w *Worker) CancelOperation(ctx context.Context, t *asynq.Task) error {
	return w.send(ctx, http.MethodPost, os.Getenv("OPS_URL")+"/v1/operations/"+string(t.Payload())+":cancel")
}

// RegisterRemote wires the handlers above.
func RegisterRemote(mux *asynq.ServeMux, w *Worker) {
	mux.HandleFunc("doc:consult", w.SOAPConsult)
	mux.HandleFunc("doc:send", w.SOAPSend)
	mux.HandleFunc("invoice:pdf", w.InvoicePDF)
	mux.HandleFunc("report:submit", w.SubmitReport)
	mux.HandleFunc("image:annotate", w.Annotate)
	mux.HandleFunc("operation:cancel", w.CancelOperation)
}
