package inferfix

import (
	"context"
	"encoding/xml"
	"net/http"
	"os"
	"strings"

	"github.com/hibiken/asynq"
)

// SOAP over HTTP: every call is a POST to the service's one URL, and the
// envelope's Body element says what it does. An operation the names read
// as a read (consultarDocumento, GetOrderStatus, listInvoices) is a read
// by name, whether its element's name comes from the request type's
// XMLName, the content field's tag, or a generic helper's type argument;
// an operation that acts (enviarProcesso, CreateOrder) or an XML body that
// is no envelope stays the POST the code shows.

type soapEnvelope[T any] struct {
	XMLName xml.Name    `xml:"http://schemas.xmlsoap.org/soap/envelope/ Envelope"`
	Body    soapBody[T] `xml:"Body"`
}

type soapBody[T any] struct {
	XMLName xml.Name `xml:"Body"`
	Content T
}

type consultarDocumento struct {
	XMLName    xml.Name `xml:"Sei consultarDocumento"`
	Protocolo  string   `xml:"ProtocoloDocumento"`
	SiglaSiste string   `xml:"SiglaSistema"`
}

type enviarProcesso struct {
	XMLName   xml.Name `xml:"Sei enviarProcesso"`
	Protocolo string   `xml:"ProtocoloProcedimento"`
}

// GetOrderStatus has no XMLName: its element is its type's name.
type GetOrderStatus struct {
	OrderID string `xml:"orderId"`
}

type CreateOrder struct {
	OrderID string `xml:"orderId"`
}

var soapURL = os.Getenv("SOAP_URL")

// soapCall marshals the envelope of its type parameter's element: the
// caller's type argument names the operation.
func soapCall[Req any](ctx context.Context, req Req) error { // want soapCall:`^effects: http/post http soap=T0$`
	body, err := xml.Marshal(soapEnvelope[Req]{Body: soapBody[Req]{Content: req}})
	if err != nil {
		return err
	}
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, soapURL, strings.NewReader(xml.Header+string(body)))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// SOAPConsult looks a document up (Portuguese consultar): not reported.
func SOAPConsult(ctx context.Context, t *asynq.Task) error { // want SOAPConsult:`^effects: http/post soap consultarDocumento$`
	return soapCall(ctx, consultarDocumento{Protocolo: string(t.Payload())})
}

// SOAPStatus asks an order's status, the element named by its type.
func SOAPStatus(ctx context.Context, t *asynq.Task) error { // want SOAPStatus:`^effects: http/post soap GetOrderStatus$`
	return soapCall(ctx, &GetOrderStatus{OrderID: string(t.Payload())})
}

type listInvoicesEnvelope struct {
	XMLName xml.Name `xml:"soap:Envelope"`
	Body    struct {
		Request struct {
			Customer string `xml:"customer"`
		} `xml:"tns:listInvoices"`
	}
}

// SOAPListInvoices names the operation in the content field's tag.
func SOAPListInvoices(ctx context.Context, t *asynq.Task) error { // want SOAPListInvoices:`^effects: http/post soap listInvoices$`
	var env listInvoicesEnvelope
	env.Body.Request.Customer = string(t.Payload())
	body, err := xml.Marshal(&env)
	if err != nil {
		return err
	}
	resp, err := http.Post(soapURL, "text/xml", strings.NewReader(string(body)))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// SOAPSend sends a process on (Portuguese enviar): no read, still a
// finding.
func SOAPSend(ctx context.Context, t *asynq.Task) error { // want SOAPSend:`^effects: http/post soap enviarProcesso$` `unguarded: handler inferfix.SOAPSend repeats .*http post \(soap enviarProcesso\) \(high\)`
	return soapCall(ctx, enviarProcesso{Protocolo: string(t.Payload())})
}

// SOAPCreate creates an order: a write, still a finding.
func SOAPCreate(ctx context.Context, t *asynq.Task) error { // want SOAPCreate:`^effects: http/post soap CreateOrder$` `unguarded: handler inferfix.SOAPCreate repeats .*http post \(soap CreateOrder\) \(high\)`
	return soapCall(ctx, CreateOrder{OrderID: string(t.Payload())})
}

// NotSOAP posts a bare XML element, no envelope: nothing says which
// operation it is, the POST.
func NotSOAP(ctx context.Context, t *asynq.Task) error { // want NotSOAP:`^effects: http/post$` `unguarded: handler inferfix.NotSOAP repeats .*http post .*\(high\)`
	body, err := xml.Marshal(consultarDocumento{Protocolo: string(t.Payload())})
	if err != nil {
		return err
	}
	resp, err := http.Post(soapURL, "text/xml", strings.NewReader(string(body)))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
