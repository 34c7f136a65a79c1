package analyzer_test

import (
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer/effect"
	"github.com/jobeffects/jobeffects/analyzer/result"
)

// TestNameInference: calls nothing follows are read by their names; the
// code and the catalog decide before any name does.
func TestNameInference(t *testing.T) {
	res := defaults.run(t, "example.org/ordersdk", "example.org/notes", "inferfix")[2]
	got := map[string]*result.Handler{}
	for _, h := range res.Handlers {
		got[h.Name] = h
	}
	for _, tc := range []struct {
		handler, risk, confidence string
		by                        []string // each effect's By, worst first
	}{
		{"(*inferfix.Deps).Create", "high", "medium", []string{"name"}},
		{"(*inferfix.Deps).Welcome", "high", "medium", []string{"name"}},
		{"(*inferfix.Deps).Read", "safe", "medium", []string{"name"}},
		{"(*inferfix.Deps).Balance", "unknown", "low", []string{""}},
		{"(*inferfix.Deps).Token", "high", "high", []string{"code", ""}},
		{"(*inferfix.Deps).FindAndInc", "medium", "high", []string{"model"}},
		{"inferfix.Search", "safe", "medium", []string{"name"}},
		{"inferfix.CreateByGet", "medium", "medium", []string{"name"}},
		{"(*inferfix.Deps).Bulk", "high", "medium", []string{"name"}},
		{"inferfix.Session", "safe", "medium", []string{"name", "name", "name"}},
		{"inferfix.Pages", "unknown", "low", []string{""}},
		{"inferfix.Note", "high", "medium", []string{"name"}},
		// A GET outside the program: a plain read stays one; one whose
		// path or query names an action is read as the action, or
		// unknown when the action is set at run time (never safe).
		{"inferfix.GetUser", "safe", "high", []string{"code"}},
		{"inferfix.PayByGet", "critical", "medium", []string{"name"}},
		{"inferfix.CreateByQuery", "medium", "medium", []string{"name"}},
		{"inferfix.ActionByQuery", "unknown", "low", []string{""}},
		{"inferfix.CreateUserByGet", "unknown", "low", []string{""}},
		{"inferfix.CommentsByGet", "safe", "high", []string{"code"}},
		// A POST to a look-up service's name of several words is a
		// read; "trace" alone is no look-up.
		{"inferfix.SSNTrace", "safe", "medium", []string{"name"}},
		{"inferfix.Traces", "high", "high", []string{"code"}},
		{"inferfix.StackTrace", "high", "high", []string{"code"}},
		// A number that is a time to wait names no one: the caller's
		// connection closed; a user's id does.
		{"inferfix.Quiesce", "safe", "medium", []string{"name"}},
		{"inferfix.Kick", "unknown", "low", []string{""}},
		// A JSON-RPC request is read by its method: reads by name; a
		// write, a method set at run time or a body without jsonrpc stays
		// the POST.
		{"inferfix.RPCBlock", "safe", "medium", []string{"name"}},
		{"inferfix.RPCBalance", "safe", "medium", []string{"name"}},
		{"inferfix.RPCCall", "safe", "medium", []string{"name"}},
		{"inferfix.RPCMap", "safe", "medium", []string{"name"}},
		{"inferfix.RPCSend", "high", "high", []string{"code"}},
		{"inferfix.RPCPut", "high", "high", []string{"code"}},
		{"inferfix.RPCDynamic", "high", "high", []string{"code"}},
		{"inferfix.NotRPC", "high", "high", []string{"code"}},
		// A SOAP request is read by its operation, the Body's element
		// (its type's XMLName, its type's name, the content field's tag,
		// or a generic helper's type argument); an operation that acts or
		// an XML body without an envelope stays the POST.
		{"inferfix.SOAPConsult", "safe", "medium", []string{"name"}},
		{"inferfix.SOAPStatus", "safe", "medium", []string{"name"}},
		{"inferfix.SOAPListInvoices", "safe", "medium", []string{"name"}},
		{"inferfix.SOAPSend", "high", "high", []string{"code"}},
		{"inferfix.SOAPCreate", "high", "high", []string{"code"}},
		{"inferfix.NotSOAP", "high", "high", []string{"code"}},
		// A POST whose response's body a Download/Fetch function returns
		// is a read; a name that acts, a response discarded or copied
		// elsewhere stays the POST.
		{"inferfix.PreviewReport", "safe", "medium", []string{"code", "name"}},
		{"inferfix.InvoicePDF", "safe", "medium", []string{"name"}},
		{"inferfix.SubmitReportJob", "high", "high", []string{"code"}},
		{"inferfix.FetchOrCreateJob", "high", "high", []string{"code"}},
		{"inferfix.DownloadPingJob", "high", "high", []string{"code"}},
		{"inferfix.DownloadIntoJob", "high", "high", []string{"code", "", "model"}},
		// A language model's completion endpoint with a body that asks a
		// model is safe; a form's /responses or a fine-tuning job is not.
		{"inferfix.LLMResponses", "safe", "medium", []string{"name"}},
		{"inferfix.LLMChat", "safe", "medium", []string{"name"}},
		{"inferfix.SurveyResponse", "high", "high", []string{"code"}},
		{"inferfix.FineTune", "high", "high", []string{"code"}},
		// A creation whose "already exists" failure a caller takes as
		// success is a create-if-absent; one tolerating a timeout, or
		// returning the duplicate, stays a creation.
		{"(*inferfix.Deps).CreateIfAbsent", "safe", "medium", []string{"name"}},
		{"(*inferfix.Deps).CreateTolerant", "high", "medium", []string{"name"}},
		{"(*inferfix.Deps).CreateDupFails", "high", "medium", []string{"name"}},
	} {
		h := got[tc.handler]
		if h == nil {
			t.Errorf("%s: not found", tc.handler)
			continue
		}
		var by []string
		for _, e := range h.Effects {
			by = append(by, e.By)
		}
		if h.Risk.String() != tc.risk || effect.Confidence(h.Effects) != tc.confidence || !equalStrings(by, tc.by) {
			t.Errorf("%s: risk %s, confidence %s, by %q; want %s, %s, %q", tc.handler, h.Risk, effect.Confidence(h.Effects), by, tc.risk, tc.confidence, tc.by)
		}
	}
	// The unknown says why.
	if h := got["inferfix.ActionByQuery"]; h == nil || len(h.Effects) != 1 ||
		!strings.Contains(h.Effects[0].Detail, "the query ?action={} is a GET whose action (action) is set at run time, not taken as a read") {
		t.Errorf("ActionByQuery: %+v", h)
	}
	if h := got["inferfix.RPCBlock"]; h == nil || len(h.Effects) != 1 ||
		!strings.Contains(h.Effects[0].Detail, "inferred from the JSON-RPC method chain_get_block: a read returning data (a POST that queries), read") {
		t.Errorf("RPCBlock: %+v", h)
	}
	if h := got["inferfix.SOAPConsult"]; h == nil || len(h.Effects) != 1 ||
		!strings.Contains(h.Effects[0].Detail, "inferred from the SOAP operation consultarDocumento: a read returning data (a POST that queries), read") {
		t.Errorf("SOAPConsult: %+v", h)
	}
	if h := got["inferfix.PreviewReport"]; h == nil || len(h.Effects) != 2 ||
		!strings.Contains(h.Effects[1].Detail, "inferred from the function DownloadReport, which returns this POST's response body: the POST asks for what the name says it gets (download report)") {
		t.Errorf("PreviewReport: %+v", h)
	}
	if h := got["inferfix.CreateUserByGet"]; h == nil || len(h.Effects) != 1 ||
		!strings.Contains(h.Effects[0].Detail, "names an action (create) before its last segment, not taken as a read") {
		t.Errorf("CreateUserByGet: %+v", h)
	}
}

// TestStrictKeepsUnknown: -strict applies no reading.
func TestStrictKeepsUnknown(t *testing.T) {
	stricts.run(t, "example.org/ordersdk", "inferstrict")
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestCallbackLibraries: an errgroup's and a backoff's functions are run
// (their effects are the handler's), OpenAI's Responses API and Gen AI's
// embeddings are safe, a Faktory batch is an enqueue, copier.Copy has the
// effects of the methods named after fields it calls (unknown when a
// value's type is not known).
func TestCallbackLibraries(t *testing.T) {
	runShared(t, "callbackfix")
}

// TestCommandLines: an exec.Cmd's run has the effect of its command line:
// the catalog's git subcommands, a program it does not list read by its
// subcommand's name.
func TestCommandLines(t *testing.T) {
	res := runShared(t, "cmdfix")[0]
	by := map[string]string{}
	for _, h := range res.Handlers {
		for _, e := range h.Effects {
			by[h.Name] += e.By + "/" + e.Risk.String() + " "
		}
	}
	for name, want := range map[string]string{
		"(*cmdfix.Repo).Head":       "model/safe ",
		"(*cmdfix.Repo).Edit":       "model/high model/medium ",
		"(*cmdfix.Builder).Compile": "name/safe ",
		"cmdfix.Script":             "/unknown ",
		"cmdfix.Info":               "name/safe ",
		"cmdfix.Images":             "name/safe ",
		"cmdfix.Format":             "/unknown ",
	} {
		if by[name] != want {
			t.Errorf("%s: effects by/risk %q, want %q", name, by[name], want)
		}
	}
}
