package infer

import (
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

func TestTableParses(t *testing.T) {
	if _, err := names(); err != nil {
		t.Fatal(err)
	}
	if _, err := parse([]byte("groups: {a: [x]}\nrules: [{verbs: [get], when: [b], shape: data, effect: {kind: read, op: read, risk: safe}}]\nstores: [{write: db_write, read: db_read}]\n")); err == nil || !strings.Contains(err.Error(), `group "b"`) {
		t.Errorf("a rule naming an undefined group: %v", err)
	}
}

func TestWords(t *testing.T) {
	for in, want := range map[string]string{
		"CreateIssue":       "create issue",
		"sendSMS":           "send sms",
		"HTTPClient":        "http client",
		"go-mail":           "go mail",
		"GetConversationV2": "get conversation v",
		"PrevEventIDs":      "prev event ids",
	} {
		if got := strings.Join(words(in), " "); got != want {
			t.Errorf("words(%q) = %q, want %q", in, got, want)
		}
	}
}

var (
	ctxType = types.NewNamed(types.NewTypeName(token.NoPos, types.NewPackage("context", "context"), "Context", nil), types.NewInterfaceType(nil, nil), nil)
	errType = types.Universe.Lookup("error").Type()
	str     = types.Typ[types.String]
)

// sig builds a signature from parameter and result types.
func sig(params []types.Type, results ...types.Type) *types.Signature {
	vars := func(ts []types.Type) *types.Tuple {
		var vs []*types.Var
		for _, t := range ts {
			vs = append(vs, types.NewParam(token.NoPos, nil, "", t))
		}
		return types.NewTuple(vs...)
	}
	return types.NewSignatureType(nil, nil, nil, vars(params), vars(results), false)
}

func TestRead(t *testing.T) {
	io := sig([]types.Type{ctxType, str}, errType)
	for _, tc := range []struct {
		c    Call
		want string // kind/op/risk, "" for no reading
	}{
		{Call{Name: "CreateIssue", Recv: "IssuesService", Pkg: "github.com/google/go-github/v62/github", Sig: io}, "http/post/high"},
		{Call{Name: "CreateOrder", Recv: "OrderRepository", Sig: io}, "db_write/insert/medium"},
		{Call{Name: "Insert", Recv: "Store", Sig: io}, "db_write/insert/medium"},
		{Call{Name: "SendWelcomeEmail", Recv: "Service", Sig: io}, "email/send/high"},
		{Call{Name: "Send", Recv: "Sender", Field: "Mailer", Sig: io}, "email/send/high"},
		{Call{Name: "SendSMS", Sig: io}, "sms/send/high"},
		{Call{Name: "Charge", Recv: "Gateway", Sig: io}, "payment/charge/critical"},
		{Call{Name: "Publish", Recv: "Bus", Sig: io}, "publish/publish/medium"},
		{Call{Name: "Enqueue", Sig: io}, "publish/publish/medium"},
		{Call{Name: "NotifyUser", Sig: io}, "push/send/high"},
		{Call{Name: "PostMessage", Recv: "Client", Pkg: "github.com/slack-go/slack", Sig: io}, "http/post/high"},
		{Call{Name: "GetConversationHistoryContext", Recv: "Client", Pkg: "github.com/slack-go/slack", Sig: sig([]types.Type{ctxType, str}, str, errType)}, "http/get/safe"},
		{Call{Name: "ListUsers", Recv: "UserStore", Sig: sig([]types.Type{ctxType}, str, errType)}, "db_read/read/safe"},
		{Call{Name: "Get", Recv: "Cache", Sig: sig([]types.Type{str}, str)}, "kv_read/read/safe"},
		{Call{Name: "SetStatus", Recv: "Store", Sig: io}, "db_write/set/safe"},
		{Call{Name: "DeleteSession", Recv: "Store", Sig: io}, "db_write/delete/safe"},
		{Call{Name: "CreateOrUpdateUser", Recv: "Store", Sig: io}, "db_write/upsert-set/safe"},
		// A creation under a key the caller gives, by the name only;
		// near misses: no key in the name, an identity, a key that is
		// not the record's.
		{Call{Name: "InsertVectorWithId", Recv: "serverClient", Pkg: "example.com/hnsw/grpcapi", Sig: io}, "http/put/safe"},
		{Call{Name: "CreateObjectWithKey", Recv: "Store", Sig: io}, "db_write/upsert-set/safe"},
		{Call{Name: "InsertVector", Recv: "serverClient", Pkg: "example.com/hnsw/grpcapi", Sig: io}, "http/post/high"},
		{Call{Name: "CreateWithIdentity", Recv: "Store", Sig: io}, "db_write/insert/medium"},
		{Call{Name: "CreateIdKey", Recv: "Store", Sig: io}, "db_write/insert/medium"},
		{Call{Name: "GetOrCreateUser", Recv: "Store", Sig: sig([]types.Type{ctxType, str}, str, errType)}, "db_read/read/safe"},
		{Call{Name: "PrevEventIDs", Recv: "PDU", Sig: sig(nil, types.NewSlice(str))}, "dynamic_call/read/safe"},
		// OpenAPI-generated requests: Api<Operation>Request.Execute() sends
		// the operation, verb first or noun first.
		{Call{Name: "Execute", Recv: "github.com/plaid/plaid-go/v20/plaid.ApiItemRemoveRequest", Pkg: "github.com/plaid/plaid-go/v20/plaid", Sig: sig(nil, str, str, errType), Network: true}, "http/delete/safe"},
		{Call{Name: "Execute", Recv: "github.com/plaid/plaid-go/v20/plaid.ApiLinkTokenCreateRequest", Pkg: "github.com/plaid/plaid-go/v20/plaid", Sig: sig(nil, str, str, errType), Network: true}, "http/post/high"},
		{Call{Name: "Execute", Recv: "github.com/plaid/plaid-go/v20/plaid.ApiAccountsGetRequest", Pkg: "github.com/plaid/plaid-go/v20/plaid", Sig: sig(nil, str, str, errType), Network: true}, "http/get/safe"},
		{Call{Name: "Execute", Recv: "example.com/petstore.ApiCreatePetRequest", Pkg: "example.com/petstore", Sig: sig(nil, str, errType), Network: true}, "http/post/high"},
		{Call{Name: "Execute", Recv: "example.com/petstore.ApiPetFrobnicateRequest", Pkg: "example.com/petstore", Sig: sig(nil, str, errType), Network: true}, ""},
		{Call{Name: "Execute", Recv: "Runner", Sig: sig(nil, errType)}, ""},
		// Qualifiers in front of the verb; edits; computations,
		// constructors, connections, transactions' ends and telemetry
		// have no effect of their own.
		{Call{Name: "BulkInsertProcessedEvents", Recv: "ProcessedEventRepository", Sig: io}, "db_write/insert/medium"},
		{Call{Name: "Edit", Recv: "PullRequestsService", Pkg: "github.com/google/go-github/v81/github", Sig: sig([]types.Type{ctxType, str, str}, str, errType)}, "http/put/safe"},
		{Call{Name: "Decrypt", Recv: "EncryptionService", Sig: sig([]types.Type{str}, str, errType)}, "dynamic_call/read/safe"},
		{Call{Name: "NewFromConfig", Pkg: "github.com/aws/aws-sdk-go-v2/service/s3", Sig: sig([]types.Type{str}, str)}, "dynamic_call/read/safe"},
		{Call{Name: "NewRequestWithContext", Pkg: "github.com/hashicorp/go-retryablehttp", Sig: sig([]types.Type{ctxType, str, str}, str, errType)}, "dynamic_call/read/safe"},
		{Call{Name: "Connect", Recv: "Client", Pkg: "github.com/modelcontextprotocol/go-sdk/mcp", Sig: sig([]types.Type{ctxType, str}, str, errType)}, "dynamic_call/read/safe"},
		{Call{Name: "Close", Recv: "ClientSession", Sig: sig(nil, errType)}, "dynamic_call/read/safe"},
		{Call{Name: "Commit", Recv: "tenantWriteTx", Sig: sig([]types.Type{ctxType}, errType)}, "dynamic_call/read/safe"},
		{Call{Name: "Scan", Recv: "scanner", Sig: types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(token.NoPos, nil, "dest", types.NewSlice(types.NewInterfaceType(nil, nil)))), types.NewTuple(types.NewParam(token.NoPos, nil, "", errType)), true)}, "db_read/read/safe"},
		{Call{Name: "workerError", Recv: "enrichmentWorkerMetrics", Sig: sig([]types.Type{ctxType, str})}, "dynamic_call/read/safe"},
		{Call{Name: "PageIncident", Recv: "PagerDutyClient", Sig: io}, "push/send/high"},
		// A message sent through another party's client is a request to
		// it; a getter with no argument that cannot fail returns what the
		// receiver holds, a handle or a field, whatever it names; a
		// connection's lifecycle says nothing more than a connection and
		// names no one.
		{Call{Name: "Send", Recv: "Client", Pkg: "github.com/flexprice/flexprice/internal/httpclient", Sig: sig([]types.Type{ctxType, types.NewPointer(str)}, types.NewPointer(str), errType)}, "http/post/high"},
		{Call{Name: "Send", Recv: "Subscribe", Pkg: "github.com/silenceper/wechat/v2/miniprogram/subscribe", Sig: sig([]types.Type{types.NewPointer(str)}, errType)}, "publish/send/medium"},
		{Call{Name: "Send", Recv: "Producer", Pkg: "github.com/acme/kafka", Sig: io}, "publish/publish/medium"},
		{Call{Name: "GetDB", Recv: "Database", Sig: sig(nil, types.NewPointer(str))}, "dynamic_call/read/safe"},
		{Call{Name: "GetRawClient", Recv: "TemporalClient", Sig: sig(nil, types.NewInterfaceType(nil, nil))}, "dynamic_call/read/safe"},
		{Call{Name: "GetCurrentKey", Recv: "KeyManager", Sig: sig(nil, str, errType)}, "db_read/read/safe"},
		{Call{Name: "Disconnect", Recv: "Node", Pkg: "github.com/centrifugal/centrifuge", Sig: types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(token.NoPos, nil, "user", str), types.NewParam(token.NoPos, nil, "opts", types.NewSlice(types.NewSignatureType(nil, nil, nil, nil, nil, false)))), types.NewTuple(types.NewParam(token.NoPos, nil, "", errType)), true)}, ""},
		{Call{Name: "CloseAccount", Recv: "Client", Sig: io}, ""},
		// A number that is a time to wait names no one (wait_params): paho's
		// Disconnect(quiesce uint), a Shutdown(time.Duration); a number
		// named otherwise still does (Disconnect(userID int64)).
		{Call{Name: "Disconnect", Recv: "client", Pkg: "github.com/eclipse/paho.mqtt.golang", Sig: types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(token.NoPos, nil, "quiesce", types.Typ[types.Uint])), nil, false)}, "dynamic_call/read/safe"},
		{Call{Name: "Shutdown", Recv: "Server", Sig: types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(token.NoPos, nil, "d", types.NewNamed(types.NewTypeName(token.NoPos, types.NewPackage("time", "time"), "Duration", nil), types.Typ[types.Int64], nil))), nil, false)}, "dynamic_call/read/safe"},
		{Call{Name: "Close", Recv: "Pool", Sig: types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(token.NoPos, nil, "timeoutMs", types.Typ[types.Int])), types.NewTuple(types.NewParam(token.NoPos, nil, "", errType)), false)}, "dynamic_call/read/safe"},
		{Call{Name: "Disconnect", Recv: "Node", Sig: types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(token.NoPos, nil, "userID", types.Typ[types.Int64])), types.NewTuple(types.NewParam(token.NoPos, nil, "", errType)), false)}, ""},
		{Call{Name: "Disconnect", Recv: "Node", Sig: types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(token.NoPos, nil, "timeout", str)), types.NewTuple(types.NewParam(token.NoPos, nil, "", errType)), false)}, ""},
		{Call{Name: "CloseIdleConnections", Recv: "Client", Sig: sig(nil)}, "dynamic_call/read/safe"},
		{Call{Name: "Shutdown", Recv: "Server", Sig: sig([]types.Type{ctxType}, errType)}, "dynamic_call/read/safe"},
		{Call{Name: "DialContext", Recv: "Dialer", Sig: sig([]types.Type{ctxType, str, str}, str, errType)}, "dynamic_call/read/safe"},
		// A value set on telemetry is telemetry, unless a store is named.
		{Call{Name: "PutMetricData", Recv: "CustomCloudwatchClient", Pkg: "github.com/CMSgov/bcda-app/bcda/aws", Sig: io}, "dynamic_call/read/safe"},
		{Call{Name: "SetGauge", Recv: "Metrics", Sig: sig([]types.Type{str, types.Typ[types.Float64]})}, "dynamic_call/read/safe"},
		{Call{Name: "Update", Recv: "MeterRepository", Sig: io}, "db_write/set/safe"},
		// A library known to do network I/O writes to a remote API; the
		// package is named by its last element that is no version or
		// language marker.
		{Call{Name: "Create", Recv: "Note", Pkg: "example.com/acme/notes", Sig: io, Network: true}, "http/post/high"},
		{Call{Name: "Create", Recv: "Note", Pkg: "example.com/acme/notes", Sig: io}, "db_write/insert/medium"},
		{Call{Name: "Create", Recv: "Message", Pkg: "github.com/svix/svix-webhooks/go", Sig: io}, "http/post/high"},
		// A value in memory (no context, no error, no store named): no
		// effect; a cache's or a store's keeps its store.
		{Call{Name: "Get", Pkg: "github.com/spf13/viper", Sig: sig([]types.Type{str}, types.NewInterfaceType(nil, nil))}, "dynamic_call/read/safe"},
		{Call{Name: "SetDefault", Pkg: "github.com/spf13/viper", Sig: sig([]types.Type{str, str})}, "dynamic_call/read/safe"},
		{Call{Name: "IsRetriable", Pkg: "github.com/twmb/franz-go/pkg/kerr", Sig: sig([]types.Type{errType}, types.Typ[types.Bool])}, "dynamic_call/read/safe"},
		{Call{Name: "SetBody", Recv: "Message", Pkg: "gopkg.in/gomail.v2", Sig: sig([]types.Type{str, str})}, "dynamic_call/read/safe"},
		{Call{Name: "Set", Recv: "HeaderWriter", Sig: sig([]types.Type{str, str})}, "dynamic_call/read/safe"},
		{Call{Name: "Set", Recv: "Cache", Sig: sig([]types.Type{str, str})}, "kv_write/set/safe"},
		// Not read: "page" outside paging (a page count), a constructor
		// that takes a context or can fail (stripe's charge.New), a commit
		// outside a database, a write on telemetry.
		{Call{Name: "RenderAndSendEmail", Recv: "Notifier", Sig: sig([]types.Type{ctxType, str}, str, errType)}, ""},
		{Call{Name: "PageCountFile", Pkg: "github.com/pdfcpu/pdfcpu/pkg/api", Sig: sig([]types.Type{str}, types.Typ[types.Int], errType)}, ""},
		{Call{Name: "New", Pkg: "github.com/acme/sdk/charge", Sig: sig([]types.Type{str}, str, errType)}, ""},
		{Call{Name: "Commit", Recv: "Repository", Pkg: "github.com/acme/git", Sig: sig([]types.Type{ctxType, str}, str, errType)}, ""},
		// Not read: an amount changed by "update", no verb, no payload,
		// in-memory (no context, no error), telemetry.
		{Call{Name: "UpdateBalance", Recv: "Store", Sig: io}, ""},
		{Call{Name: "Process", Recv: "Store", Sig: io}, ""},
		{Call{Name: "Create", Recv: "Store", Sig: sig([]types.Type{ctxType}, errType)}, ""},
		{Call{Name: "Add", Recv: "Registry", Sig: sig([]types.Type{str})}, ""},
		{Call{Name: "AddOrder", Recv: "Metrics", Sig: io}, ""},
		{Call{Name: "Send", Sig: sig(nil)}, ""},
	} {
		got := ""
		if r := Read(tc.c); r != nil {
			got = r.Kind + "/" + r.Op + "/" + r.Risk.String()
			if !strings.HasPrefix(r.Why, "inferred from the name ") {
				t.Errorf("%s: why %q", tc.c.Name, r.Why)
			}
		}
		if got != tc.want {
			t.Errorf("Read(%s on %s) = %q, want %q", tc.c.Name, tc.c.Recv, got, tc.want)
		}
	}
}

func TestHTTP(t *testing.T) {
	for _, tc := range []struct {
		op, target, path string
		on               bool
		want             string // risk, "" for no reading
	}{
		{"post", "es.example.com/orders/_search", "", true, "safe"},
		{"post", "api.example.com/v1/users/lookup", "", true, "safe"},
		{"post", "api.example.com/v1/users/lookup", "", false, ""},
		{"post", "api.example.com/v1/users", "", true, ""},
		{"post", "marketplace.example.com/_apis/public/gallery/extensionquery", "", true, "safe"},
		{"post", "api.example.com/v1/query", "", true, "safe"},
		{"post", "api.example.com/v1/account", "", true, ""},
		{"post", "thirdparty:8082/federalcriminalsearch", "", true, "safe"},
		{"post", "api.example.com/v1/customers-search", "", true, "safe"},
		{"post", "api.example.com/v1/discount", "", true, ""},
		// A look-up service's name of several words (names.yaml's
		// query_phrases) is a query; "trace" alone is not (OTLP's
		// /v1/traces, a crash report's /stacktrace write).
		{"post", "api.example.com/v1/ssntrace", "", true, "safe"},
		{"post", "api.example.com/v1/ssn-trace", "", true, "safe"},
		{"post", "api.example.com/v1/person/skip_trace", "", true, "safe"},
		{"post", "api.example.com/v1/ssntrace", "", false, ""},
		{"post", "api.example.com/v1/trace", "", true, ""},
		{"post", "collector.example.com/v1/traces", "", true, ""},
		{"post", "api.example.com/v1/stacktrace", "", true, ""},
		{"post", "api.example.com/v1/ssntrace/orders", "", true, ""},
		// A custom method (AIP-136 resource:verb) that computes or
		// queries is a read; one that names an action, or the plain
		// segment, is not.
		{"post", "", "/documentintelligence/documentModels/{}:analyze", true, "safe"},
		{"post", "", "/documentintelligence/documentModels/{}:analyze", false, ""},
		{"post", "vision.example.com/v1/images:annotate", "", true, "safe"},
		{"post", "", "/v1/models/{}:generateContent", true, "safe"},
		{"post", "", "/v1/projects/{}/servingConfigs/{}:search", true, "safe"},
		{"post", "", "/v1/documents:analyzeSentiment", true, "safe"},
		{"post", "", "/v1/operations/{}:cancel", true, ""},
		{"post", "", "/v1/projects/{}/documents:batchCreate", true, ""},
		{"post", "", "/v1/documents:analyzeAndSend", true, ""},
		{"post", "", "/v1/instances/{}:start", true, ""},
		{"post", "", "/api/projects/{}/analyze", true, ""},
		{"post", "", "/v1/{}:{}", true, ""},
		{"get", "api.example.com/v1/orders/create", "", true, "medium"},
		{"get", "api.example.com/v1/orders/create", "", false, "unknown"},
		{"get", "", "/payments/{}/pay", true, "critical"},
		{"get", "sms.example.com/api/send-sms", "", true, "high"},
		{"get", "api.example.com/v1/jobs/run", "", true, "unknown"},
		{"get", "api.example.com/v1/orders", "", true, ""},
		// A GET outside the program whose path or query names an action
		// is never a read: read as the action, or unknown.
		{"get", "", "/api/v1/orders/cancel", true, "unknown"},
		{"get", "", "/v1/charges/{}/charge", true, "critical"},
		{"get", "", "/pay/{}", true, "critical"},
		{"get", "", "/v1/files/delete", true, "unknown"}, // a deletion is safe by name: left unknown, not safe
		{"get", "", "/users/{}", true, ""},               // a plain GET stays a read
		{"get", "api.example.com/users", "", true, ""},
		// A verb before the last segment: not a read, and not read as the
		// action either (/send/history may read history).
		{"get", "api.example.com/create/user", "", true, "unknown"},
		{"get", "", "/v1/send-payment/{}/status", true, "unknown"},
		{"get", "", "/api/send/history", true, "unknown"},
		{"get", "", "/post/{}/comments", true, ""},     // post, mail, push…: resources' names too
		{"get", "", "/users/{}/orders", true, ""},      // no verb anywhere
		{"get", "", "/accounts/{}/payments", true, ""}, // "payments" is not "pay"
	} {
		e := effect.Effect{Kind: effect.KindHTTP, Op: tc.op, Target: tc.target, URLPath: tc.path, By: effect.ByCode}
		got := ""
		if r := HTTP(&e, tc.on); r != nil {
			got = r.Risk.String()
		}
		if got != tc.want {
			t.Errorf("HTTP(%s %s%s, on=%v) = %q, want %q", tc.op, tc.target, tc.path, tc.on, got, tc.want)
		}
	}
	for _, tc := range []struct {
		path, query string
		on          bool
		want, why   string // risk ("" for no reading), a part of the reason
	}{
		{"/v1/orders", "action=create&id={}", true, "medium", "inferred from the query ?action=create&id={}: a GET that names an action (action=create), not taken as a read; a creation"},
		{"/v1/orders", "action=create", false, "unknown", "names an action (action=create), not taken as a read"},
		{"/api", "action={}", true, "unknown", "a GET whose action (action) is set at run time, not taken as a read"},
		{"/api", "op=send-payment", true, "high", "names an action (op=send-payment)"},
		{"/api", "_method=delete", true, "unknown", "names an action (_method=delete)"},
		{"/services/rest", "method=photos.search&id={}", true, "", ""}, // names no action
		{"/users/{}", "fields=name,email", true, "", ""},               // not an action parameter
	} {
		e := effect.Effect{Kind: effect.KindHTTP, Op: "get", Target: "api.example.com" + tc.path, URLPath: tc.path, URLQuery: tc.query, By: effect.ByCode}
		got, why := "", ""
		if r := HTTP(&e, tc.on); r != nil {
			got, why = r.Risk.String(), r.Why
		}
		if got != tc.want || !strings.Contains(why, tc.why) {
			t.Errorf("HTTP(GET %s?%s, on=%v) = %q (%q), want %q (…%s…)", tc.path, tc.query, tc.on, got, why, tc.want, tc.why)
		}
	}
	rated := effect.Effect{Kind: effect.KindHTTP, Op: "post", Target: "api.example.com/search", By: effect.ByModel}
	if r := HTTP(&rated, true); r != nil {
		t.Errorf("an endpoint the catalog rates is not read by its path: %+v", r)
	}
}

func TestApplyAndRaw(t *testing.T) {
	unknown := effect.Effect{Kind: effect.KindDynamic, Op: effect.OpCall, Target: "(x.Store).CreateOrder", Risk: effect.Unknown,
		Detail: "calls it", Path: []effect.Hop{{Pos: "a.go:1:1", Func: "h"}}, Exec: effect.NoExec,
		Reading: &effect.Reading{Kind: effect.KindDBWrite, Op: effect.OpInsert, Risk: effect.Medium, Why: "inferred from the name (x.Store).CreateOrder: a creation"}}
	post := effect.Effect{Kind: effect.KindHTTP, Op: "post", Target: "es.example.com/_search", Risk: effect.High, By: effect.ByCode,
		Path: []effect.Hop{{Pos: "a.go:2:1", Func: "h"}}, Exec: effect.NoExec}
	in := []effect.Effect{unknown, post}
	out := Apply(in, true, nil)
	if out[0].Risk != effect.Medium || out[0].By != effect.ByName || out[1].Risk != effect.Safe || out[1].By != effect.ByName {
		t.Fatalf("applied: %+v", out)
	}
	if !strings.HasPrefix(out[0].Detail, "inferred from the name") || !strings.HasSuffix(out[0].Detail, "; calls it") {
		t.Errorf("detail %q", out[0].Detail)
	}
	if again := Apply(out, true, nil); again[0].Detail != out[0].Detail || again[1].Detail != out[1].Detail {
		t.Errorf("applying twice changed the effects: %+v", again)
	}
	raw := effect.RawAll(out)
	for _, e := range raw {
		switch e.Kind {
		case effect.KindDynamic:
			if e.Risk != effect.Unknown || e.By != "" || e.Detail != "calls it" || e.Reading == nil || e.Reading.Was != nil {
				t.Errorf("raw unknown: %+v", e)
			}
		case effect.KindHTTP:
			if e.Risk != effect.High || e.By != effect.ByCode || e.Reading != nil {
				t.Errorf("raw post: %+v", e)
			}
		}
	}
	risks := func(effs []effect.Effect) string {
		var out []string
		for _, e := range effs {
			out = append(out, e.Kind+" "+e.Risk.String())
		}
		return strings.Join(out, ", ")
	}
	if off := risks(Apply(in, false, nil)); off != "http high, dynamic_call unknown" {
		t.Errorf("with inference off: %s", off)
	}
	if deferred := risks(Apply(in, true, func(e *effect.Effect) bool { return e.Kind == effect.KindDynamic })); deferred != "dynamic_call unknown, http safe" {
		t.Errorf("deferred: %s", deferred)
	}
	if c := effect.Confidence(out); c != effect.ConfidenceMedium {
		t.Errorf("confidence %s, want medium", c)
	}
}

// TestSelfReturningSetter: a setter returning its receiver's type, or an
// interface the receiver implements, is a changed copy in memory even when
// it can fail; one returning something else is still read as a set.
func TestSelfReturningSetter(t *testing.T) {
	pkg := types.NewPackage("example.org/events", "events")
	iface := types.NewInterfaceType([]*types.Func{types.NewFunc(token.NoPos, pkg, "EventID", sig(nil, str))}, nil).Complete()
	pdu := types.NewNamed(types.NewTypeName(token.NoPos, pkg, "PDU", nil), iface, nil)
	ev := types.NewNamed(types.NewTypeName(token.NoPos, pkg, "event", nil), types.NewStruct(nil, nil), nil)
	ev.AddMethod(types.NewFunc(token.NoPos, pkg, "EventID", types.NewSignatureType(types.NewVar(token.NoPos, pkg, "e", types.NewPointer(ev)), nil, nil, nil, types.NewTuple(types.NewParam(token.NoPos, nil, "", str)), false)))
	method := func(recv types.Type, res ...types.Type) *types.Signature {
		var rs []*types.Var
		for _, r := range res {
			rs = append(rs, types.NewParam(token.NoPos, nil, "", r))
		}
		return types.NewSignatureType(types.NewVar(token.NoPos, pkg, "r", recv), nil, nil,
			types.NewTuple(types.NewParam(token.NoPos, nil, "", types.NewInterfaceType(nil, nil))), types.NewTuple(rs...), false)
	}
	for _, tc := range []struct {
		name string
		sig  *types.Signature
		want string
	}{
		{"copy as an interface it implements", method(types.NewPointer(ev), pdu, errType), "dynamic_call/read/safe"},
		{"copy of its own type", method(types.NewPointer(ev), types.NewPointer(ev), errType), "dynamic_call/read/safe"},
		{"an error only", method(types.NewPointer(ev), errType), "db_write/set/safe"},
	} {
		r := Read(Call{Name: "SetUnsigned", Recv: "*events.event", Pkg: pkg.Path(), Sig: tc.sig})
		got := ""
		if r != nil {
			got = r.Kind + "/" + r.Op + "/" + r.Risk.String()
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
