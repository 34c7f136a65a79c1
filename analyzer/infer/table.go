package infer

import (
	"bytes"
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/jobeffects/jobeffects/analyzer/effect"
)

//go:embed names.yaml
var tableYAML []byte

// table is names.yaml.
type table struct {
	Groups       map[string][]string `yaml:"groups"`
	WritesUnless []string            `yaml:"writes_unless"`
	// Qualifiers are words in front of the verb that do not change what
	// the call does (BulkInsert inserts).
	Qualifiers []string `yaml:"qualifiers"`
	Rules      []rule   `yaml:"rules"`
	Stores     []store  `yaml:"stores"`
	// Commands read a command line by its subcommand.
	Commands []command `yaml:"commands"`
	// OutputFlags are the options that name where a command writes its
	// output.
	OutputFlags []string `yaml:"output_flags"`
	// WaitParams are the words of a number parameter's name that make it
	// a time to wait (quiesce, timeout): it names nobody (rules' unnamed).
	WaitParams []string `yaml:"wait_params"`
	// Heartbeats says which database increments are a pass's telemetry
	// (infer.Telemetry).
	Heartbeats struct {
		// Tables are the words of a table's name that say it keeps
		// heartbeats (operation_heartbeats, job_telemetry).
		Tables []string `yaml:"tables"`
		// Counters are the last words of a column that counts passes
		// (success_count, run_total).
		Counters []string `yaml:"counters"`
		// Amounts are words of a column that make it a business
		// quantity, never telemetry (balance_count, usage_total).
		Amounts []string `yaml:"amounts"`
	} `yaml:"heartbeats"`
	HTTP struct {
		QuerySegments []string `yaml:"query_segments"`
		// QuerySuffixes end a compound segment written in one word
		// (extensionquery) that is a query.
		QuerySuffixes []string `yaml:"query_suffixes"`
		// QueryPhrases are look-up services' names of several words
		// (ssn trace) whose last word alone is no query: a segment that
		// ends in one, glued or with separators, is a query.
		QueryPhrases   []string `yaml:"query_phrases"`
		ActionSegments []string `yaml:"action_segments"`
		// ActionPrefixes are the verbs that, before a GET's last path
		// segment, say it acts (/create/user): left unknown, not read.
		ActionPrefixes []string `yaml:"action_prefixes"`
		// ActionParams are the query parameters whose value names what
		// the request does (?action=create, ?op=…).
		ActionParams []string `yaml:"action_params"`
		// RPCReads are JSON-RPC methods whose names have no verb the
		// rules read and that read (eth_call, eth_blockNumber).
		RPCReads []string `yaml:"rpc_reads"`
		// CredentialPaths are the path tails ({} any one segment) of
		// endpoints a POST to which exchanges a credential for a
		// short-lived token (OAuth's /oauth/token, a GitHub App's
		// installations/{}/access_tokens).
		CredentialPaths []string `yaml:"credential_paths"`
		// TokenGrants are the OAuth2 grant types whose token request
		// a client repeats at will (summary/tokengrant.go): a second
		// request with the same form gets another access token.
		TokenGrants []string `yaml:"token_grants"`
		// CompletionPaths are the path tails of language-model APIs'
		// completion endpoints (/v1/chat/completions, /v1/responses): a
		// POST there whose body asks a model (Effect.Completion) creates
		// nothing a second delivery would duplicate.
		CompletionPaths []string `yaml:"completion_paths"`
		// ComputeSegments are path segments that name what a service
		// computes from the texts a POST sends (/entities, /embeddings):
		// with a body of texts and its response read, a computation.
		ComputeSegments []string `yaml:"compute_segments"`
		// ComputeMethods are the verbs of custom methods (the last
		// segment's ":verb", AIP-136: documentModels/{}:analyze,
		// images:annotate) that compute a result from what the request
		// sends and create nothing a person sees.
		ComputeMethods []string `yaml:"compute_methods"`
		// DownloadVerbs are the first words of a function's name that
		// say it gets a document for its caller (DownloadReport): a
		// POST whose response's body that function returns is read as
		// a download (Effect.ReturnedBy).
		DownloadVerbs []string `yaml:"download_verbs"`
	} `yaml:"http"`

	group   map[string]map[string]bool // group → its words
	query   map[string]bool
	phrases []string // HTTP.QueryPhrases, glued (ssntrace)
	action  map[string]bool
	prefix  map[string]bool // HTTP.ActionPrefixes
	params  map[string]bool // HTTP.ActionParams
	rpcRead map[string]bool // HTTP.RPCReads, lower-case
	compute map[string]bool // HTTP.ComputeSegments
	methods map[string]bool // HTTP.ComputeMethods
	fetch   map[string]bool // HTTP.DownloadVerbs
	writers map[string]bool // verbs' first words of rules that write
	qualify map[string]bool // Qualifiers
	wait    map[string]bool // WaitParams
}

// rule is one reading of a call by its name and signature.
type rule struct {
	Verbs  []string `yaml:"verbs"`
	When   []string `yaml:"when"`
	Unless []string `yaml:"unless"`
	Shape  string   `yaml:"shape"`
	IO     bool     `yaml:"io"`
	// Pure asks for a signature without a context.Context parameter or
	// an error result (a constructor that cannot fail does no I/O).
	Pure bool `yaml:"pure"`
	// Self asks for a method whose first result is its receiver's type,
	// or an interface the receiver implements: it returns a changed copy
	// or the builder itself (an immutable value's SetX, a builder's
	// SetX), so the change stays in memory whatever its error says.
	Self bool `yaml:"self"`
	// Rest asks that the name's words after the verb, if any, all be
	// words of these groups (Close, CloseIdleConnections; not
	// CloseAccount, which closes an account).
	Rest []string `yaml:"rest"`
	// Unnamed asks for no parameter of a basic type other than bool: a
	// string or a number names whom or what the call acts on
	// (centrifuge's Node.Disconnect(userID) disconnects a user, not the
	// caller's connection).
	Unnamed bool `yaml:"unnamed"`
	// Phrase asks that the name's words after the verb hold one of these
	// phrases, word for word (InsertVectorWithId: "with id").
	Phrase []string `yaml:"phrase"`
	Effect struct {
		Kind string `yaml:"kind"`
		Op   string `yaml:"op"`
		Risk string `yaml:"risk"`
	} `yaml:"effect"`
	Why string `yaml:"why"`

	verbs   [][]string  // Verbs as words
	phrases [][]string  // Phrase as words
	risk    effect.Risk // Effect.Risk parsed
}

// command is one reading of a command line by its subcommand's first word.
type command struct {
	Verbs  []string `yaml:"verbs"`
	Effect struct {
		Kind string `yaml:"kind"`
		Op   string `yaml:"op"`
		Risk string `yaml:"risk"`
	} `yaml:"effect"`
	Why string `yaml:"why"`

	risk effect.Risk
}

// store says what a generic write or read is in a context.
type store struct {
	When  []string          `yaml:"when"`
	Write string            `yaml:"write"`
	Read  string            `yaml:"read"`
	Ops   map[string]string `yaml:"ops"`
	// Risk raises the risk of the store's non-idempotent writes (an
	// HTTP API's creation is a POST to another party: high).
	Risk string `yaml:"risk"`

	risk effect.Risk
}

// names returns the parsed table, parsed once (embedded data); an error
// (a broken names.yaml, which a test rules out) leaves inference off
// rather than failing the analysis.
var names = sync.OnceValues(func() (*table, error) { return parse(tableYAML) })

func parse(data []byte) (*table, error) {
	var t table
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("names.yaml: %v", err)
	}
	t.group = map[string]map[string]bool{}
	for name, ws := range t.Groups {
		t.group[name] = set(ws)
	}
	check := func(where string, groups []string) error {
		for _, g := range groups {
			if t.group[g] == nil {
				return fmt.Errorf("names.yaml: %s names group %q, which is not defined", where, g)
			}
		}
		return nil
	}
	if err := check("writes_unless", t.WritesUnless); err != nil {
		return nil, err
	}
	t.writers = map[string]bool{}
	for i := range t.Rules {
		r := &t.Rules[i]
		where := fmt.Sprintf("rule %d (%s)", i+1, r.Why)
		if err := check(where, append(append(append([]string(nil), r.When...), r.Unless...), r.Rest...)); err != nil {
			return nil, err
		}
		switch r.Shape {
		case "payload", "data", "accessor", "any":
		default:
			return nil, fmt.Errorf("names.yaml: %s: shape %q is not payload, data, accessor or any", where, r.Shape)
		}
		if r.IO && r.Pure {
			return nil, fmt.Errorf("names.yaml: %s: io and pure exclude each other", where)
		}
		risk, ok := effect.ParseRisk(r.Effect.Risk)
		if !ok {
			return nil, fmt.Errorf("names.yaml: %s: risk %q is not a risk", where, r.Effect.Risk)
		}
		r.risk = risk
		if k := r.Effect.Kind; k != "write" && k != "read" && !effect.ValidKind(k) {
			return nil, fmt.Errorf("names.yaml: %s: kind %q is not write, read or an effect kind", where, k)
		}
		if !effect.ValidOp(r.Effect.Op) {
			return nil, fmt.Errorf("names.yaml: %s: op %q is not an operation", where, r.Effect.Op)
		}
		if len(r.Verbs) == 0 && r.Shape != "accessor" && len(r.When) == 0 {
			return nil, fmt.Errorf("names.yaml: %s: no verbs (a rule without verbs is an accessor or names its context in when)", where)
		}
		for _, v := range r.Verbs {
			ws := words(v)
			r.verbs = append(r.verbs, ws)
			if risk != effect.Safe {
				t.writers[ws[0]] = true
			}
		}
		for _, ph := range r.Phrase {
			r.phrases = append(r.phrases, words(ph))
		}
	}
	for i := range t.Stores {
		s := &t.Stores[i]
		if err := check(fmt.Sprintf("store %d", i+1), s.When); err != nil {
			return nil, err
		}
		if s.Risk != "" {
			r, ok := effect.ParseRisk(s.Risk)
			if !ok {
				return nil, fmt.Errorf("names.yaml: store %d: risk %q is not a risk", i+1, s.Risk)
			}
			s.risk = r
		}
		if !effect.ValidKind(s.Write) || !effect.ValidKind(s.Read) {
			return nil, fmt.Errorf("names.yaml: store %d: write %q or read %q is not an effect kind", i+1, s.Write, s.Read)
		}
	}
	if n := len(t.Stores); n == 0 || len(t.Stores[n-1].When) != 0 {
		return nil, fmt.Errorf("names.yaml: the last store must have no when (the default)")
	}
	for i := range t.Commands {
		c := &t.Commands[i]
		risk, ok := effect.ParseRisk(c.Effect.Risk)
		if !ok || !effect.ValidKind(c.Effect.Kind) || !effect.ValidOp(c.Effect.Op) || len(c.Verbs) == 0 {
			return nil, fmt.Errorf("names.yaml: command %d (%s): needs verbs and a valid kind, op and risk", i+1, c.Why)
		}
		c.risk = risk
	}
	t.qualify = set(t.Qualifiers)
	t.wait = set(t.WaitParams)
	t.query = set(t.HTTP.QuerySegments)
	for _, ph := range t.HTTP.QueryPhrases {
		t.phrases = append(t.phrases, strings.ReplaceAll(ph, " ", ""))
	}
	t.action = set(t.HTTP.ActionSegments)
	t.prefix = set(t.HTTP.ActionPrefixes)
	t.params = set(t.HTTP.ActionParams)
	t.compute = set(t.HTTP.ComputeSegments)
	t.methods = set(t.HTTP.ComputeMethods)
	t.fetch = set(t.HTTP.DownloadVerbs)
	t.rpcRead = map[string]bool{}
	for _, m := range t.HTTP.RPCReads {
		t.rpcRead[strings.ToLower(m)] = true
	}
	return &t, nil
}

func set(ws []string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// within reports whether every one of the words is in one of the groups
// (true for no words).
func (t *table) within(ws []string, groups []string) bool {
	for _, w := range ws {
		if !t.touches([]string{w}, groups) {
			return false
		}
	}
	return true
}

// touches reports whether any of the words is in one of the groups.
func (t *table) touches(ctx []string, groups []string) bool {
	for _, g := range groups {
		for _, w := range ctx {
			if t.group[g][w] {
				return true
			}
		}
	}
	return false
}
