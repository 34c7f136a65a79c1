// Stub of github.com/sendgrid/sendgrid-go@v3.16.1+incompatible for analysistest: declarations mirror the real API; bodies are empty.

package mail

type SGMailV3 struct {
	From             *Email             `json:"from,omitempty"`
	Subject          string             `json:"subject,omitempty"`
	Personalizations []*Personalization `json:"personalizations,omitempty"`
	Content          []*Content         `json:"content,omitempty"`
	Attachments      []*Attachment      `json:"attachments,omitempty"`
	TemplateID       string             `json:"template_id,omitempty"`
	Sections         map[string]string  `json:"sections,omitempty"`
	Headers          map[string]string  `json:"headers,omitempty"`
	Categories       []string           `json:"categories,omitempty"`
	CustomArgs       map[string]string  `json:"custom_args,omitempty"`
	SendAt           int                `json:"send_at,omitempty"`
	BatchID          string             `json:"batch_id,omitempty"`
	Asm              *Asm               `json:"asm,omitempty"`
	IPPoolID         string             `json:"ip_pool_name,omitempty"`
	MailSettings     *MailSettings      `json:"mail_settings,omitempty"`
	TrackingSettings *TrackingSettings  `json:"tracking_settings,omitempty"`
	ReplyTo          *Email             `json:"reply_to,omitempty"`
	ReplyToList      []*Email           `json:"reply_to_list,omitempty"`
}

type Personalization struct {
	To                  []*Email               `json:"to,omitempty"`
	From                *Email                 `json:"from,omitempty"`
	CC                  []*Email               `json:"cc,omitempty"`
	BCC                 []*Email               `json:"bcc,omitempty"`
	Subject             string                 `json:"subject,omitempty"`
	Headers             map[string]string      `json:"headers,omitempty"`
	Substitutions       map[string]string      `json:"substitutions,omitempty"`
	CustomArgs          map[string]string      `json:"custom_args,omitempty"`
	DynamicTemplateData map[string]interface{} `json:"dynamic_template_data,omitempty"`
	Categories          []string               `json:"categories,omitempty"`
	SendAt              int                    `json:"send_at,omitempty"`
}

type Email struct {
	Name    string `json:"name,omitempty"`
	Address string `json:"email,omitempty"`
}

type Content struct {
	Type  string `json:"type,omitempty"`
	Value string `json:"value,omitempty"`
}

type Attachment struct {
	Content     string `json:"content,omitempty"`
	Type        string `json:"type,omitempty"`
	Name        string `json:"name,omitempty"`
	Filename    string `json:"filename,omitempty"`
	Disposition string `json:"disposition,omitempty"`
	ContentID   string `json:"content_id,omitempty"`
}

type Asm struct {
	GroupID         int   `json:"group_id,omitempty"`
	GroupsToDisplay []int `json:"groups_to_display,omitempty"`
}

type MailSettings struct {
	BCC                         *BccSetting       `json:"bcc,omitempty"`
	BypassListManagement        *Setting          `json:"bypass_list_management,omitempty"`
	BypassSpamManagement        *Setting          `json:"bypass_spam_management,omitempty"`
	BypassBounceManagement      *Setting          `json:"bypass_bounce_management,omitempty"`
	BypassUnsubscribeManagement *Setting          `json:"bypass_unsubscribe_management,omitempty"`
	Footer                      *FooterSetting    `json:"footer,omitempty"`
	SandboxMode                 *Setting          `json:"sandbox_mode,omitempty"`
	SpamCheckSetting            *SpamCheckSetting `json:"spam_check,omitempty"`
}

type TrackingSettings struct {
	ClickTracking        *ClickTrackingSetting        `json:"click_tracking,omitempty"`
	OpenTracking         *OpenTrackingSetting         `json:"open_tracking,omitempty"`
	SubscriptionTracking *SubscriptionTrackingSetting `json:"subscription_tracking,omitempty"`
	GoogleAnalytics      *GaSetting                   `json:"ganalytics,omitempty"`
	BCC                  *BccSetting                  `json:"bcc,omitempty"`
	BypassListManagement *Setting                     `json:"bypass_list_management,omitempty"`
	Footer               *FooterSetting               `json:"footer,omitempty"`
	SandboxMode          *SandboxModeSetting          `json:"sandbox_mode,omitempty"`
}

type BccSetting struct {
	Enable *bool  `json:"enable,omitempty"`
	Email  string `json:"email,omitempty"`
}

type FooterSetting struct {
	Enable *bool  `json:"enable,omitempty"`
	Text   string `json:"text,omitempty"`
	Html   string `json:"html,omitempty"`
}

type ClickTrackingSetting struct {
	Enable     *bool `json:"enable,omitempty"`
	EnableText *bool `json:"enable_text,omitempty"`
}

type OpenTrackingSetting struct {
	Enable          *bool  `json:"enable,omitempty"`
	SubstitutionTag string `json:"substitution_tag,omitempty"`
}

type SandboxModeSetting struct {
	Enable      *bool             `json:"enable,omitempty"`
	ForwardSpam *bool             `json:"forward_spam,omitempty"`
	SpamCheck   *SpamCheckSetting `json:"spam_check,omitempty"`
}

type SpamCheckSetting struct {
	Enable        *bool  `json:"enable,omitempty"`
	SpamThreshold int    `json:"threshold,omitempty"`
	PostToURL     string `json:"post_to_url,omitempty"`
}

type SubscriptionTrackingSetting struct {
	Enable          *bool  `json:"enable,omitempty"`
	Text            string `json:"text,omitempty"`
	Html            string `json:"html,omitempty"`
	SubstitutionTag string `json:"substitution_tag,omitempty"`
}

type GaSetting struct {
	Enable          *bool  `json:"enable,omitempty"`
	CampaignSource  string `json:"utm_source,omitempty"`
	CampaignTerm    string `json:"utm_term,omitempty"`
	CampaignContent string `json:"utm_content,omitempty"`
	CampaignName    string `json:"utm_campaign,omitempty"`
	CampaignMedium  string `json:"utm_medium,omitempty"`
}

type Setting struct {
	Enable *bool `json:"enable,omitempty"`
}

func NewV3Mail() *SGMailV3 {
	return nil
}

func NewV3MailInit(from *Email, subject string, to *Email, content ...*Content) *SGMailV3 {
	return nil
}

func GetRequestBody(m *SGMailV3) []byte {
	return nil
}

func (s *SGMailV3) AddPersonalizations(p ...*Personalization) *SGMailV3 {
	return s
}

func (s *SGMailV3) AddContent(c ...*Content) *SGMailV3 {
	return s
}

func (s *SGMailV3) AddAttachment(a ...*Attachment) *SGMailV3 {
	return s
}

func (s *SGMailV3) SetFrom(e *Email) *SGMailV3 {
	return s
}

func (s *SGMailV3) SetReplyTo(e *Email) *SGMailV3 {
	return s
}

func (s *SGMailV3) SetReplyToList(e []*Email) *SGMailV3 {
	return s
}

func (s *SGMailV3) SetTemplateID(templateID string) *SGMailV3 {
	return s
}

func (s *SGMailV3) AddSection(key string, value string) *SGMailV3 {
	return s
}

func (s *SGMailV3) SetHeader(key string, value string) *SGMailV3 {
	return s
}

func (s *SGMailV3) AddCategories(category ...string) *SGMailV3 {
	return s
}

func (s *SGMailV3) SetCustomArg(key string, value string) *SGMailV3 {
	return s
}

func (s *SGMailV3) SetSendAt(sendAt int) *SGMailV3 {
	return s
}

func (s *SGMailV3) SetBatchID(batchID string) *SGMailV3 {
	return s
}

func (s *SGMailV3) SetASM(asm *Asm) *SGMailV3 {
	return s
}

func (s *SGMailV3) SetIPPoolID(ipPoolID string) *SGMailV3 {
	return s
}

func (s *SGMailV3) SetMailSettings(mailSettings *MailSettings) *SGMailV3 {
	return s
}

func (s *SGMailV3) SetTrackingSettings(trackingSettings *TrackingSettings) *SGMailV3 {
	return s
}

func NewPersonalization() *Personalization {
	return nil
}

func (p *Personalization) AddTos(to ...*Email) {
}

func (p *Personalization) AddFrom(from *Email) {
}

func (p *Personalization) AddCCs(cc ...*Email) {
}

func (p *Personalization) AddBCCs(bcc ...*Email) {
}

func (p *Personalization) SetHeader(key string, value string) {
}

func (p *Personalization) SetSubstitution(key string, value string) {
}

func (p *Personalization) SetCustomArg(key string, value string) {
}

func (p *Personalization) SetDynamicTemplateData(key string, value interface{}) {
}

func (p *Personalization) SetSendAt(sendAt int) {
}

func NewAttachment() *Attachment {
	return nil
}

func (a *Attachment) SetContent(content string) *Attachment {
	return a
}

func (a *Attachment) SetType(contentType string) *Attachment {
	return a
}

func (a *Attachment) SetFilename(filename string) *Attachment {
	return a
}

func (a *Attachment) SetDisposition(disposition string) *Attachment {
	return a
}

func (a *Attachment) SetContentID(contentID string) *Attachment {
	return a
}

func NewASM() *Asm {
	return nil
}

func (a *Asm) SetGroupID(groupID int) *Asm {
	return a
}

func (a *Asm) AddGroupsToDisplay(groupsToDisplay ...int) *Asm {
	return a
}

func NewMailSettings() *MailSettings {
	return nil
}

func (m *MailSettings) SetBCC(bcc *BccSetting) *MailSettings {
	return m
}

func (m *MailSettings) SetBypassListManagement(bypassListManagement *Setting) *MailSettings {
	return m
}

func (m *MailSettings) SetBypassSpamManagement(bypassSpamManagement *Setting) *MailSettings {
	return m
}

func (m *MailSettings) SetBypassBounceManagement(bypassBounceManagement *Setting) *MailSettings {
	return m
}

func (m *MailSettings) SetBypassUnsubscribeManagement(bypassUnsubscribeManagement *Setting) *MailSettings {
	return m
}

func (m *MailSettings) SetFooter(footerSetting *FooterSetting) *MailSettings {
	return m
}

func (m *MailSettings) SetSandboxMode(sandboxMode *Setting) *MailSettings {
	return m
}

func (m *MailSettings) SetSpamCheckSettings(spamCheckSetting *SpamCheckSetting) *MailSettings {
	return m
}

func NewTrackingSettings() *TrackingSettings {
	return nil
}

func (t *TrackingSettings) SetClickTracking(clickTracking *ClickTrackingSetting) *TrackingSettings {
	return t
}

func (t *TrackingSettings) SetOpenTracking(openTracking *OpenTrackingSetting) *TrackingSettings {
	return t
}

func (t *TrackingSettings) SetSubscriptionTracking(subscriptionTracking *SubscriptionTrackingSetting) *TrackingSettings {
	return t
}

func (t *TrackingSettings) SetGoogleAnalytics(googleAnalytics *GaSetting) *TrackingSettings {
	return t
}

func NewBCCSetting() *BccSetting {
	return nil
}

func (b *BccSetting) SetEnable(enable bool) *BccSetting {
	return b
}

func (b *BccSetting) SetEmail(email string) *BccSetting {
	return b
}

func NewFooterSetting() *FooterSetting {
	return nil
}

func (f *FooterSetting) SetEnable(enable bool) *FooterSetting {
	return f
}

func (f *FooterSetting) SetText(text string) *FooterSetting {
	return f
}

func (f *FooterSetting) SetHTML(html string) *FooterSetting {
	return f
}

func NewOpenTrackingSetting() *OpenTrackingSetting {
	return nil
}

func (o *OpenTrackingSetting) SetEnable(enable bool) *OpenTrackingSetting {
	return o
}

func (o *OpenTrackingSetting) SetSubstitutionTag(subTag string) *OpenTrackingSetting {
	return o
}

func NewSubscriptionTrackingSetting() *SubscriptionTrackingSetting {
	return nil
}

func (s *SubscriptionTrackingSetting) SetEnable(enable bool) *SubscriptionTrackingSetting {
	return s
}

func (s *SubscriptionTrackingSetting) SetText(text string) *SubscriptionTrackingSetting {
	return s
}

func (s *SubscriptionTrackingSetting) SetHTML(html string) *SubscriptionTrackingSetting {
	return s
}

func (s *SubscriptionTrackingSetting) SetSubstitutionTag(subTag string) *SubscriptionTrackingSetting {
	return s
}

func NewGaSetting() *GaSetting {
	return nil
}

func (g *GaSetting) SetEnable(enable bool) *GaSetting {
	return g
}

func (g *GaSetting) SetCampaignSource(campaignSource string) *GaSetting {
	return g
}

func (g *GaSetting) SetCampaignContent(campaignContent string) *GaSetting {
	return g
}

func (g *GaSetting) SetCampaignTerm(campaignTerm string) *GaSetting {
	return g
}

func (g *GaSetting) SetCampaignName(campaignName string) *GaSetting {
	return g
}

func (g *GaSetting) SetCampaignMedium(campaignMedium string) *GaSetting {
	return g
}

func NewSetting(enable bool) *Setting {
	return nil
}

func NewEmail(name string, address string) *Email {
	return nil
}

func NewSingleEmail(from *Email, subject string, to *Email, plainTextContent string, htmlContent string) *SGMailV3 {
	return nil
}

func NewSingleEmailPlainText(from *Email, subject string, to *Email, plainTextContent string) *SGMailV3 {
	return nil
}

func NewContent(contentType string, value string) *Content {
	return nil
}

func NewClickTrackingSetting() *ClickTrackingSetting {
	return nil
}

func (c *ClickTrackingSetting) SetEnable(enable bool) *ClickTrackingSetting {
	return c
}

func (c *ClickTrackingSetting) SetEnableText(enableText bool) *ClickTrackingSetting {
	return c
}

func NewSpamCheckSetting() *SpamCheckSetting {
	return nil
}

func (s *SpamCheckSetting) SetEnable(enable bool) *SpamCheckSetting {
	return s
}

func (s *SpamCheckSetting) SetSpamThreshold(spamThreshold int) *SpamCheckSetting {
	return s
}

func (s *SpamCheckSetting) SetPostToURL(postToURL string) *SpamCheckSetting {
	return s
}

func NewSandboxModeSetting(enable bool, forwardSpam bool, spamCheck *SpamCheckSetting) *SandboxModeSetting {
	return nil
}

func ParseEmail(emailInfo string) (*Email, error) {
	return nil, nil
}
