// Stub of github.com/twilio/twilio-go@v1.31.0 for analysistest: declarations mirror the real API (subset); bodies are empty.

// Package twilio provides bindings for Twilio's REST APIs.
package twilio

import (
	"github.com/twilio/twilio-go/client"
	Api "github.com/twilio/twilio-go/rest/api/v2010"
)

// RestClient is reduced to the Api service; the real struct has one field per
// Twilio product (AccountsV1, VerifyV2, ConversationsV1, ...).
type RestClient struct {
	*client.RequestHandler
	Api *Api.ApiService
}

type ClientCredentialProvider struct {
	GrantType    string
	ClientId     string
	ClientSecret string
}

type ClientParams struct {
	Username                 string
	Password                 string
	AccountSid               string
	Client                   client.BaseClient
	ClientCredentialProvider *ClientCredentialProvider
}

func NewRestClientWithParams(params ClientParams) *RestClient {
	requestHandler := client.NewRequestHandler(params.Client)
	c := &RestClient{RequestHandler: requestHandler}
	c.Api = Api.NewApiService(requestHandler)
	return c
}

func NewRestClient() *RestClient {
	return NewRestClientWithParams(ClientParams{})
}
