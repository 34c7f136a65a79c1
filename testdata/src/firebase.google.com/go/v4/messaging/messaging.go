// Stub of firebase.google.com/go/v4@v4.19.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package messaging

import (
	"context"
	"time"
)

type Message struct {
	Data         map[string]string `json:"data,omitempty"`
	Notification *Notification     `json:"notification,omitempty"`
	Android      *AndroidConfig    `json:"android,omitempty"`
	Webpush      *WebpushConfig    `json:"webpush,omitempty"`
	APNS         *APNSConfig       `json:"apns,omitempty"`
	FCMOptions   *FCMOptions       `json:"fcm_options,omitempty"`
	Token        string            `json:"token,omitempty"`
	Topic        string            `json:"-"`
	Condition    string            `json:"condition,omitempty"`
}

func (m *Message) MarshalJSON() ([]byte, error) {
	return nil, nil
}

func (m *Message) UnmarshalJSON(b []byte) error {
	return nil
}

type Notification struct {
	Title    string `json:"title,omitempty"`
	Body     string `json:"body,omitempty"`
	ImageURL string `json:"image,omitempty"`
}

type AndroidConfig struct {
	CollapseKey           string               `json:"collapse_key,omitempty"`
	Priority              string               `json:"priority,omitempty"`
	TTL                   *time.Duration       `json:"-"`
	RestrictedPackageName string               `json:"restricted_package_name,omitempty"`
	Data                  map[string]string    `json:"data,omitempty"`
	Notification          *AndroidNotification `json:"notification,omitempty"`
	FCMOptions            *AndroidFCMOptions   `json:"fcm_options,omitempty"`
	DirectBootOK          bool                 `json:"direct_boot_ok,omitempty"`
}

func (a *AndroidConfig) MarshalJSON() ([]byte, error) {
	return nil, nil
}

func (a *AndroidConfig) UnmarshalJSON(b []byte) error {
	return nil
}

type AndroidNotification struct {
	Title                 string                        `json:"title,omitempty"`
	Body                  string                        `json:"body,omitempty"`
	Icon                  string                        `json:"icon,omitempty"`
	Color                 string                        `json:"color,omitempty"`
	Sound                 string                        `json:"sound,omitempty"`
	Tag                   string                        `json:"tag,omitempty"`
	ClickAction           string                        `json:"click_action,omitempty"`
	BodyLocKey            string                        `json:"body_loc_key,omitempty"`
	BodyLocArgs           []string                      `json:"body_loc_args,omitempty"`
	TitleLocKey           string                        `json:"title_loc_key,omitempty"`
	TitleLocArgs          []string                      `json:"title_loc_args,omitempty"`
	ChannelID             string                        `json:"channel_id,omitempty"`
	ImageURL              string                        `json:"image,omitempty"`
	Ticker                string                        `json:"ticker,omitempty"`
	Sticky                bool                          `json:"sticky,omitempty"`
	EventTimestamp        *time.Time                    `json:"-"`
	LocalOnly             bool                          `json:"local_only,omitempty"`
	Priority              AndroidNotificationPriority   `json:"-"`
	VibrateTimingMillis   []int64                       `json:"-"`
	DefaultVibrateTimings bool                          `json:"default_vibrate_timings,omitempty"`
	DefaultSound          bool                          `json:"default_sound,omitempty"`
	LightSettings         *LightSettings                `json:"light_settings,omitempty"`
	DefaultLightSettings  bool                          `json:"default_light_settings,omitempty"`
	Visibility            AndroidNotificationVisibility `json:"-"`
	NotificationCount     *int                          `json:"notification_count,omitempty"`
	Proxy                 AndroidNotificationProxy      `json:"-"`
}

func (a *AndroidNotification) MarshalJSON() ([]byte, error) {
	return nil, nil
}

func (a *AndroidNotification) UnmarshalJSON(b []byte) error {
	return nil
}

type AndroidNotificationPriority int

const (
	priorityUnspecified AndroidNotificationPriority = iota
	PriorityMin
	PriorityLow
	PriorityDefault
	PriorityHigh
	PriorityMax
)

type AndroidNotificationVisibility int

const (
	visibilityUnspecified AndroidNotificationVisibility = iota
	VisibilityPrivate
	VisibilityPublic
	VisibilitySecret
)

type AndroidNotificationProxy int

const (
	proxyUnspecified AndroidNotificationProxy = iota
	ProxyAllow
	ProxyDeny
	ProxyIfPriorityLowered
)

type LightSettings struct {
	Color                  string
	LightOnDurationMillis  int64
	LightOffDurationMillis int64
}

func (l *LightSettings) MarshalJSON() ([]byte, error) {
	return nil, nil
}

func (l *LightSettings) UnmarshalJSON(b []byte) error {
	return nil
}

type AndroidFCMOptions struct {
	AnalyticsLabel string `json:"analytics_label,omitempty"`
}

type WebpushConfig struct {
	Headers      map[string]string    `json:"headers,omitempty"`
	Data         map[string]string    `json:"data,omitempty"`
	Notification *WebpushNotification `json:"notification,omitempty"`
	FCMOptions   *WebpushFCMOptions   `json:"fcm_options,omitempty"`
}

type WebpushNotificationAction struct {
	Action string `json:"action,omitempty"`
	Title  string `json:"title,omitempty"`
	Icon   string `json:"icon,omitempty"`
}

type WebpushNotification struct {
	Actions            []*WebpushNotificationAction `json:"actions,omitempty"`
	Title              string                       `json:"title,omitempty"`
	Body               string                       `json:"body,omitempty"`
	Icon               string                       `json:"icon,omitempty"`
	Badge              string                       `json:"badge,omitempty"`
	Direction          string                       `json:"dir,omitempty"`
	Data               interface{}                  `json:"data,omitempty"`
	Image              string                       `json:"image,omitempty"`
	Language           string                       `json:"lang,omitempty"`
	Renotify           bool                         `json:"renotify,omitempty"`
	RequireInteraction bool                         `json:"requireInteraction,omitempty"`
	Silent             bool                         `json:"silent,omitempty"`
	Tag                string                       `json:"tag,omitempty"`
	TimestampMillis    *int64                       `json:"timestamp,omitempty"`
	Vibrate            []int                        `json:"vibrate,omitempty"`
	CustomData         map[string]interface{}
}

func (n *WebpushNotification) MarshalJSON() ([]byte, error) {
	return nil, nil
}

func (n *WebpushNotification) UnmarshalJSON(b []byte) error {
	return nil
}

type WebpushFCMOptions struct {
	Link string `json:"link,omitempty"`
}

type APNSConfig struct {
	Headers           map[string]string `json:"headers,omitempty"`
	Payload           *APNSPayload      `json:"payload,omitempty"`
	FCMOptions        *APNSFCMOptions   `json:"fcm_options,omitempty"`
	LiveActivityToken string            `json:"live_activity_token,omitempty"`
}

type APNSPayload struct {
	Aps        *Aps                   `json:"aps,omitempty"`
	CustomData map[string]interface{} `json:"-"`
}

func (p *APNSPayload) MarshalJSON() ([]byte, error) {
	return nil, nil
}

func (p *APNSPayload) UnmarshalJSON(b []byte) error {
	return nil
}

type Aps struct {
	AlertString      string                 `json:"-"`
	Alert            *ApsAlert              `json:"-"`
	Badge            *int                   `json:"badge,omitempty"`
	Sound            string                 `json:"-"`
	CriticalSound    *CriticalSound         `json:"-"`
	ContentAvailable bool                   `json:"-"`
	MutableContent   bool                   `json:"-"`
	Category         string                 `json:"category,omitempty"`
	ThreadID         string                 `json:"thread-id,omitempty"`
	CustomData       map[string]interface{} `json:"-"`
}

func (a *Aps) MarshalJSON() ([]byte, error) {
	return nil, nil
}

func (a *Aps) UnmarshalJSON(b []byte) error {
	return nil
}

type CriticalSound struct {
	Critical bool    `json:"-"`
	Name     string  `json:"name,omitempty"`
	Volume   float64 `json:"volume,omitempty"`
}

func (cs *CriticalSound) MarshalJSON() ([]byte, error) {
	return nil, nil
}

func (cs *CriticalSound) UnmarshalJSON(b []byte) error {
	return nil
}

type ApsAlert struct {
	Title           string   `json:"title,omitempty"`
	SubTitle        string   `json:"subtitle,omitempty"`
	Body            string   `json:"body,omitempty"`
	LocKey          string   `json:"loc-key,omitempty"`
	LocArgs         []string `json:"loc-args,omitempty"`
	TitleLocKey     string   `json:"title-loc-key,omitempty"`
	TitleLocArgs    []string `json:"title-loc-args,omitempty"`
	SubTitleLocKey  string   `json:"subtitle-loc-key,omitempty"`
	SubTitleLocArgs []string `json:"subtitle-loc-args,omitempty"`
	ActionLocKey    string   `json:"action-loc-key,omitempty"`
	LaunchImage     string   `json:"launch-image,omitempty"`
}

type APNSFCMOptions struct {
	AnalyticsLabel string `json:"analytics_label,omitempty"`
	ImageURL       string `json:"image,omitempty"`
}

type FCMOptions struct {
	AnalyticsLabel string `json:"analytics_label,omitempty"`
}

type ErrorInfo struct {
	Index  int
	Reason string
}

type Client struct {
	*fcmClient
	*iidClient
}

func (c *fcmClient) Send(ctx context.Context, message *Message) (string, error) {
	return "", nil
}

func (c *fcmClient) SendDryRun(ctx context.Context, message *Message) (string, error) {
	return "", nil
}

func IsInternal(err error) bool {
	return false
}

func IsInvalidAPNSCredentials(err error) bool {
	return false
}

func IsThirdPartyAuthError(err error) bool {
	return false
}

func IsInvalidArgument(err error) bool {
	return false
}

func IsMessageRateExceeded(err error) bool {
	return false
}

func IsQuotaExceeded(err error) bool {
	return false
}

func IsMismatchedCredential(err error) bool {
	return false
}

func IsSenderIDMismatch(err error) bool {
	return false
}

func IsRegistrationTokenNotRegistered(err error) bool {
	return false
}

func IsUnregistered(err error) bool {
	return false
}

func IsServerUnavailable(err error) bool {
	return false
}

func IsUnavailable(err error) bool {
	return false
}

func IsTooManyTopics(err error) bool {
	return false
}

func IsUnknown(err error) bool {
	return false
}

type MulticastMessage struct {
	Tokens       []string
	Data         map[string]string
	Notification *Notification
	Android      *AndroidConfig
	Webpush      *WebpushConfig
	APNS         *APNSConfig
	FCMOptions   *FCMOptions
}

type SendResponse struct {
	Success   bool
	MessageID string
	Error     error
}

type BatchResponse struct {
	SuccessCount int
	FailureCount int
	Responses    []*SendResponse
}

func (c *fcmClient) SendEach(ctx context.Context, messages []*Message) (*BatchResponse, error) {
	return nil, nil
}

func (c *fcmClient) SendEachDryRun(ctx context.Context, messages []*Message) (*BatchResponse, error) {
	return nil, nil
}

func (c *fcmClient) SendEachForMulticast(ctx context.Context, message *MulticastMessage) (*BatchResponse, error) {
	return nil, nil
}

func (c *fcmClient) SendEachForMulticastDryRun(ctx context.Context, message *MulticastMessage) (*BatchResponse, error) {
	return nil, nil
}

func (c *fcmClient) SendAll(ctx context.Context, messages []*Message) (*BatchResponse, error) {
	return nil, nil
}

func (c *fcmClient) SendAllDryRun(ctx context.Context, messages []*Message) (*BatchResponse, error) {
	return nil, nil
}

func (c *fcmClient) SendMulticast(ctx context.Context, message *MulticastMessage) (*BatchResponse, error) {
	return nil, nil
}

func (c *fcmClient) SendMulticastDryRun(ctx context.Context, message *MulticastMessage) (*BatchResponse, error) {
	return nil, nil
}

type TopicManagementResponse struct {
	SuccessCount int
	FailureCount int
	Errors       []*ErrorInfo
}

func (c *iidClient) SubscribeToTopic(ctx context.Context, tokens []string, topic string) (*TopicManagementResponse, error) {
	return nil, nil
}

func (c *iidClient) UnsubscribeFromTopic(ctx context.Context, tokens []string, topic string) (*TopicManagementResponse, error) {
	return nil, nil
}

// ---- struct types (unexported fields reduced) ----

type fcmClient struct {
	fcmEndpoint   string
	batchEndpoint string
	project       string
	version       string
}

type iidClient struct {
	iidEndpoint string
}
