package infer

import (
	"slices"
	"strings"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

// HTTP reads an HTTP call by its method and URL: a POST whose last path
// segment is a query (…/search, …/_search, …/lookup) is a read; a GET (or
// HEAD) whose last constant segment names an action (/create, /pay,
// /send), or whose query does (?action=create, getAction), is not: it is
// read as a call of that name with a payload, or left unknown when no rule
// reads the action, when the action is set at run time, or when on (name
// inference) is off. nil when the URL says nothing, and for calls the
// catalog rates (By model).
func HTTP(e *effect.Effect, on bool) *effect.Reading {
	t, err := names()
	if err != nil || e.Kind != effect.KindHTTP || e.By == effect.ByModel || e.By == effect.ByConfig || e.HTTPSet == effect.RuleTokenGrant {
		return nil // the code decided a token request (summary/tokengrant.go)
	}
	p := urlPath(e)
	segs := segments(p)
	switch e.Op {
	case "post":
		if e.GraphQL {
			return graphQL(e)
		}
		if e.RPCMethod != "" {
			return t.rpcMethod(e, on)
		}
		if e.Completion {
			if tail := pathTail(p, t.HTTP.CompletionPaths); tail != "" {
				return &effect.Reading{Kind: effect.KindHTTP, Op: e.Op, Risk: effect.Safe, Path: true,
					Why: "the path " + shortPath(p) + " is a language model's completion endpoint (" + tail + ") and the body asks a model: a second delivery asks again, nothing is created at the provider"}
			}
		}
		if on && e.TextBody && e.ResponseRead {
			if seg, at := t.computePath(e); seg != "" {
				return &effect.Reading{Kind: effect.KindHTTP, Op: e.Op, Risk: effect.Safe, Path: true,
					Why: "the path " + at + " names what is computed from the texts the body sends (" + seg + ") and the response is read: a computation, a second delivery computes again, read"}
			}
		}
		if tail := t.credentialPath(p); tail != "" && (e.TokenGrant == "" || e.TokenGrant == "?") {
			// (a form whose grant the code reads and does not take as
			// repeatable, authorization_code, is not read by its path)
			return &effect.Reading{Kind: effect.KindHTTP, Op: e.Op, Risk: effect.Safe, Path: true,
				Why: "the path " + shortPath(p) + " is a token endpoint (" + tail + "): a POST there exchanges a credential for a short-lived token, and a second delivery only gets another one, nothing repeated for a person"}
		}
		if m, verb := t.customMethod(p); on && verb != "" {
			return &effect.Reading{Kind: effect.KindHTTP, Op: e.Op, Risk: effect.Safe, Path: true,
				Why: "inferred from the path " + shortPath(p) + ": a custom method (:" + m + ") that " + verb + ": a second delivery asks again, nothing is created for a person, read"}
		}
		if r := t.download(e, p, segs, on); r != nil {
			return r
		}
		if len(segs) == 0 {
			return nil
		}
		last := segs[len(segs)-1]
		if on && (t.query[last] || t.query[firstWord(last)] || t.query[lastWord(last)] || queryTail(t.query, last) || hasSuffix(last, t.HTTP.QuerySuffixes) || t.phrase(last)) {
			return &effect.Reading{Kind: effect.KindHTTP, Op: e.Op, Risk: effect.Safe, Path: true,
				Why: "inferred from the path " + shortPath(p) + ": a POST that queries (" + last + "), read"}
		}
	case "get", "head":
		return t.getAction(e, p, segs, on)
	case effect.OpSet:
		if e.HTTPSet == effect.RuleMergePatchSet {
			return t.setAction(e, p, segs, "patch", "a PATCH there is not read as a set, whatever its body")
		}
	case effect.OpDelete:
		if e.HTTPSet == effect.RuleDeleteByID {
			return t.setAction(e, p, segs, effect.OpDelete, "a DELETE there is not read as an idempotent removal")
		}
	}
	return nil
}

// download reads a POST whose response's body the function that sends it
// returns (Effect.ReturnedBy), in a function whose name starts with a verb
// that gets a document for its caller (HTTP.DownloadVerbs:
// DownloadReport, FetchInvoicePDF): the POST is how the document is asked
// for (a form posted back to the page it came from, a report generated
// from a query), a read, by name. Not when another word of the name acts
// (DownloadAndSend, FetchOrCreate), nor when a constant path segment names
// an action (…/orders/create), nor with on off. nil otherwise.
func (t *table) download(e *effect.Effect, p string, segs []string, on bool) *effect.Reading {
	if !on || e.ReturnedBy == "" {
		return nil
	}
	name := t.unqualified(words(e.ReturnedBy))
	if len(name) == 0 || !t.fetch[name[0]] {
		return nil
	}
	for _, w := range name[1:] {
		if t.action[w] || t.writers[w] || t.prefix[w] {
			return nil
		}
	}
	for _, s := range segs {
		if t.action[s] || t.action[firstWord(s)] || t.prefix[firstWord(s)] {
			return nil
		}
	}
	at := ""
	if p != "" {
		at = " to " + shortPath(p)
	}
	return &effect.Reading{Kind: effect.KindHTTP, Op: e.Op, Risk: effect.Safe, Path: true,
		Why: "inferred from the function " + e.ReturnedBy + ", which returns this POST's response body" + at +
			": the POST asks for what the name says it gets (" + strings.Join(name, " ") + "), a second delivery gets it again, read"}
}

// customMethod reads the custom method a path's last segment ends with
// (AIP-136's resource:verb, Azure AI's documentModels/{}:analyze, Google
// Cloud Vision's images:annotate): its name and what it does when its
// first word is a query (query_segments: :search) or a computation
// (compute_methods: :analyze, :annotate, :embedContent); "" otherwise,
// and for a name with an action's word anywhere (:batchCreate,
// :analyzeAndSend), which the rules above read as a write.
func (t *table) customMethod(p string) (name, does string) {
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	last := p[strings.LastIndexByte(p, '/')+1:]
	i := strings.LastIndexByte(last, ':')
	if i < 0 || i+1 == len(last) || strings.ContainsAny(last[i+1:], "{}") {
		return "", ""
	}
	name = last[i+1:]
	ws := words(name)
	if len(ws) == 0 {
		return "", ""
	}
	for _, w := range ws {
		if t.action[w] || t.prefix[w] {
			return "", ""
		}
	}
	switch {
	case t.query[ws[0]]:
		return name, "queries"
	case t.methods[ws[0]]:
		return name, "computes a result from what it is sent"
	}
	return "", ""
}

// computePath is the segment (HTTP.ComputeSegments) that each of the
// POST's path patterns (URLPath, or every one of URLPaths) names what is
// computed from texts by, and the path it is read in: /entities,
// /embeddings/{kind}. "" when a path names none, or names an action too
// (/entities/create): a path that acts is not a computation.
func (t *table) computePath(e *effect.Effect) (seg, at string) {
	paths := e.URLPaths
	if e.URLPath != "" {
		paths = []string{e.URLPath}
	}
	if len(paths) == 0 {
		return "", ""
	}
	for _, p := range paths {
		found := ""
		for _, s := range segments(p) {
			if t.action[s] || t.action[firstWord(s)] || t.prefix[firstWord(s)] {
				return "", ""
			}
			if found == "" && t.compute[s] {
				found = s
			}
		}
		if found == "" || seg != "" && found != seg {
			return "", ""
		}
		seg = found
	}
	at = shortPath(paths[0])
	if len(paths) > 1 {
		at = strings.Join(paths, ", ")
	}
	return seg, at
}

// setAction keeps a PATCH the summary read as a set (a JSON merge patch to
// an identified resource, effect.RuleMergePatchSet), or a DELETE it read
// as an idempotent removal (effect.RuleDeleteByID), the outbound write it
// is (op, high) when a constant segment of its path names an action
// (…/send/{id}, …/cancel-order/{id}): the verbs that make a GET's path an
// action before its last segment (HTTP.ActionPrefixes; the id is the
// last), whatever on says. nil when none does.
func (t *table) setAction(e *effect.Effect, p string, segs []string, op, not string) *effect.Reading {
	for _, s := range segs {
		if t.prefix[s] || t.prefix[firstWord(s)] {
			return &effect.Reading{Kind: effect.KindHTTP, Op: op, Risk: effect.High, Path: true,
				Why: "the path " + p + " names an action (" + s + "): " + not}
		}
	}
	return nil
}

// getAction reads a GET (or HEAD) whose last constant path segment, or
// whose query's action parameter, names an action: not a read. The action
// is read as a call of that name with a payload, in the context of the
// path's other segments; it stays unknown when no rule reads it, when on
// (name inference) is off, or when the query's action is set at run time.
// nil when neither names an action.
func (t *table) getAction(e *effect.Effect, p string, segs []string, on bool) *effect.Reading {
	action, named, where := "", "", ""
	var others []string
	if len(segs) > 0 {
		last := segs[len(segs)-1]
		for _, s := range []string{last, firstWord(last)} {
			if t.action[s] {
				action, named, where = s, last, "the path "+shortPath(p)
				for _, s := range segs[:len(segs)-1] {
					others = append(others, words(s)...)
				}
				break
			}
		}
	}
	dynamicParam := ""
	if action == "" {
		param, value, act := t.queryAction(e.URLQuery)
		switch {
		case param == "":
			return t.prefixAction(e, p, segs)
		case act == "":
			dynamicParam = param
		default:
			action = act
		}
		named, where = param+"="+value, "the query "+shortQuery(e.URLQuery)
		if dynamicParam != "" {
			named = param + "=…"
		}
		for _, s := range segs {
			others = append(others, words(s)...)
		}
	}
	why := "a " + strings.ToUpper(e.Op) + " that names an action (" + named + "), not taken as a read"
	if dynamicParam != "" {
		why = "a " + strings.ToUpper(e.Op) + " whose action (" + dynamicParam + ") is set at run time, not taken as a read"
	}
	r := &effect.Reading{Kind: effect.KindHTTP, Op: e.Op, Risk: effect.Unknown, Path: true,
		Why: where + " is " + why}
	if dynamicParam != "" {
		return r
	}
	name := words(named)
	if _, v, isParam := strings.Cut(named, "="); isParam {
		name = words(v)
	}
	if len(name) == 0 || name[0] != strings.TrimPrefix(action, "_") {
		name = []string{action}
	}
	if ru, _, _, _ := t.find(name, shape{payload: true, io: true}, func(rest []string) []string {
		return append(rest, others...)
	}); on && ru != nil && ru.risk != effect.Safe {
		r.Risk = ru.risk
		r.Why = "inferred from " + where + ": " + why + "; " + ru.Why
	}
	return r
}

// prefixAction reads a GET (or HEAD) whose path names an action verb
// before its last segment (/create/user): not a read, left unknown — the
// segments after the verb may make it one (/send/history), which a
// reviewer decides, not the name rules. nil when no segment is such a verb.
func (t *table) prefixAction(e *effect.Effect, p string, segs []string) *effect.Reading {
	for i := len(segs) - 2; i >= 0; i-- {
		for _, s := range []string{segs[i], firstWord(segs[i])} {
			if t.prefix[s] {
				return &effect.Reading{Kind: effect.KindHTTP, Op: e.Op, Risk: effect.Unknown, Path: true,
					Why: "the path " + shortPath(p) + " is a " + strings.ToUpper(e.Op) + " that names an action (" + segs[i] +
						") before its last segment, not taken as a read"}
			}
		}
	}
	return nil
}

// queryAction finds, in a URL's query pattern, a parameter that names
// the request's action (HTTP.ActionParams): its name, its value, and the
// action the value names ("" when the value is set at run time: a {} in
// it). param is "" when no such parameter names an action: a constant
// value whose words name none (?method=photos.search) is not one.
func (t *table) queryAction(q string) (param, value, action string) {
	for _, kv := range strings.Split(q, "&") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || !t.params[strings.ToLower(strings.TrimPrefix(k, "_"))] {
			continue
		}
		if strings.Contains(v, "{}") {
			return k, v, ""
		}
		ws := words(v)
		if len(ws) == 0 {
			continue
		}
		for _, w := range []string{ws[0], ws[len(ws)-1]} {
			if t.action[w] {
				return k, v, w
			}
		}
	}
	return "", "", ""
}

// shortQuery is a query pattern cut to a readable length.
func shortQuery(q string) string {
	if len(q) > 40 {
		return "?" + q[:40] + "…"
	}
	return "?" + q
}

// urlPath is the path of an HTTP effect's URL: its pattern, else the path
// part of its host-and-path target.
func urlPath(e *effect.Effect) string {
	if e.URLPath != "" {
		return e.URLPath
	}
	if i := strings.IndexByte(e.Target, '/'); i >= 0 {
		return e.Target[i:]
	}
	return ""
}

// segments are a path's constant segments, lower-case ({} placeholders
// left out).
func segments(p string) []string {
	var out []string
	for _, s := range strings.Split(p, "/") {
		if s == "" || strings.Contains(s, "{") {
			continue
		}
		out = append(out, strings.ToLower(s))
	}
	return out
}

// firstWord is a segment's first word: create-order → create, send_sms →
// send; a segment that starts with "_" (Elasticsearch's _search) keeps it.
func firstWord(seg string) string {
	lead := ""
	if strings.HasPrefix(seg, "_") {
		lead, seg = "_", seg[1:]
	}
	if i := strings.IndexAny(seg, "-_."); i > 0 {
		seg = seg[:i]
	}
	return lead + seg
}

// shortPath is "…/" and the last two segments of a long path.
func shortPath(p string) string {
	parts := strings.Split(strings.Trim(p, "/"), "/")
	if len(parts) <= 2 {
		return p
	}
	return "…/" + strings.Join(parts[len(parts)-2:], "/")
}

// hasSuffix reports whether a segment is a compound word ending in one of
// suffixes (longer than the suffix itself).
func hasSuffix(seg string, suffixes []string) bool {
	for _, x := range suffixes {
		if len(seg) > len(x) && strings.HasSuffix(seg, x) {
			return true
		}
	}
	return false
}

// phrase reports whether a segment, its separators left out, is or ends
// in one of the look-up services' names of several words (HTTP.QueryPhrases:
// ssntrace, ssn-trace, person_skip_trace).
func (t *table) phrase(seg string) bool {
	glued := strings.NewReplacer("-", "", "_", "", ".", "").Replace(seg)
	for _, ph := range t.phrases {
		if strings.HasSuffix(glued, ph) {
			return true
		}
	}
	return false
}

// lastWord is a segment's last word: customers-search → search.
func lastWord(seg string) string {
	if i := strings.LastIndexAny(seg, "-_."); i >= 0 && i+1 < len(seg) {
		return seg[i+1:]
	}
	return seg
}

// queryTail reports whether a segment written as one word ends in a query
// word (federalcriminalsearch, addresslookup): APIs that glue their words
// together still end them with the verb. Only query words of six letters
// or more count, so that a noun ending in a short one (discount, refind)
// is not taken for a query.
func queryTail(query map[string]bool, seg string) bool {
	for q := range query {
		q = strings.TrimPrefix(q, "_")
		if len(q) >= 6 && len(seg) > len(q) && strings.HasSuffix(seg, q) && !strings.ContainsAny(seg, "-_.") {
			return true
		}
	}
	return false
}

// rpcMethod reads a JSON-RPC request sent as a POST by its method: a
// method the rules read as a read (chain_get_block, eth_getBalance, read
// after its namespace) or one of HTTP.RPCReads (eth_call) is a read, with
// on. Any other method (eth_sendRawTransaction, account_put_deploy, a
// name no rule reads) leaves the POST as the code shows it: nil.
func (t *table) rpcMethod(e *effect.Effect, on bool) *effect.Reading {
	m := e.RPCMethod
	if !on {
		return nil
	}
	why := ""
	if t.rpcRead[strings.ToLower(m)] {
		why = "a method that reads"
	} else {
		names := [][]string{words(m)}
		if i := strings.IndexAny(m, "_."); i > 0 && i < len(m)-1 {
			names = append(names, words(m[i+1:])) // after the namespace (eth_, chain_)
		}
		for _, name := range names {
			name = t.unqualified(name)
			if len(name) == 0 {
				continue
			}
			r, _, _, _ := t.find(name, shape{payload: true, data: true, io: true}, func(rest []string) []string { return rest })
			if r == nil {
				continue
			}
			if r.Effect.Kind == "read" && r.Effect.Op == effect.OpRead && r.risk == effect.Safe {
				why = r.Why
			}
			break // a rule read it: a write, or something else, is no read
		}
	}
	if why == "" {
		return nil
	}
	proto := "JSON-RPC method "
	if e.SOAP {
		proto = "SOAP operation "
	}
	return &effect.Reading{Kind: effect.KindHTTP, Op: e.Op, Risk: effect.Safe, Path: true,
		Why: "inferred from the " + proto + m + ": " + why + " (a POST that queries), read"}
}

// graphQL reads a POST whose body is a GraphQL request by its operation
// (Effect.RPCMethod): a query is a read (the GraphQL specification: "query
// – a read-only fetch"); a mutation, a subscription (a stream the server
// opens, no read over a POST), a document of mixed or unknown operations,
// and query text set at run time leave the POST as the code shows it: nil.
func graphQL(e *effect.Effect) *effect.Reading {
	if e.RPCMethod != "query" {
		return nil
	}
	return &effect.Reading{Kind: effect.KindHTTP, Op: e.Op, Risk: effect.Safe, Path: true,
		Why: "the body is a GraphQL query (not a mutation): a read-only fetch, read"}
}

// RepeatableGrant reports whether an OAuth2 token request with this
// grant type repeats harmlessly (HTTP.TokenGrants): the same credential
// gets another access token.
func RepeatableGrant(grant string) bool {
	t, err := names()
	return err == nil && slices.Contains(t.HTTP.TokenGrants, grant)
}

// credentialPath is the HTTP.CredentialPaths tail the path p ends with
// ({} in a tail matches any one segment; a tail starting with / is the
// whole path), "" when none.
func (t *table) credentialPath(p string) string {
	return pathTail(p, t.HTTP.CredentialPaths)
}

// pathTail is the tail of tails the path p ends with ({} in a tail
// matches any one segment; a tail starting with / is the whole path), ""
// when none.
func pathTail(p string, tails []string) string {
	if p == "" {
		return ""
	}
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	segs := strings.Split(strings.Trim(p, "/"), "/")
	for _, tail := range tails {
		want := strings.Split(strings.Trim(tail, "/"), "/")
		whole := strings.HasPrefix(tail, "/")
		if len(want) > len(segs) || whole && len(want) != len(segs) {
			continue
		}
		got := segs[len(segs)-len(want):]
		ok := true
		for i, w := range want {
			if w != "{}" && !strings.EqualFold(w, got[i]) || w == "{}" && got[i] == "" {
				ok = false
				break
			}
		}
		if ok {
			return tail
		}
	}
	return ""
}
