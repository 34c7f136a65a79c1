// Stub of github.com/twilio/twilio-go@v1.31.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package openapi

import (
	twilio "github.com/twilio/twilio-go/client"
	"github.com/twilio/twilio-go/client/metadata"
	"time"
)

type CreateCallParams struct {
	PathAccountSid                     *string   `json:"PathAccountSid,omitempty"`
	To                                 *string   `json:"To,omitempty"`
	From                               *string   `json:"From,omitempty"`
	Method                             *string   `json:"Method,omitempty"`
	FallbackUrl                        *string   `json:"FallbackUrl,omitempty"`
	FallbackMethod                     *string   `json:"FallbackMethod,omitempty"`
	StatusCallback                     *string   `json:"StatusCallback,omitempty"`
	StatusCallbackEvent                *[]string `json:"StatusCallbackEvent,omitempty"`
	StatusCallbackMethod               *string   `json:"StatusCallbackMethod,omitempty"`
	SendDigits                         *string   `json:"SendDigits,omitempty"`
	Timeout                            *int      `json:"Timeout,omitempty"`
	Record                             *bool     `json:"Record,omitempty"`
	RecordingChannels                  *string   `json:"RecordingChannels,omitempty"`
	RecordingStatusCallback            *string   `json:"RecordingStatusCallback,omitempty"`
	RecordingStatusCallbackMethod      *string   `json:"RecordingStatusCallbackMethod,omitempty"`
	RecordingConfigurationId           *string   `json:"RecordingConfigurationId,omitempty"`
	SipAuthUsername                    *string   `json:"SipAuthUsername,omitempty"`
	SipAuthPassword                    *string   `json:"SipAuthPassword,omitempty"`
	MachineDetection                   *string   `json:"MachineDetection,omitempty"`
	MachineDetectionTimeout            *int      `json:"MachineDetectionTimeout,omitempty"`
	RecordingStatusCallbackEvent       *[]string `json:"RecordingStatusCallbackEvent,omitempty"`
	Trim                               *string   `json:"Trim,omitempty"`
	CallerId                           *string   `json:"CallerId,omitempty"`
	MachineDetectionSpeechThreshold    *int      `json:"MachineDetectionSpeechThreshold,omitempty"`
	MachineDetectionSpeechEndThreshold *int      `json:"MachineDetectionSpeechEndThreshold,omitempty"`
	MachineDetectionSilenceTimeout     *int      `json:"MachineDetectionSilenceTimeout,omitempty"`
	AsyncAmd                           *string   `json:"AsyncAmd,omitempty"`
	AsyncAmdStatusCallback             *string   `json:"AsyncAmdStatusCallback,omitempty"`
	AsyncAmdStatusCallbackMethod       *string   `json:"AsyncAmdStatusCallbackMethod,omitempty"`
	Passports                          *string   `json:"Passports,omitempty"`
	Byoc                               *string   `json:"Byoc,omitempty"`
	CallReason                         *string   `json:"CallReason,omitempty"`
	CallToken                          *string   `json:"CallToken,omitempty"`
	RecordingTrack                     *string   `json:"RecordingTrack,omitempty"`
	TimeLimit                          *int      `json:"TimeLimit,omitempty"`
	ClientNotificationUrl              *string   `json:"ClientNotificationUrl,omitempty"`
	Url                                *string   `json:"Url,omitempty"`
	Twiml                              *string   `json:"Twiml,omitempty"`
	ApplicationSid                     *string   `json:"ApplicationSid,omitempty"`
}

func (params *CreateCallParams) SetPathAccountSid(PathAccountSid string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetTo(To string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetFrom(From string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetMethod(Method string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetFallbackUrl(FallbackUrl string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetFallbackMethod(FallbackMethod string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetStatusCallback(StatusCallback string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetStatusCallbackEvent(StatusCallbackEvent []string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetStatusCallbackMethod(StatusCallbackMethod string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetSendDigits(SendDigits string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetTimeout(Timeout int) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetRecord(Record bool) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetRecordingChannels(RecordingChannels string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetRecordingStatusCallback(RecordingStatusCallback string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetRecordingStatusCallbackMethod(RecordingStatusCallbackMethod string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetRecordingConfigurationId(RecordingConfigurationId string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetSipAuthUsername(SipAuthUsername string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetSipAuthPassword(SipAuthPassword string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetMachineDetection(MachineDetection string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetMachineDetectionTimeout(MachineDetectionTimeout int) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetRecordingStatusCallbackEvent(RecordingStatusCallbackEvent []string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetTrim(Trim string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetCallerId(CallerId string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetMachineDetectionSpeechThreshold(MachineDetectionSpeechThreshold int) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetMachineDetectionSpeechEndThreshold(MachineDetectionSpeechEndThreshold int) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetMachineDetectionSilenceTimeout(MachineDetectionSilenceTimeout int) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetAsyncAmd(AsyncAmd string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetAsyncAmdStatusCallback(AsyncAmdStatusCallback string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetAsyncAmdStatusCallbackMethod(AsyncAmdStatusCallbackMethod string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetPassports(Passports string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetByoc(Byoc string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetCallReason(CallReason string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetCallToken(CallToken string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetRecordingTrack(RecordingTrack string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetTimeLimit(TimeLimit int) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetClientNotificationUrl(ClientNotificationUrl string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetUrl(Url string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetTwiml(Twiml string) *CreateCallParams {
	return params
}

func (params *CreateCallParams) SetApplicationSid(ApplicationSid string) *CreateCallParams {
	return params
}

func (c *ApiService) CreateCall(params *CreateCallParams) (*ApiV2010Call, error) {
	return nil, nil
}

type CreateMessageParams struct {
	PathAccountSid      *string    `json:"PathAccountSid,omitempty"`
	To                  *string    `json:"To,omitempty"`
	StatusCallback      *string    `json:"StatusCallback,omitempty"`
	ApplicationSid      *string    `json:"ApplicationSid,omitempty"`
	MaxPrice            *float32   `json:"MaxPrice,omitempty"`
	ProvideFeedback     *bool      `json:"ProvideFeedback,omitempty"`
	Attempt             *int       `json:"Attempt,omitempty"`
	ValidityPeriod      *int       `json:"ValidityPeriod,omitempty"`
	ForceDelivery       *bool      `json:"ForceDelivery,omitempty"`
	ContentRetention    *string    `json:"ContentRetention,omitempty"`
	AddressRetention    *string    `json:"AddressRetention,omitempty"`
	SmartEncoded        *bool      `json:"SmartEncoded,omitempty"`
	PersistentAction    *[]string  `json:"PersistentAction,omitempty"`
	TrafficType         *string    `json:"TrafficType,omitempty"`
	ShortenUrls         *bool      `json:"ShortenUrls,omitempty"`
	ScheduleType        *string    `json:"ScheduleType,omitempty"`
	SendAt              *time.Time `json:"SendAt,omitempty"`
	SendAsMms           *bool      `json:"SendAsMms,omitempty"`
	ContentVariables    *string    `json:"ContentVariables,omitempty"`
	RiskCheck           *string    `json:"RiskCheck,omitempty"`
	From                *string    `json:"From,omitempty"`
	FallbackFrom        *string    `json:"FallbackFrom,omitempty"`
	MessagingServiceSid *string    `json:"MessagingServiceSid,omitempty"`
	Body                *string    `json:"Body,omitempty"`
	MediaUrl            *[]string  `json:"MediaUrl,omitempty"`
	ContentSid          *string    `json:"ContentSid,omitempty"`
}

func (params *CreateMessageParams) SetPathAccountSid(PathAccountSid string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetTo(To string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetStatusCallback(StatusCallback string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetApplicationSid(ApplicationSid string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetMaxPrice(MaxPrice float32) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetProvideFeedback(ProvideFeedback bool) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetAttempt(Attempt int) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetValidityPeriod(ValidityPeriod int) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetForceDelivery(ForceDelivery bool) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetContentRetention(ContentRetention string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetAddressRetention(AddressRetention string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetSmartEncoded(SmartEncoded bool) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetPersistentAction(PersistentAction []string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetTrafficType(TrafficType string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetShortenUrls(ShortenUrls bool) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetScheduleType(ScheduleType string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetSendAt(SendAt time.Time) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetSendAsMms(SendAsMms bool) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetContentVariables(ContentVariables string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetRiskCheck(RiskCheck string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetFrom(From string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetFallbackFrom(FallbackFrom string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetMessagingServiceSid(MessagingServiceSid string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetBody(Body string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetMediaUrl(MediaUrl []string) *CreateMessageParams {
	return params
}

func (params *CreateMessageParams) SetContentSid(ContentSid string) *CreateMessageParams {
	return params
}

func (c *ApiService) CreateMessage(params *CreateMessageParams) (*ApiV2010Message, error) {
	return nil, nil
}

func (c *ApiService) CreateMessageWithMetadata(params *CreateMessageParams) (*metadata.ResourceMetadata[ApiV2010Message], error) {
	return nil, nil
}

type ApiService struct {
	baseURL        string
	requestHandler *twilio.RequestHandler
	apiVersion     string
}

func (c *ApiService) RequestHandler() *twilio.RequestHandler {
	return nil
}

func NewApiService(requestHandler *twilio.RequestHandler) *ApiService {
	return nil
}

func NewApiServiceWithClient(client twilio.BaseClient) *ApiService {
	return nil
}

type ApiV2010Call struct {
	Sid             *string                 `json:"sid,omitempty"`
	DateCreated     *string                 `json:"date_created,omitempty"`
	DateUpdated     *string                 `json:"date_updated,omitempty"`
	ParentCallSid   *string                 `json:"parent_call_sid,omitempty"`
	AccountSid      *string                 `json:"account_sid,omitempty"`
	To              *string                 `json:"to,omitempty"`
	ToFormatted     *string                 `json:"to_formatted,omitempty"`
	From            *string                 `json:"from,omitempty"`
	FromFormatted   *string                 `json:"from_formatted,omitempty"`
	PhoneNumberSid  *string                 `json:"phone_number_sid,omitempty"`
	Status          *string                 `json:"status,omitempty"`
	StartTime       *string                 `json:"start_time,omitempty"`
	EndTime         *string                 `json:"end_time,omitempty"`
	Duration        *string                 `json:"duration,omitempty"`
	Price           *string                 `json:"price,omitempty"`
	PriceUnit       *string                 `json:"price_unit,omitempty"`
	Direction       *string                 `json:"direction,omitempty"`
	AnsweredBy      *string                 `json:"answered_by,omitempty"`
	ApiVersion      *string                 `json:"api_version,omitempty"`
	ForwardedFrom   *string                 `json:"forwarded_from,omitempty"`
	GroupSid        *string                 `json:"group_sid,omitempty"`
	CallerName      *string                 `json:"caller_name,omitempty"`
	QueueTime       *string                 `json:"queue_time,omitempty"`
	TrunkSid        *string                 `json:"trunk_sid,omitempty"`
	Uri             *string                 `json:"uri,omitempty"`
	SubresourceUris *map[string]interface{} `json:"subresource_uris,omitempty"`
}

type ApiV2010Message struct {
	Body                *string                 `json:"body,omitempty"`
	NumSegments         *string                 `json:"num_segments,omitempty"`
	Direction           *string                 `json:"direction,omitempty"`
	From                *string                 `json:"from,omitempty"`
	To                  *string                 `json:"to,omitempty"`
	DateUpdated         *string                 `json:"date_updated,omitempty"`
	Price               *string                 `json:"price,omitempty"`
	ErrorMessage        *string                 `json:"error_message,omitempty"`
	Uri                 *string                 `json:"uri,omitempty"`
	AccountSid          *string                 `json:"account_sid,omitempty"`
	NumMedia            *string                 `json:"num_media,omitempty"`
	Status              *string                 `json:"status,omitempty"`
	MessagingServiceSid *string                 `json:"messaging_service_sid,omitempty"`
	Sid                 *string                 `json:"sid,omitempty"`
	DateSent            *string                 `json:"date_sent,omitempty"`
	DateCreated         *string                 `json:"date_created,omitempty"`
	ErrorCode           *int                    `json:"error_code,omitempty"`
	PriceUnit           *string                 `json:"price_unit,omitempty"`
	ApiVersion          *string                 `json:"api_version,omitempty"`
	SubresourceUris     *map[string]interface{} `json:"subresource_uris,omitempty"`
}
