// Package larkfix: handlers on the Lark / Feishu SDK (catalog/lark.yaml).
// A service method is the HTTP call it makes (docx blocks created: a POST
// into the user's document, made again on a redelivery); the client's
// construction (NewClient, which asks for the app ticket again only for a
// marketplace app), the SDK's token requests and its logging, encoding
// and token cache are no effect a redelivery repeats.
package larkfix

import (
	"context"

	"github.com/hibiken/asynq"
	lark "github.com/larksuite/oapi-sdk-go/v3"
	larkcore "github.com/larksuite/oapi-sdk-go/v3/core"
	larkdocx "github.com/larksuite/oapi-sdk-go/v3/service/docx/v1"
)

// Publish creates the note's blocks in the document: flagged, an HTTP
// POST (read from the method's name: the SDK sets the method in a field
// of its request), not a database insert.
func Publish(ctx context.Context, t *asynq.Task) error { // want Publish:`^effects: network/call \(\*larkdocx.documentBlockChildren\).Create reads=http/post; http/post lark; http/post lark; http/post lark$` `unguarded: handler larkfix.Publish .*http post .*\(\*larkdocx.documentBlockChildren\).Create`
	c := lark.NewClient("app", "secret")
	req := larkdocx.NewCreateDocumentBlockChildrenReq(string(t.Payload()), "page", []string{"a", "b"})
	_, err := c.Docx.V1.DocumentBlockChildren.Create(ctx, req, larkcore.WithUserAccessToken("u-token"))
	return err
}

// Peek builds a client and reads the document's blocks: the near miss,
// not flagged (the client's construction posts nothing for an app built
// without WithMarketplaceApp, and the ticket it would ask for is the same
// ticket again).
func Peek(ctx context.Context, t *asynq.Task) error { // want Peek:`^effects: network/call \(\*larkdocx.documentBlockChildren\).Get reads=http/get; http/post lark; http/post lark; http/post lark$`
	c := lark.NewClient("app", "secret")
	_, err := c.Docx.V1.DocumentBlockChildren.Get(ctx, larkdocx.NewListDocumentBlockReq(string(t.Payload())))
	return err
}

func Register(mux *asynq.ServeMux) { // want Register:`^no effects$`
	mux.HandleFunc("note:publish", Publish)
	mux.HandleFunc("note:peek", Peek)
}
