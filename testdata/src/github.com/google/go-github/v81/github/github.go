// Package github is a stub of go-github's calls the fixtures use.
package github

import (
	"context"
	"net/http"
)

type Client struct {
	Git          *GitService
	PullRequests *PullRequestsService
}

type Response struct{ *http.Response }

type GitService struct{}

type CreateRef struct{ Ref, SHA string }

type Reference struct{ Ref *string }

func (s *GitService) CreateRef(ctx context.Context, owner, repo string, ref CreateRef) (*Reference, *Response, error) {
	return nil, nil, nil
}

func (s *GitService) GetRef(ctx context.Context, owner, repo, ref string) (*Reference, *Response, error) {
	return nil, nil, nil
}

type PullRequestsService struct{}

type NewPullRequest struct{ Title, Head, Base *string }

type PullRequest struct{ Number *int }

func (s *PullRequestsService) Create(ctx context.Context, owner, repo string, pull *NewPullRequest) (*PullRequest, *Response, error) {
	return nil, nil, nil
}
