// Package larkcore is a stub of github.com/larksuite/oapi-sdk-go/v3/core
// (v3.4.25): the request path every service method takes (Request →
// doRequest → doSend through the config's HttpClient), the SDK's own
// token and app-ticket requests, and the interfaces it calls around a
// request (Logger, Serializable, Cache).
package larkcore

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"time"
)

type Logger interface {
	Debug(context.Context, ...interface{})
	Info(context.Context, ...interface{})
	Warn(context.Context, ...interface{})
	Error(context.Context, ...interface{})
}

type Serializable interface {
	Serialize(v interface{}) ([]byte, error)
	Deserialize(data []byte, v interface{}) error
}

type Cache interface {
	Set(ctx context.Context, key string, value string, expireTime time.Duration) error
	Get(ctx context.Context, key string) (string, error)
}

type HttpClient interface {
	Do(*http.Request) (*http.Response, error)
}

type AppType string

const (
	AppTypeSelfBuilt   AppType = "SelfBuilt"
	AppTypeMarketplace AppType = "Marketplace"
)

const ApplyAppTicketPath = "/open-apis/auth/v3/app_ticket/resend"

type Config struct {
	BaseUrl      string
	AppId        string
	AppSecret    string
	AppType      AppType
	HttpClient   HttpClient
	Logger       Logger
	Serializable Serializable
	TokenCache   Cache
}

type ApiReq struct {
	HttpMethod string
	ApiPath    string
	Body       interface{}
}

type ApiResp struct {
	StatusCode int
	RawBody    []byte
}

func (resp ApiResp) JSONUnmarshalBody(val interface{}, config *Config) error {
	return config.Serializable.Deserialize(resp.RawBody, val)
}

type RequestOption struct {
	UserAccessToken string
}

type RequestOptionFunc func(option *RequestOption)

func WithUserAccessToken(userAccessToken string) RequestOptionFunc {
	return func(option *RequestOption) {
		option.UserAccessToken = userAccessToken
	}
}

type ResendAppTicketReq struct {
	AppID     string `json:"app_id"`
	AppSecret string `json:"app_secret"`
}

type ResendAppTicketResp struct {
	*ApiResp
}

type TokenManager struct{}

var tokenManager TokenManager

func (m *TokenManager) getTenantAccessToken(ctx context.Context, config *Config) (string, error) {
	token, err := config.TokenCache.Get(ctx, "tenant:"+config.AppId)
	if err == nil && token != "" {
		return token, nil
	}
	return m.getCustomTenantAccessTokenThenCache(ctx, config)
}

func (m *TokenManager) getCustomTenantAccessTokenThenCache(ctx context.Context, config *Config) (string, error) {
	raw, err := Request(ctx, &ApiReq{
		HttpMethod: http.MethodPost,
		ApiPath:    "/open-apis/auth/v3/tenant_access_token/internal",
		Body:       map[string]string{"app_id": config.AppId, "app_secret": config.AppSecret},
	}, config)
	if err != nil {
		return "", err
	}
	var resp struct{ TenantAccessToken string }
	if err := raw.JSONUnmarshalBody(&resp, config); err != nil {
		return "", err
	}
	err = config.TokenCache.Set(ctx, "tenant:"+config.AppId, resp.TenantAccessToken, time.Hour)
	return resp.TenantAccessToken, err
}

func applyAppTicket(ctx context.Context, config *Config) {
	_, err := Request(ctx, &ApiReq{
		HttpMethod: http.MethodPost,
		ApiPath:    ApplyAppTicketPath,
		Body:       &ResendAppTicketReq{AppID: config.AppId, AppSecret: config.AppSecret},
	}, config)
	if err != nil {
		config.Logger.Error(ctx, err)
	}
}

func Request(ctx context.Context, req *ApiReq, config *Config, options ...RequestOptionFunc) (*ApiResp, error) {
	option := &RequestOption{}
	for _, optionFunc := range options {
		optionFunc(option)
	}
	return doRequest(ctx, req, config, option)
}

func doRequest(ctx context.Context, req *ApiReq, config *Config, option *RequestOption) (*ApiResp, error) {
	token := option.UserAccessToken
	if token == "" && req.ApiPath != ApplyAppTicketPath {
		t, err := tokenManager.getTenantAccessToken(ctx, config)
		if err != nil {
			return nil, err
		}
		token = t
	}
	body, err := config.Serializable.Serialize(req.Body)
	if err != nil {
		return nil, err
	}
	raw, err := http.NewRequestWithContext(ctx, req.HttpMethod, config.BaseUrl+req.ApiPath, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	raw.Header.Set("Authorization", "Bearer "+token)
	config.Logger.Debug(ctx, req.HttpMethod, req.ApiPath)
	resp, err := doSend(ctx, raw, config.HttpClient)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusUnauthorized && config.AppType == AppTypeMarketplace {
		applyAppTicket(ctx, config)
	}
	return resp, nil
}

func doSend(ctx context.Context, rawRequest *http.Request, httpClient HttpClient) (*ApiResp, error) {
	if httpClient == nil {
		httpClient = http.DefaultClient
	}
	resp, err := httpClient.Do(rawRequest)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	return &ApiResp{StatusCode: resp.StatusCode, RawBody: body}, nil
}
