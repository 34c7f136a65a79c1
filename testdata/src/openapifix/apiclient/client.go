// Package apiclient has the shape of an openapi-generator Go client: each
// operation is a request builder whose Execute calls the service through
// an interface field of the API client, and the service method sets the
// HTTP method in a local and sends through one shared callAPI.
package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

type Configuration struct {
	Host       string
	HTTPClient *http.Client
}

type service struct{ client *APIClient }

type APIClient struct {
	cfg        *Configuration
	common     service
	ProjectAPI ProjectAPI
}

func NewAPIClient(cfg *Configuration) *APIClient {
	c := &APIClient{cfg: cfg}
	c.common.client = c
	c.ProjectAPI = (*ProjectAPIService)(&c.common)
	return c
}

type ProjectAPI interface {
	CreateProject(ctx context.Context) ApiCreateProjectRequest
	CreateProjectExecute(r ApiCreateProjectRequest) (*http.Response, error)
	GetProject(ctx context.Context, id string) ApiGetProjectRequest
	GetProjectExecute(r ApiGetProjectRequest) (*http.Response, error)
}

type ProjectAPIService service

type Project struct{ Name string }

type ApiCreateProjectRequest struct {
	ctx        context.Context
	ApiService ProjectAPI
	project    *Project
}

func (r ApiCreateProjectRequest) Project(p Project) ApiCreateProjectRequest {
	r.project = &p
	return r
}

func (r ApiCreateProjectRequest) Execute() (*http.Response, error) {
	return r.ApiService.CreateProjectExecute(r)
}

func (a *ProjectAPIService) CreateProject(ctx context.Context) ApiCreateProjectRequest {
	return ApiCreateProjectRequest{ApiService: a, ctx: ctx}
}

func (a *ProjectAPIService) CreateProjectExecute(r ApiCreateProjectRequest) (*http.Response, error) {
	localVarHTTPMethod := http.MethodPost
	localVarPath := a.client.cfg.Host + "/projects"
	body, _ := json.Marshal(r.project)
	req, err := a.client.prepareRequest(r.ctx, localVarPath, localVarHTTPMethod, body)
	if err != nil {
		return nil, err
	}
	return a.client.callAPI(req)
}

type ApiGetProjectRequest struct {
	ctx        context.Context
	ApiService ProjectAPI
	id         string
}

func (r ApiGetProjectRequest) Execute() (*http.Response, error) {
	return r.ApiService.GetProjectExecute(r)
}

func (a *ProjectAPIService) GetProject(ctx context.Context, id string) ApiGetProjectRequest {
	return ApiGetProjectRequest{ApiService: a, ctx: ctx, id: id}
}

func (a *ProjectAPIService) GetProjectExecute(r ApiGetProjectRequest) (*http.Response, error) {
	localVarHTTPMethod := http.MethodGet
	localVarPath := a.client.cfg.Host + "/projects/" + r.id
	req, err := a.client.prepareRequest(r.ctx, localVarPath, localVarHTTPMethod, nil)
	if err != nil {
		return nil, err
	}
	return a.client.callAPI(req)
}

func (c *APIClient) prepareRequest(ctx context.Context, path, method string, body []byte) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, method, path, bytes.NewReader(body))
}

func (c *APIClient) callAPI(req *http.Request) (*http.Response, error) {
	return c.cfg.HTTPClient.Do(req)
}
