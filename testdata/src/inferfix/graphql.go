package inferfix

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"

	"github.com/hibiken/asynq"
)

// GraphQL over HTTP: every call is a POST to one URL with a body
// {"query": "<document>", "variables": …}, and the document's operation
// says what it does. A query (the keyword, or the { shorthand, after
// comments) is a read; a mutation, a subscription, or text set at run time
// stays the POST the code shows.

type GraphClient struct{ endpoint string }

var graph = &GraphClient{endpoint: os.Getenv("GRAPHQL_URL")}

// Call sends the document its caller passes.
func (c *GraphClient) Call(query string, vars map[string]any) error { // want Call:`^effects: http/post .*rpc=p1 graphql`
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err != nil {
		return err
	}
	resp, err := http.Post(c.endpoint, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

const repoQuery = `# the repository's pull requests
query Pulls($owner: String!, $name: String!) {
  repository(owner: $owner, name: $name) { pullRequests(first: 10) { nodes { id title } } }
}`

const viewerFields = `viewer { login }`

// shorthandQuery is a package-level variable holding a constant.
var shorthandQuery = `{ ` + viewerFields + ` }`

func GQLQuery(ctx context.Context, t *asynq.Task) error { // want GQLQuery:`^effects: http/post rpc=query graphql`
	return graph.Call(repoQuery, map[string]any{"owner": string(t.Payload())})
}

func GQLConcat(ctx context.Context, t *asynq.Task) error { // want GQLConcat:`^effects: http/post rpc=query graphql`
	return graph.Call("query Viewer { "+viewerFields+" }", nil)
}

func GQLShorthand(ctx context.Context, t *asynq.Task) error { // want GQLShorthand:`^effects: http/post rpc=query graphql`
	return graph.Call(shorthandQuery, nil)
}

// GQLMutation adds a comment: a write, still a finding.
func GQLMutation(ctx context.Context, t *asynq.Task) error { // want GQLMutation:`^effects: http/post rpc=mutation graphql` `unguarded: handler inferfix.GQLMutation repeats .*http post .*\(high\)`
	return graph.Call(`mutation AddComment($id: ID!, $body: String!) {
  addComment(input: {subjectId: $id, body: $body}) { clientMutationId }
}`, map[string]any{"id": string(t.Payload()), "body": "done"})
}

// GQLMixed sends a document of a query and a mutation: not a read.
func GQLMixed(ctx context.Context, t *asynq.Task) error { // want GQLMixed:`^effects: http/post rpc=unknown graphql` `unguarded: handler inferfix.GQLMixed repeats .*http post .*\(high\)`
	return graph.Call(`query A { viewer { login } } mutation B { addStar(input: {starrableId: "x"}) { clientMutationId } }`, nil)
}

// GQLDynamic takes the document from the payload: not known, the POST.
func GQLDynamic(ctx context.Context, t *asynq.Task) error { // want GQLDynamic:`^effects: http/post graphql` `unguarded: handler inferfix.GQLDynamic repeats .*http post .*\(high\)`
	return graph.Call(string(t.Payload()), nil)
}

type gqlRequest struct {
	Query     string         `json:"query"`
	Variables map[string]any `json:"variables"`
}

// GQLStruct builds the request from a struct and sends it with Do.
func GQLStruct(ctx context.Context, t *asynq.Task) error { // want GQLStruct:`^effects: http/post http rpc=query graphql`
	body, err := json.Marshal(gqlRequest{Query: repoQuery, Variables: map[string]any{"owner": string(t.Payload())}})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, os.Getenv("GRAPHQL_URL"), bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// Token exchange: a POST to a token endpoint gets a short-lived
// credential; a second delivery gets another one.
func InstallationToken(ctx context.Context, t *asynq.Task) error { // want InstallationToken:`^effects: http/post`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.github.com/app/installations/"+string(t.Payload())+"/access_tokens", nil)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

func OAuthToken(ctx context.Context, t *asynq.Task) error { // want OAuthToken:`^effects: http/post`
	_, err := http.Post("https://auth.example.com/oauth/token", "application/x-www-form-urlencoded", bytes.NewReader(t.Payload()))
	return err
}

// GuestToken activates a guest token at Twitter's API v1.1 (POST
// /1.1/guest/activate.json answers {"guest_token": …}, a short-lived
// credential for unauthenticated reads): a token exchange.
func GuestToken(ctx context.Context, t *asynq.Task) error { // want GuestToken:`^effects: http/post`
	req, err := http.NewRequestWithContext(ctx, "POST", "https://api.twitter.com/1.1/guest/activate.json", nil)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// ActivateAccount activates an account: a state change a person sees,
// not a token exchange, still a finding.
func ActivateAccount(ctx context.Context, t *asynq.Task) error { // want ActivateAccount:`^effects: http/post` `unguarded: handler inferfix.ActivateAccount repeats .*http post .*\(high\)`
	_, err := http.Post("https://api.example.com/v1/accounts/"+string(t.Payload())+"/activate", "application/json", nil)
	return err
}

// ProjectToken creates a GitLab project access token, a long-lived
// credential its members see: not a token exchange, still a finding.
func ProjectToken(ctx context.Context, t *asynq.Task) error { // want ProjectToken:`^effects: http/post` `unguarded: handler inferfix.ProjectToken repeats .*http post .*\(high\)`
	_, err := http.Post("https://gitlab.example.com/api/v4/projects/"+string(t.Payload())+"/access_tokens", "application/json", nil)
	return err
}

// ESSearch posts an Elasticsearch query: its "query" is an object, no
// GraphQL document; the path reads it (_search), as before.
func ESSearch(ctx context.Context, t *asynq.Task) error { // want ESSearch:`^effects: http/post$`
	body, err := json.Marshal(map[string]any{"query": map[string]any{"match": map[string]string{"title": string(t.Payload())}}})
	if err != nil {
		return err
	}
	_, err = http.Post(os.Getenv("ES_URL")+"/orders/_search", "application/json", bytes.NewReader(body))
	return err
}
