// Package lark is a stub of github.com/larksuite/oapi-sdk-go/v3's client
// (client.go, v3.4.25): NewClient builds the config and the services, and
// a marketplace app (WithMarketplaceApp) asks for its app ticket again.
package lark

import (
	"context"
	"net/http"

	larkcore "github.com/larksuite/oapi-sdk-go/v3/core"
	larkdocx "github.com/larksuite/oapi-sdk-go/v3/service/docx/v1"
)

type DocxService struct {
	V1 *larkdocx.V1
}

type Client struct {
	config *larkcore.Config
	Docx   *DocxService
}

type ClientOptionFunc func(config *larkcore.Config)

func WithMarketplaceApp() ClientOptionFunc {
	return func(config *larkcore.Config) {
		config.AppType = larkcore.AppTypeMarketplace
	}
}

func NewClient(appId, appSecret string, options ...ClientOptionFunc) *Client {
	config := &larkcore.Config{
		BaseUrl:   "https://open.feishu.cn",
		AppId:     appId,
		AppSecret: appSecret,
		AppType:   larkcore.AppTypeSelfBuilt,
	}
	for _, option := range options {
		option(config)
	}
	client := &Client{config: config, Docx: &DocxService{V1: larkdocx.New(config)}}
	resendAppTicketIfNeed(client)
	return client
}

func resendAppTicketIfNeed(client *Client) {
	if client.config.AppType == larkcore.AppTypeMarketplace {
		ctx := context.Background()
		_, err := client.ResendAppTicket(ctx, &larkcore.ResendAppTicketReq{
			AppID:     client.config.AppId,
			AppSecret: client.config.AppSecret,
		})
		if err != nil {
			client.config.Logger.Info(ctx, err)
		}
	}
}

func (cli *Client) ResendAppTicket(ctx context.Context, req *larkcore.ResendAppTicketReq) (*larkcore.ResendAppTicketResp, error) {
	rawResp, err := larkcore.Request(ctx, &larkcore.ApiReq{
		HttpMethod: http.MethodPost,
		ApiPath:    larkcore.ApplyAppTicketPath,
		Body:       req,
	}, cli.config)
	if err != nil {
		return nil, err
	}
	return &larkcore.ResendAppTicketResp{ApiResp: rawResp}, nil
}
