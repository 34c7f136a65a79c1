// Stub of github.com/stripe/stripe-go/v82@v82.5.1 for analysistest: declarations mirror the real API; bodies are empty.

// Package stripe provides the binding for Stripe REST APIs.
package stripe

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// ---- stripe.go ----

// Key is the Stripe API key used globally in the binding.
var Key string

type APIResponse struct {
	Header         http.Header
	IdempotencyKey string
	RawJSON        []byte
	RequestID      string
	Status         string
	StatusCode     int
	duration       *time.Duration
}

type StreamingAPIResponse struct {
	Header         http.Header
	IdempotencyKey string
	RequestID      string
	Status         string
	StatusCode     int
}

// APIResource is a type assigned to structs that may come from Stripe API
// endpoints and contains facilities common to all of them.
type APIResource struct {
	LastResponse *APIResponse `json:"-"`
}

func (r *APIResource) SetLastResponse(response *APIResponse) { r.LastResponse = response }

// Backend is an interface for making calls against a Stripe service.
type Backend interface {
	Call(method, path, key string, params ParamsContainer, v LastResponseSetter) error
	CallStreaming(method, path, key string, params ParamsContainer, v StreamingLastResponseSetter) error
	CallRaw(method, path, key string, body []byte, params *Params, v LastResponseSetter) error
	CallMultipart(method, path, key, boundary string, body *bytes.Buffer, params *Params, v LastResponseSetter) error
	SetMaxNetworkRetries(maxNetworkRetries int64)
}

type Backends struct {
	API, Connect, Uploads, MeterEvents Backend
	mu                                 sync.RWMutex
}

type LastResponseSetter interface {
	SetLastResponse(response *APIResponse)
}

type StreamingLastResponseSetter interface {
	SetLastResponse(response *StreamingAPIResponse)
}

type SupportedBackend string

const (
	APIBackend         SupportedBackend = "api"
	ConnectBackend     SupportedBackend = "connect"
	UploadsBackend     SupportedBackend = "uploads"
	MeterEventsBackend SupportedBackend = "meterevents"
)

func Bool(v bool) *bool                               { return &v }
func BoolValue(v *bool) bool                          { return v != nil && *v }
func Float64(v float64) *float64                      { return &v }
func Float64Value(v *float64) float64                 { return 0 }
func GetBackend(backendType SupportedBackend) Backend { return nil }
func Int64(v int64) *int64                            { return &v }
func Int64Value(v *int64) int64                       { return 0 }
func Int64Slice(v []int64) []*int64                   { return nil }
func SetBackend(backend SupportedBackend, b Backend)  {}
func String[T ~string](v T) *string                   { s := string(v); return &s }
func StringValue(v *string) string                    { return "" }
func StringSlice(v []string) []*string                { return nil }
func Time(v time.Time) *time.Time                     { return &v }
func TimeValue(v *time.Time) time.Time                { return time.Time{} }

// ---- stripe_client.go ----

// Client is the Stripe client. (Only a few of its service fields are stubbed.)
type Client struct {
	// V1Charges is the service used to invoke /v1/charges APIs.
	V1Charges *v1ChargeService
	// V1PaymentIntents is the service used to invoke /v1/payment_intents APIs.
	V1PaymentIntents *v1PaymentIntentService
	// V1Payouts is the service used to invoke /v1/payouts APIs.
	V1Payouts *v1PayoutService
	// V1Refunds is the service used to invoke /v1/refunds APIs.
	V1Refunds *v1RefundService
	// V1Transfers is the service used to invoke /v1/transfers APIs.
	V1Transfers *v1TransferService
}

// NewClient creates a new Stripe [Client] with the given API key.
func NewClient(key string, opts ...ClientOption) *Client {
	return &Client{
		V1Charges:        &v1ChargeService{Key: key},
		V1PaymentIntents: &v1PaymentIntentService{Key: key},
		V1Payouts:        &v1PayoutService{Key: key},
		V1Refunds:        &v1RefundService{Key: key},
		V1Transfers:      &v1TransferService{Key: key},
	}
}

type clientConfig struct {
	backends *Backends
	usage    []string
	key      string
}

// ClientOption allows for functional options to be passed to the NewClient constructor.
type ClientOption func(*clientConfig)

func WithBackends(backends *Backends) ClientOption {
	return func(c *clientConfig) { c.backends = backends }
}

// ---- params.go ----

type ExtraValues struct {
	url.Values `form:"-" json:"-"`
}

type ListMeta struct {
	HasMore    bool   `json:"has_more"`
	URL        string `json:"url"`
	TotalCount uint32 `json:"total_count"`
}

func (l *ListMeta) GetListMeta() *ListMeta { return l }

type Filters struct {
	f []*filter
}

type filter struct {
	Key, Op, Val string
}

type ListParams struct {
	Context       context.Context `form:"-"`
	EndingBefore  *string         `form:"ending_before"`
	Expand        []*string       `form:"expand"`
	Filters       Filters         `form:"*"`
	Limit         *int64          `form:"limit"`
	Single        bool            `form:"-"`
	StartingAfter *string         `form:"starting_after"`
	StripeAccount *string         `form:"-"`
}

func (p *ListParams) AddExpand(f string)          { p.Expand = append(p.Expand, &f) }
func (p *ListParams) GetListParams() *ListParams  { return p }
func (p *ListParams) GetParams() *Params          { return p.ToParams() }
func (p *ListParams) SetStripeAccount(val string) { p.StripeAccount = &val }
func (p *ListParams) ToParams() *Params {
	return &Params{Context: p.Context, StripeAccount: p.StripeAccount}
}

type ListParamsContainer interface {
	GetListParams() *ListParams
}

// Params is the structure that contains the common properties
// of any *Params structure.
type Params struct {
	Context context.Context `form:"-" json:"-"`

	// Deprecated: please use Expand in the surrounding struct instead.
	Expand []*string    `form:"expand" json:"-"`
	Extra  *ExtraValues `form:"*"  json:"-"`

	Headers http.Header `form:"-" json:"-"`

	IdempotencyKey *string `form:"-" json:"-"` // Passed as header

	// Deprecated: Please use Metadata in the surrounding struct instead.
	Metadata map[string]string `form:"metadata" json:"-"`

	StripeAccount *string `form:"-" json:"-"` // Passed as header

	StripeContext *string `form:"-" json:"-"` // Passed as header

	usage []string `form:"-" json:"-"` // Tracked behaviors
}

func (p *Params) AddExpand(f string)              { p.Expand = append(p.Expand, &f) }
func (p *Params) InternalSetUsage(usage []string) { p.usage = usage }
func (p *Params) AddExtra(key, value string)      {}
func (p *Params) AddMetadata(key, value string)   {}
func (p *Params) GetParams() *Params              { return p }

// SetIdempotencyKey sets a value for the Idempotency-Key header.
func (p *Params) SetIdempotencyKey(val string) { p.IdempotencyKey = &val }

func (p *Params) SetStripeAccount(val string) { p.StripeAccount = &val }
func (p *Params) SetStripeContext(val string) { p.StripeContext = &val }

// ParamsContainer is a general interface for which all parameter structs
// should comply.
type ParamsContainer interface {
	GetParams() *Params
}

type RangeQueryParams struct {
	GreaterThan        int64 `form:"gt"`
	GreaterThanOrEqual int64 `form:"gte"`
	LesserThan         int64 `form:"lt"`
	LesserThanOrEqual  int64 `form:"lte"`
}

// NewIdempotencyKey generates a new idempotency key that
// can be used on a request.
func NewIdempotencyKey() string { return "" }

// ---- iter.go ----

type Seq2[K, V any] func(yield func(K, V) bool)

// ---- error.go ----

type ErrorType string

const (
	ErrorTypeAPI            ErrorType = "api_error"
	ErrorTypeCard           ErrorType = "card_error"
	ErrorTypeIdempotency    ErrorType = "idempotency_error"
	ErrorTypeInvalidRequest ErrorType = "invalid_request_error"
)

type ErrorCode string

type DeclineCode string

// Error is the response returned when a call is unsuccessful. (Subset of fields.)
type Error struct {
	APIResource

	ChargeID       string         `json:"charge,omitempty"`
	Code           ErrorCode      `json:"code,omitempty"`
	DeclineCode    DeclineCode    `json:"decline_code,omitempty"`
	DocURL         string         `json:"doc_url,omitempty"`
	Err            error          `json:"-"`
	HTTPStatusCode int            `json:"status,omitempty"`
	Msg            string         `json:"message"`
	Param          string         `json:"param,omitempty"`
	PaymentIntent  *PaymentIntent `json:"payment_intent,omitempty"`
	RequestID      string         `json:"request_id,omitempty"`
	Type           ErrorType      `json:"type"`
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// ---- currency.go / misc resources (minimal) ----

type Currency string

const (
	CurrencyEUR Currency = "eur"
	CurrencyGBP Currency = "gbp"
	CurrencyUSD Currency = "usd"
)

type Customer struct {
	APIResource
	ID string `json:"id"`
}

type Account struct {
	APIResource
	ID string `json:"id"`
}

type PayoutDestination struct {
	ID string `json:"id"`
}
