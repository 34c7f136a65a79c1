// Package larkdocx is a stub of the SDK's generated docx service
// (service/docx/v1/resource.go): each method sets its path and HTTP
// method on the request and calls larkcore.Request.
package larkdocx

import (
	"context"
	"net/http"

	larkcore "github.com/larksuite/oapi-sdk-go/v3/core"
)

type V1 struct {
	DocumentBlockChildren *documentBlockChildren
}

func New(config *larkcore.Config) *V1 {
	return &V1{DocumentBlockChildren: &documentBlockChildren{config: config}}
}

type documentBlockChildren struct {
	config *larkcore.Config
}

type CreateDocumentBlockChildrenReq struct {
	apiReq *larkcore.ApiReq
}

func NewCreateDocumentBlockChildrenReq(documentID, blockID string, children []string) *CreateDocumentBlockChildrenReq {
	return &CreateDocumentBlockChildrenReq{apiReq: &larkcore.ApiReq{Body: map[string]interface{}{"document_id": documentID, "block_id": blockID, "children": children}}}
}

type CreateDocumentBlockChildrenResp struct {
	*larkcore.ApiResp
	Children []string
}

func (d *documentBlockChildren) Create(ctx context.Context, req *CreateDocumentBlockChildrenReq, options ...larkcore.RequestOptionFunc) (*CreateDocumentBlockChildrenResp, error) {
	apiReq := req.apiReq
	apiReq.ApiPath = "/open-apis/docx/v1/documents/:document_id/blocks/:block_id/children"
	apiReq.HttpMethod = http.MethodPost
	apiResp, err := larkcore.Request(ctx, apiReq, d.config, options...)
	if err != nil {
		return nil, err
	}
	resp := &CreateDocumentBlockChildrenResp{ApiResp: apiResp}
	err = apiResp.JSONUnmarshalBody(resp, d.config)
	return resp, err
}

type ListDocumentBlockReq struct {
	apiReq *larkcore.ApiReq
}

func NewListDocumentBlockReq(documentID string) *ListDocumentBlockReq {
	return &ListDocumentBlockReq{apiReq: &larkcore.ApiReq{Body: map[string]string{"document_id": documentID}}}
}

type ListDocumentBlockResp struct {
	*larkcore.ApiResp
	Items []string
}

func (d *documentBlockChildren) Get(ctx context.Context, req *ListDocumentBlockReq, options ...larkcore.RequestOptionFunc) (*ListDocumentBlockResp, error) {
	apiReq := req.apiReq
	apiReq.ApiPath = "/open-apis/docx/v1/documents/:document_id/blocks/:block_id/children"
	apiReq.HttpMethod = http.MethodGet
	apiResp, err := larkcore.Request(ctx, apiReq, d.config, options...)
	if err != nil {
		return nil, err
	}
	resp := &ListDocumentBlockResp{ApiResp: apiResp}
	err = apiResp.JSONUnmarshalBody(resp, d.config)
	return resp, err
}
