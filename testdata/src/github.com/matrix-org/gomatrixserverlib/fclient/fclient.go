// Package fclient is a stand-in for gomatrixserverlib's federation
// client: each method builds its method and path and sends the request
// through one helper, so the code sees only a request to a server named
// at run time.
package fclient

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

type MissingEvents struct {
	Limit          int      `json:"limit"`
	EarliestEvents []string `json:"earliest_events"`
	LatestEvents   []string `json:"latest_events"`
}

type RespMissingEvents struct{ Events []json.RawMessage }
type RespClaimKeys struct{ OneTimeKeys map[string]any }
type RespQueryKeys struct{ DeviceKeys map[string]any }

type FederationClient interface {
	LookupMissingEvents(ctx context.Context, s, roomID string, missing MissingEvents) (RespMissingEvents, error)
	QueryKeys(ctx context.Context, s string, keys map[string][]string) (RespQueryKeys, error)
	ClaimKeys(ctx context.Context, s string, oneTimeKeys map[string]map[string]string) (RespClaimKeys, error)
}

type Client struct{ client http.Client }

type federationClient struct {
	Client
}

func NewFederationClient() FederationClient { return &federationClient{} }

func (fc *Client) do(ctx context.Context, method, server, path string, content, res any) error {
	b, err := json.Marshal(content)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, "https://"+server+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := fc.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(res)
}

func (ac *federationClient) LookupMissingEvents(ctx context.Context, s, roomID string, missing MissingEvents) (res RespMissingEvents, err error) {
	err = ac.do(ctx, "POST", s, "/_matrix/federation/v1/get_missing_events/"+roomID, missing, &res)
	return
}

func (ac *federationClient) QueryKeys(ctx context.Context, s string, keys map[string][]string) (res RespQueryKeys, err error) {
	err = ac.do(ctx, "POST", s, "/_matrix/federation/v1/user/keys/query", map[string]any{"device_keys": keys}, &res)
	return
}

func (ac *federationClient) ClaimKeys(ctx context.Context, s string, oneTimeKeys map[string]map[string]string) (res RespClaimKeys, err error) {
	err = ac.do(ctx, "POST", s, "/_matrix/federation/v1/user/keys/claim", map[string]any{"one_time_keys": oneTimeKeys}, &res)
	return
}
