// Stub of github.com/aws/aws-sdk-go-v2/service/sns@v1.48.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

package types

type LanguageCodeString string

const (
	LanguageCodeStringEnUs  LanguageCodeString = "en-US"
	LanguageCodeStringEnGb  LanguageCodeString = "en-GB"
	LanguageCodeStringEs419 LanguageCodeString = "es-419"
	LanguageCodeStringEsEs  LanguageCodeString = "es-ES"
	LanguageCodeStringDeDe  LanguageCodeString = "de-DE"
	LanguageCodeStringFrCa  LanguageCodeString = "fr-CA"
	LanguageCodeStringFrFr  LanguageCodeString = "fr-FR"
	LanguageCodeStringItIt  LanguageCodeString = "it-IT"
	LanguageCodeStringJpJp  LanguageCodeString = "ja-JP"
	LanguageCodeStringPtBr  LanguageCodeString = "pt-BR"
	LanguageCodeStringKrKr  LanguageCodeString = "kr-KR"
	LanguageCodeStringZhCn  LanguageCodeString = "zh-CN"
	LanguageCodeStringZhTw  LanguageCodeString = "zh-TW"
)

func (LanguageCodeString) Values() []LanguageCodeString {
	return nil
}

type NumberCapability string

const (
	NumberCapabilitySms   NumberCapability = "SMS"
	NumberCapabilityMms   NumberCapability = "MMS"
	NumberCapabilityVoice NumberCapability = "VOICE"
)

func (NumberCapability) Values() []NumberCapability {
	return nil
}

type RouteType string

const (
	RouteTypeTransactional RouteType = "Transactional"
	RouteTypePromotional   RouteType = "Promotional"
	RouteTypePremium       RouteType = "Premium"
)

func (RouteType) Values() []RouteType {
	return nil
}

type SMSSandboxPhoneNumberVerificationStatus string

const (
	SMSSandboxPhoneNumberVerificationStatusPending  SMSSandboxPhoneNumberVerificationStatus = "Pending"
	SMSSandboxPhoneNumberVerificationStatusVerified SMSSandboxPhoneNumberVerificationStatus = "Verified"
)

func (SMSSandboxPhoneNumberVerificationStatus) Values() []SMSSandboxPhoneNumberVerificationStatus {
	return nil
}
