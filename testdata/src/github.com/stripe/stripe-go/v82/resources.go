// Stub of github.com/stripe/stripe-go/v82@v82.5.1 for analysistest: declarations mirror the real API; bodies are empty.

package stripe

import "context"

// ===================== charge.go / charge_service.go =====================

type ChargeStatus string

const (
	ChargeStatusFailed    ChargeStatus = "failed"
	ChargeStatusPending   ChargeStatus = "pending"
	ChargeStatusSucceeded ChargeStatus = "succeeded"
)

// ChargeParams: legacy params used by the deprecated github.com/stripe/stripe-go/v82/charge package. (Subset of fields.)
type ChargeParams struct {
	Params               `form:"*"`
	Amount               *int64            `form:"amount"`
	ApplicationFeeAmount *int64            `form:"application_fee_amount"`
	Capture              *bool             `form:"capture"`
	Currency             *string           `form:"currency"`
	Customer             *string           `form:"customer"`
	Description          *string           `form:"description"`
	Expand               []*string         `form:"expand"`
	Metadata             map[string]string `form:"metadata"`
	OnBehalfOf           *string           `form:"on_behalf_of"`
	ReceiptEmail         *string           `form:"receipt_email"`
	StatementDescriptor  *string           `form:"statement_descriptor"`
	TransferGroup        *string           `form:"transfer_group"`
}

func (p *ChargeParams) AddExpand(f string)                   { p.Expand = append(p.Expand, &f) }
func (p *ChargeParams) AddMetadata(key string, value string) {}

// ChargeCreateParams: params for v1ChargeService.Create. (Subset of fields.)
type ChargeCreateParams struct {
	Params               `form:"*"`
	Amount               *int64            `form:"amount"`
	ApplicationFeeAmount *int64            `form:"application_fee_amount"`
	Capture              *bool             `form:"capture"`
	Currency             *string           `form:"currency"`
	Customer             *string           `form:"customer"`
	Description          *string           `form:"description"`
	Expand               []*string         `form:"expand"`
	Metadata             map[string]string `form:"metadata"`
	OnBehalfOf           *string           `form:"on_behalf_of"`
	ReceiptEmail         *string           `form:"receipt_email"`
	StatementDescriptor  *string           `form:"statement_descriptor"`
	TransferGroup        *string           `form:"transfer_group"`
}

func (p *ChargeCreateParams) AddExpand(f string)                   { p.Expand = append(p.Expand, &f) }
func (p *ChargeCreateParams) AddMetadata(key string, value string) {}

type ChargeCaptureParams struct {
	Params               `form:"*"`
	Amount               *int64    `form:"amount"`
	ApplicationFeeAmount *int64    `form:"application_fee_amount"`
	Expand               []*string `form:"expand"`
	ReceiptEmail         *string   `form:"receipt_email"`
	TransferGroup        *string   `form:"transfer_group"`
}

type ChargeRetrieveParams struct {
	Params `form:"*"`
	Expand []*string `form:"expand"`
}

type ChargeUpdateParams struct {
	Params        `form:"*"`
	Customer      *string           `form:"customer"`
	Description   *string           `form:"description"`
	Expand        []*string         `form:"expand"`
	Metadata      map[string]string `form:"metadata"`
	ReceiptEmail  *string           `form:"receipt_email"`
	TransferGroup *string           `form:"transfer_group"`
}

type ChargeListParams struct {
	ListParams    `form:"*"`
	Created       *int64            `form:"created"`
	CreatedRange  *RangeQueryParams `form:"created"`
	Customer      *string           `form:"customer"`
	Expand        []*string         `form:"expand"`
	PaymentIntent *string           `form:"payment_intent"`
	TransferGroup *string           `form:"transfer_group"`
}

// Charge is a Stripe charge object. (Subset of fields.)
type Charge struct {
	APIResource
	Amount        int64             `json:"amount"`
	Captured      bool              `json:"captured"`
	Created       int64             `json:"created"`
	Currency      Currency          `json:"currency"`
	Customer      *Customer         `json:"customer"`
	Description   string            `json:"description"`
	ID            string            `json:"id"`
	Metadata      map[string]string `json:"metadata"`
	Object        string            `json:"object"`
	Paid          bool              `json:"paid"`
	PaymentIntent *PaymentIntent    `json:"payment_intent"`
	Status        ChargeStatus      `json:"status"`
}

type ChargeList struct {
	APIResource
	ListMeta
	Data []*Charge `json:"data"`
}

// v1ChargeService is used to invoke /v1/charges APIs.
type v1ChargeService struct {
	B   Backend
	Key string
}

func (c v1ChargeService) Create(ctx context.Context, params *ChargeCreateParams) (*Charge, error) {
	return &Charge{}, nil
}
func (c v1ChargeService) Retrieve(ctx context.Context, id string, params *ChargeRetrieveParams) (*Charge, error) {
	return &Charge{}, nil
}
func (c v1ChargeService) Update(ctx context.Context, id string, params *ChargeUpdateParams) (*Charge, error) {
	return &Charge{}, nil
}
func (c v1ChargeService) Capture(ctx context.Context, id string, params *ChargeCaptureParams) (*Charge, error) {
	return &Charge{}, nil
}
func (c v1ChargeService) List(ctx context.Context, listParams *ChargeListParams) Seq2[*Charge, error] {
	return nil
}

// ===================== paymentintent.go / paymentintent_service.go =====================

type PaymentIntentStatus string

const (
	PaymentIntentStatusCanceled              PaymentIntentStatus = "canceled"
	PaymentIntentStatusProcessing            PaymentIntentStatus = "processing"
	PaymentIntentStatusRequiresAction        PaymentIntentStatus = "requires_action"
	PaymentIntentStatusRequiresCapture       PaymentIntentStatus = "requires_capture"
	PaymentIntentStatusRequiresConfirmation  PaymentIntentStatus = "requires_confirmation"
	PaymentIntentStatusRequiresPaymentMethod PaymentIntentStatus = "requires_payment_method"
	PaymentIntentStatusSucceeded             PaymentIntentStatus = "succeeded"
)

// PaymentIntentParams: legacy params used by the deprecated paymentintent package. (Subset of fields.)
type PaymentIntentParams struct {
	Params                `form:"*"`
	Amount                *int64            `form:"amount"`
	CaptureMethod         *string           `form:"capture_method"`
	Confirm               *bool             `form:"confirm"`
	Currency              *string           `form:"currency"`
	Customer              *string           `form:"customer"`
	Description           *string           `form:"description"`
	Expand                []*string         `form:"expand"`
	Metadata              map[string]string `form:"metadata"`
	PaymentMethod         *string           `form:"payment_method"`
	PaymentMethodTypes    []*string         `form:"payment_method_types"`
	ReceiptEmail          *string           `form:"receipt_email"`
	ReturnURL             *string           `form:"return_url"`
	ErrorOnRequiresAction *bool             `form:"error_on_requires_action"`
	OffSession            *bool             `form:"off_session"`
}

func (p *PaymentIntentParams) AddExpand(f string)                   { p.Expand = append(p.Expand, &f) }
func (p *PaymentIntentParams) AddMetadata(key string, value string) {}

type PaymentIntentCreateParams struct {
	Params                `form:"*"`
	Amount                *int64            `form:"amount"`
	CaptureMethod         *string           `form:"capture_method"`
	Confirm               *bool             `form:"confirm"`
	Currency              *string           `form:"currency"`
	Customer              *string           `form:"customer"`
	Description           *string           `form:"description"`
	ErrorOnRequiresAction *bool             `form:"error_on_requires_action"`
	Expand                []*string         `form:"expand"`
	Metadata              map[string]string `form:"metadata"`
	OffSession            *bool             `form:"off_session"`
	PaymentMethod         *string           `form:"payment_method"`
	PaymentMethodTypes    []*string         `form:"payment_method_types"`
	ReceiptEmail          *string           `form:"receipt_email"`
	ReturnURL             *string           `form:"return_url"`
}

func (p *PaymentIntentCreateParams) AddExpand(f string)                   { p.Expand = append(p.Expand, &f) }
func (p *PaymentIntentCreateParams) AddMetadata(key string, value string) {}

type PaymentIntentConfirmParams struct {
	Params                `form:"*"`
	CaptureMethod         *string   `form:"capture_method"`
	ErrorOnRequiresAction *bool     `form:"error_on_requires_action"`
	Expand                []*string `form:"expand"`
	OffSession            *bool     `form:"off_session"`
	PaymentMethod         *string   `form:"payment_method"`
	PaymentMethodTypes    []*string `form:"payment_method_types"`
	ReceiptEmail          *string   `form:"receipt_email"`
	ReturnURL             *string   `form:"return_url"`
}

func (p *PaymentIntentConfirmParams) AddExpand(f string) { p.Expand = append(p.Expand, &f) }

type PaymentIntentCaptureParams struct {
	Params          `form:"*"`
	AmountToCapture *int64            `form:"amount_to_capture"`
	Expand          []*string         `form:"expand"`
	Metadata        map[string]string `form:"metadata"`
}

func (p *PaymentIntentCaptureParams) AddExpand(f string)                   { p.Expand = append(p.Expand, &f) }
func (p *PaymentIntentCaptureParams) AddMetadata(key string, value string) {}

type PaymentIntentRetrieveParams struct {
	Params `form:"*"`
	Expand []*string `form:"expand"`
}

type PaymentIntentUpdateParams struct {
	Params        `form:"*"`
	Amount        *int64            `form:"amount"`
	CaptureMethod *string           `form:"capture_method"`
	Currency      *string           `form:"currency"`
	Customer      *string           `form:"customer"`
	Description   *string           `form:"description"`
	Expand        []*string         `form:"expand"`
	Metadata      map[string]string `form:"metadata"`
	PaymentMethod *string           `form:"payment_method"`
	ReceiptEmail  *string           `form:"receipt_email"`
}

type PaymentIntentCancelParams struct {
	Params             `form:"*"`
	CancellationReason *string   `form:"cancellation_reason"`
	Expand             []*string `form:"expand"`
}

type PaymentIntentListParams struct {
	ListParams `form:"*"`
	Customer   *string   `form:"customer"`
	Expand     []*string `form:"expand"`
}

// PaymentIntent is a Stripe PaymentIntent object. (Subset of fields.)
type PaymentIntent struct {
	APIResource
	Amount         int64               `json:"amount"`
	AmountReceived int64               `json:"amount_received"`
	Created        int64               `json:"created"`
	Currency       Currency            `json:"currency"`
	Customer       *Customer           `json:"customer"`
	Description    string              `json:"description"`
	ID             string              `json:"id"`
	LatestCharge   *Charge             `json:"latest_charge"`
	Metadata       map[string]string   `json:"metadata"`
	Object         string              `json:"object"`
	Status         PaymentIntentStatus `json:"status"`
}

type PaymentIntentList struct {
	APIResource
	ListMeta
	Data []*PaymentIntent `json:"data"`
}

// v1PaymentIntentService is used to invoke /v1/payment_intents APIs.
type v1PaymentIntentService struct {
	B   Backend
	Key string
}

func (c v1PaymentIntentService) Create(ctx context.Context, params *PaymentIntentCreateParams) (*PaymentIntent, error) {
	return &PaymentIntent{}, nil
}
func (c v1PaymentIntentService) Retrieve(ctx context.Context, id string, params *PaymentIntentRetrieveParams) (*PaymentIntent, error) {
	return &PaymentIntent{}, nil
}
func (c v1PaymentIntentService) Update(ctx context.Context, id string, params *PaymentIntentUpdateParams) (*PaymentIntent, error) {
	return &PaymentIntent{}, nil
}
func (c v1PaymentIntentService) Cancel(ctx context.Context, id string, params *PaymentIntentCancelParams) (*PaymentIntent, error) {
	return &PaymentIntent{}, nil
}
func (c v1PaymentIntentService) Capture(ctx context.Context, id string, params *PaymentIntentCaptureParams) (*PaymentIntent, error) {
	return &PaymentIntent{}, nil
}
func (c v1PaymentIntentService) Confirm(ctx context.Context, id string, params *PaymentIntentConfirmParams) (*PaymentIntent, error) {
	return &PaymentIntent{}, nil
}
func (c v1PaymentIntentService) List(ctx context.Context, listParams *PaymentIntentListParams) Seq2[*PaymentIntent, error] {
	return nil
}

// ===================== refund.go / refund_service.go =====================

type RefundStatus string

const (
	RefundStatusCanceled       RefundStatus = "canceled"
	RefundStatusFailed         RefundStatus = "failed"
	RefundStatusPending        RefundStatus = "pending"
	RefundStatusSucceeded      RefundStatus = "succeeded"
	RefundStatusRequiresAction RefundStatus = "requires_action"
)

// RefundParams: legacy params used by the deprecated refund package.
type RefundParams struct {
	Params               `form:"*"`
	Amount               *int64            `form:"amount"`
	Charge               *string           `form:"charge"`
	Currency             *string           `form:"currency"`
	Customer             *string           `form:"customer"`
	Expand               []*string         `form:"expand"`
	InstructionsEmail    *string           `form:"instructions_email"`
	Metadata             map[string]string `form:"metadata"`
	Origin               *string           `form:"origin"`
	PaymentIntent        *string           `form:"payment_intent"`
	Reason               *string           `form:"reason"`
	RefundApplicationFee *bool             `form:"refund_application_fee"`
	ReverseTransfer      *bool             `form:"reverse_transfer"`
}

func (p *RefundParams) AddExpand(f string)                   { p.Expand = append(p.Expand, &f) }
func (p *RefundParams) AddMetadata(key string, value string) {}

type RefundCreateParams struct {
	Params               `form:"*"`
	Amount               *int64            `form:"amount"`
	Charge               *string           `form:"charge"`
	Currency             *string           `form:"currency"`
	Customer             *string           `form:"customer"`
	Expand               []*string         `form:"expand"`
	InstructionsEmail    *string           `form:"instructions_email"`
	Metadata             map[string]string `form:"metadata"`
	Origin               *string           `form:"origin"`
	PaymentIntent        *string           `form:"payment_intent"`
	Reason               *string           `form:"reason"`
	RefundApplicationFee *bool             `form:"refund_application_fee"`
	ReverseTransfer      *bool             `form:"reverse_transfer"`
}

func (p *RefundCreateParams) AddExpand(f string)                   { p.Expand = append(p.Expand, &f) }
func (p *RefundCreateParams) AddMetadata(key string, value string) {}

type RefundRetrieveParams struct {
	Params `form:"*"`
	Expand []*string `form:"expand"`
}

type RefundUpdateParams struct {
	Params   `form:"*"`
	Expand   []*string         `form:"expand"`
	Metadata map[string]string `form:"metadata"`
}

type RefundCancelParams struct {
	Params `form:"*"`
	Expand []*string `form:"expand"`
}

type RefundListParams struct {
	ListParams    `form:"*"`
	Charge        *string   `form:"charge"`
	Expand        []*string `form:"expand"`
	PaymentIntent *string   `form:"payment_intent"`
}

// Refund is a Stripe refund object. (Subset of fields.)
type Refund struct {
	APIResource
	Amount        int64             `json:"amount"`
	Charge        *Charge           `json:"charge"`
	Created       int64             `json:"created"`
	Currency      Currency          `json:"currency"`
	Description   string            `json:"description"`
	ID            string            `json:"id"`
	Metadata      map[string]string `json:"metadata"`
	Object        string            `json:"object"`
	PaymentIntent *PaymentIntent    `json:"payment_intent"`
	Status        RefundStatus      `json:"status"`
}

type RefundList struct {
	APIResource
	ListMeta
	Data []*Refund `json:"data"`
}

// v1RefundService is used to invoke /v1/refunds APIs.
type v1RefundService struct {
	B   Backend
	Key string
}

func (c v1RefundService) Create(ctx context.Context, params *RefundCreateParams) (*Refund, error) {
	return &Refund{}, nil
}
func (c v1RefundService) Retrieve(ctx context.Context, id string, params *RefundRetrieveParams) (*Refund, error) {
	return &Refund{}, nil
}
func (c v1RefundService) Update(ctx context.Context, id string, params *RefundUpdateParams) (*Refund, error) {
	return &Refund{}, nil
}
func (c v1RefundService) Cancel(ctx context.Context, id string, params *RefundCancelParams) (*Refund, error) {
	return &Refund{}, nil
}
func (c v1RefundService) List(ctx context.Context, listParams *RefundListParams) Seq2[*Refund, error] {
	return nil
}

// ===================== payout.go / payout_service.go =====================

type PayoutStatus string

const (
	PayoutStatusCanceled  PayoutStatus = "canceled"
	PayoutStatusFailed    PayoutStatus = "failed"
	PayoutStatusInTransit PayoutStatus = "in_transit"
	PayoutStatusPaid      PayoutStatus = "paid"
	PayoutStatusPending   PayoutStatus = "pending"
)

// PayoutParams: legacy params used by the deprecated payout package.
type PayoutParams struct {
	Params              `form:"*"`
	Amount              *int64            `form:"amount"`
	Currency            *string           `form:"currency"`
	Description         *string           `form:"description"`
	Destination         *string           `form:"destination"`
	Expand              []*string         `form:"expand"`
	Metadata            map[string]string `form:"metadata"`
	Method              *string           `form:"method"`
	PayoutMethod        *string           `form:"payout_method"`
	SourceType          *string           `form:"source_type"`
	StatementDescriptor *string           `form:"statement_descriptor"`
}

func (p *PayoutParams) AddExpand(f string)                   { p.Expand = append(p.Expand, &f) }
func (p *PayoutParams) AddMetadata(key string, value string) {}

type PayoutCreateParams struct {
	Params              `form:"*"`
	Amount              *int64            `form:"amount"`
	Currency            *string           `form:"currency"`
	Description         *string           `form:"description"`
	Destination         *string           `form:"destination"`
	Expand              []*string         `form:"expand"`
	Metadata            map[string]string `form:"metadata"`
	Method              *string           `form:"method"`
	PayoutMethod        *string           `form:"payout_method"`
	SourceType          *string           `form:"source_type"`
	StatementDescriptor *string           `form:"statement_descriptor"`
}

func (p *PayoutCreateParams) AddExpand(f string)                   { p.Expand = append(p.Expand, &f) }
func (p *PayoutCreateParams) AddMetadata(key string, value string) {}

type PayoutRetrieveParams struct {
	Params `form:"*"`
	Expand []*string `form:"expand"`
}

type PayoutUpdateParams struct {
	Params   `form:"*"`
	Expand   []*string         `form:"expand"`
	Metadata map[string]string `form:"metadata"`
}

type PayoutCancelParams struct {
	Params `form:"*"`
	Expand []*string `form:"expand"`
}

type PayoutReverseParams struct {
	Params   `form:"*"`
	Expand   []*string         `form:"expand"`
	Metadata map[string]string `form:"metadata"`
}

type PayoutListParams struct {
	ListParams  `form:"*"`
	Destination *string   `form:"destination"`
	Expand      []*string `form:"expand"`
	Status      *string   `form:"status"`
}

// Payout is a Stripe payout object. (Subset of fields.)
type Payout struct {
	APIResource
	Amount      int64              `json:"amount"`
	Created     int64              `json:"created"`
	Currency    Currency           `json:"currency"`
	Description string             `json:"description"`
	Destination *PayoutDestination `json:"destination"`
	ID          string             `json:"id"`
	Metadata    map[string]string  `json:"metadata"`
	Object      string             `json:"object"`
	Status      PayoutStatus       `json:"status"`
}

type PayoutList struct {
	APIResource
	ListMeta
	Data []*Payout `json:"data"`
}

// v1PayoutService is used to invoke /v1/payouts APIs.
type v1PayoutService struct {
	B   Backend
	Key string
}

func (c v1PayoutService) Create(ctx context.Context, params *PayoutCreateParams) (*Payout, error) {
	return &Payout{}, nil
}
func (c v1PayoutService) Retrieve(ctx context.Context, id string, params *PayoutRetrieveParams) (*Payout, error) {
	return &Payout{}, nil
}
func (c v1PayoutService) Update(ctx context.Context, id string, params *PayoutUpdateParams) (*Payout, error) {
	return &Payout{}, nil
}
func (c v1PayoutService) Cancel(ctx context.Context, id string, params *PayoutCancelParams) (*Payout, error) {
	return &Payout{}, nil
}
func (c v1PayoutService) Reverse(ctx context.Context, id string, params *PayoutReverseParams) (*Payout, error) {
	return &Payout{}, nil
}
func (c v1PayoutService) List(ctx context.Context, listParams *PayoutListParams) Seq2[*Payout, error] {
	return nil
}

// ===================== transfer.go / transfer_service.go =====================

// TransferParams: legacy params used by the deprecated transfer package.
type TransferParams struct {
	Params            `form:"*"`
	Amount            *int64            `form:"amount"`
	Currency          *string           `form:"currency"`
	Description       *string           `form:"description"`
	Destination       *string           `form:"destination"`
	Expand            []*string         `form:"expand"`
	Metadata          map[string]string `form:"metadata"`
	SourceTransaction *string           `form:"source_transaction"`
	SourceType        *string           `form:"source_type"`
	TransferGroup     *string           `form:"transfer_group"`
}

func (p *TransferParams) AddExpand(f string)                   { p.Expand = append(p.Expand, &f) }
func (p *TransferParams) AddMetadata(key string, value string) {}

type TransferCreateParams struct {
	Params            `form:"*"`
	Amount            *int64            `form:"amount"`
	Currency          *string           `form:"currency"`
	Description       *string           `form:"description"`
	Destination       *string           `form:"destination"`
	Expand            []*string         `form:"expand"`
	Metadata          map[string]string `form:"metadata"`
	SourceTransaction *string           `form:"source_transaction"`
	SourceType        *string           `form:"source_type"`
	TransferGroup     *string           `form:"transfer_group"`
}

func (p *TransferCreateParams) AddExpand(f string)                   { p.Expand = append(p.Expand, &f) }
func (p *TransferCreateParams) AddMetadata(key string, value string) {}

type TransferRetrieveParams struct {
	Params `form:"*"`
	Expand []*string `form:"expand"`
}

type TransferUpdateParams struct {
	Params      `form:"*"`
	Description *string           `form:"description"`
	Expand      []*string         `form:"expand"`
	Metadata    map[string]string `form:"metadata"`
}

type TransferListParams struct {
	ListParams    `form:"*"`
	Destination   *string   `form:"destination"`
	Expand        []*string `form:"expand"`
	TransferGroup *string   `form:"transfer_group"`
}

// Transfer is a Stripe transfer object. (Subset of fields.)
type Transfer struct {
	APIResource
	Amount      int64             `json:"amount"`
	Created     int64             `json:"created"`
	Currency    Currency          `json:"currency"`
	Description string            `json:"description"`
	Destination *Account          `json:"destination"`
	ID          string            `json:"id"`
	Metadata    map[string]string `json:"metadata"`
	Object      string            `json:"object"`
}

type TransferList struct {
	APIResource
	ListMeta
	Data []*Transfer `json:"data"`
}

// v1TransferService is used to invoke /v1/transfers APIs.
type v1TransferService struct {
	B   Backend
	Key string
}

func (c v1TransferService) Create(ctx context.Context, params *TransferCreateParams) (*Transfer, error) {
	return &Transfer{}, nil
}
func (c v1TransferService) Retrieve(ctx context.Context, id string, params *TransferRetrieveParams) (*Transfer, error) {
	return &Transfer{}, nil
}
func (c v1TransferService) Update(ctx context.Context, id string, params *TransferUpdateParams) (*Transfer, error) {
	return &Transfer{}, nil
}
func (c v1TransferService) List(ctx context.Context, listParams *TransferListParams) Seq2[*Transfer, error] {
	return nil
}
