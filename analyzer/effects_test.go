package analyzer_test

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/jobeffects/jobeffects/analyzer"
	"github.com/jobeffects/jobeffects/analyzer/result"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestEffectKinds pins down the effect kinds of the non-SQL library models
// (net/http, net/smtp, Stripe, go-redis, os, os/exec), dynamic calls, and
// the unguarded and random-key diagnostics of handlers using them.
func TestEffectKinds(t *testing.T) {
	runShared(t, "effectkinds")
}

// TestSQLKinds pins down SQL classification through every executor API and
// every form the SQL text arrives in.
func TestSQLKinds(t *testing.T) {
	runShared(t, "sqlkinds")
}

// TestSequencesAreSafe: a number drawn from a sequence (nextval, a
// counter table stepped by one and returned) is a gap on a redelivery,
// not a duplicate; a counter that counts stays an increment.
func TestSequencesAreSafe(t *testing.T) {
	runShared(t, "seqfix")
}

// TestCapturedCallbackIsUnknown: a handler closure that calls a callback
// its enclosing function captured is unknown for that call, never safe.
func TestCapturedCallbackIsUnknown(t *testing.T) {
	res := runShared(t, "cbfix")
	if len(res) != 1 || len(res[0].Handlers) != 1 {
		t.Fatalf("want one handler, got %+v", res)
	}
	h := res[0].Handlers[0]
	var got []string
	for _, e := range h.Effects {
		got = append(got, e.Kind+"/"+e.Op+" "+e.Target+" "+e.Risk.String()+": "+e.Detail)
	}
	want := []string{"dynamic_call/call handler unknown: calls the function value handler it captured, which nothing resolves for a handler (the framework calls it)"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("effects of %s:\n%s\nwant:\n%s", h.Name, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestNATSReplyIsSafe: a reply to a request's inbox is taken once by the
// requester; a publish to a subject is a duplicate message.
func TestNATSReplyIsSafe(t *testing.T) {
	runShared(t, "replyfix")
}

// TestObservabilityIsInert: logging, tracing, metrics and error reporting
// calls are not effects, and not unknown either.
func TestObservabilityIsInert(t *testing.T) {
	runShared(t, "obsfix")
}

// TestHTTPDetails: methods and URLs followed into helpers and SDKs.
func TestHTTPDetails(t *testing.T) {
	runShared(t, "apisdk/client", "httpfix")
}

// TestTokenGrantThroughWiredField: go vet's per-package answer on a
// client behind an interface-typed field its package wires
// (httpfix/tokengrant.go's TokenJobs): the implementation's method and
// body are the interface call's arguments, and a client-credentials form
// encoded in the handler is followed through the helper that makes the
// call, so the POST is a token request (safe) there as in the whole
// program; a refresh_token grant and a form without one stay high POSTs
// (before, all five were unknown: "request method not known
// statically").
func TestTokenGrantThroughWiredField(t *testing.T) {
	var got []string
	for _, res := range runShared(t, "httpfix") {
		for _, h := range res.Handlers {
			if !strings.HasPrefix(h.Task, "token:") {
				continue
			}
			line := h.Task + " " + h.Risk.String()
			for _, e := range h.Effects {
				line += " " + e.Kind + "/" + e.Op + " " + e.HTTPSet
			}
			got = append(got, line)
		}
	}
	sort.Strings(got)
	want := []string{
		"token:direct safe http/post http-token-grant",
		"token:direct-form high http/post ",
		"token:helper safe http/post http-token-grant",
		"token:helper-form high http/post ",
		"token:helper-refresh high http/post ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("handlers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestSaaSModels: Slack, mail, S3 (overwrite by key vs a generated key)
// and language-model SDK calls.
func TestSaaSModels(t *testing.T) {
	runShared(t, "sdkfix")
}

// TestObjectStores: a MinIO put under a key from the clock or a UUID is a
// new object (through a storage interface too), under the job's key an
// overwrite; Kinesis and Firehose puts append; JMESPath is in memory.
func TestObjectStores(t *testing.T) {
	runShared(t, "objstorefix")
}

// TestObjectKeysAcrossPackages: the key of an object package files writes
// is its caller's argument: built from the clock in package xpkgobj (by a
// static call, and through an interface xpkgobj wires to files'
// implementation) it makes a new object on every delivery; from the
// job's payload, an overwrite.
func TestObjectKeysAcrossPackages(t *testing.T) {
	runShared(t, "xpkgobj/files", "xpkgobj")
}

// TestDeviceCalls: a device shadow update repeats (high), its read is
// safe, an MQTT connect and disconnect repeat nothing, a WeChat
// subscription message reaches a person each time (high).
func TestDeviceCalls(t *testing.T) {
	runShared(t, "devicefix")
}

// TestEventBridgeStepFunctions: an EventBridge PutEvents publishes (Put in
// its name is no set); a Step Functions start dedupes by the execution name
// it is given — from the job guarded, from the clock random-key, none
// unguarded — and a Scheduler CreateSchedule by its schedule name.
func TestEventBridgeStepFunctions(t *testing.T) {
	runShared(t, "awsflowfix")
}

// TestLambdaInvokeUnknown: a Lambda Invoke is the invoked function's work,
// unknown per package (the whole program follows it into the Lambda
// handlers it registers: wholeprogram's TestLambdaInvoke).
func TestLambdaInvokeUnknown(t *testing.T) {
	runShared(t, "invokefix/external")
}

// TestLambdaOperations: the Lambda client's operations on the account's
// functions, as aws.yaml reads them (v1.88.5): CreateFunction and
// AddPermission fail on the duplicate (ResourceConflictException; the
// failure returned: duplicate-as-error, logged: nothing), a layer version
// is published anew on every call (unguarded), UpdateFunctionCode,
// PublishVersion, TagResource and PutFunctionConcurrency repeat nothing,
// DeleteFunction stays unknown (declared so).
func TestLambdaOperations(t *testing.T) {
	runShared(t, "lambdaopsfix")
}

// TestDynamoDBItems: a DynamoDB PutItem replaces the item its key
// attributes name (a set), but one whose PK, SK or id is built from the
// clock or a UUID is a new item per delivery (an insert) — statically,
// through the client's interface and through a clock wrapper; a clock in
// an attribute that is no key changes nothing.
func TestDynamoDBItems(t *testing.T) {
	runShared(t, "dynamofix")
}

// TestEnqueueEffects: starting and signalling workflows from a handler.
func TestEnqueueEffects(t *testing.T) {
	runShared(t, "enqueuefix")
}

// TestAsynqTaskIDKey: an asynq enqueue's stable TaskID guards it only
// with a delay or retention proven non-zero (a constant, or a variable
// set to one when zero), on the call or the task, directly or through an
// application's queue helper whose job struct carries ID and delay; no
// delay, a zero or unproven one, a random ID or none repeat.
func TestAsynqTaskIDKey(t *testing.T) {
	runShared(t, "asynqidfix")
}

// TestRiverUniqueArgs: a River enqueue deduplicated by its job args is
// keyed by them (guarded when they come from the job, random-key from a
// uuid or the time); without ByArgs, or with a custom ByState, it repeats.
func TestRiverUniqueArgs(t *testing.T) {
	runShared(t, "riveruniquefix")
}

// TestRiverUniqueArgsWrapper: a River insert through the application's
// exported wrapper, whose options or batch are its parameter, is keyed by
// what its callers pass: a batch or options unique by args with River's
// default states guard it; a ByState without completed, or no ByArgs,
// leave it unguarded.
func TestRiverUniqueArgsWrapper(t *testing.T) {
	runShared(t, "riveruniquewrap")
}

// TestInsertFromChange: an insert … select of only the rows its
// statement's data-modifying CTE changed (set-if-different update, delete,
// claim) writes once per change; a CTE that changes every run, or a union
// arm, repeats it.
func TestInsertFromChange(t *testing.T) {
	runShared(t, "changedfix")
}

// TestInsertFromReturnedIDs: an insert … select from unnest($1) of the
// ids a compare-and-set's RETURNING gave back to Go, scanned, appended and
// handed down through a struct field and pq.Array, in the update's
// transaction, writes once per change; ids of a plain select, of an
// update that changes every run, mixed with the job's own, or logged on
// another transaction repeat it.
func TestInsertFromReturnedIDs(t *testing.T) {
	runShared(t, "casrowsfix")
}

// TestInsertStamped: an insert … select of the rows its transaction
// stamped with its clock, where only a conditional upsert stamps them,
// writes once per change; an upsert without a WHERE, another write that
// stamps every run, or a stamp the job carries repeat it.
func TestInsertStamped(t *testing.T) {
	runShared(t, "stampedfix")
}

// TestPreparedStatements: a prepared statement's SQL is followed from its
// Prepare, into struct fields (also across packages), statement lists,
// tx.Stmt helpers and callees that execute a statement they are given.
// TestAssembly: a function written in assembly that calls nothing only
// computes (no effects); one that calls out or holds raw encodings stays
// unknown (asm.go).
func TestAssembly(t *testing.T) {
	runShared(t, "asmfix")
}

// TestKVStore: a LevelDB Put is a set by key, a new entry under a key
// made from the clock (catalog/leveldb.yaml, identity).
func TestKVStore(t *testing.T) {
	runShared(t, "kvstorefix")
}

// TestEthereumNode: go-ethereum's ethclient reads are reads of the node;
// hashes and the sender are computed (catalog/ethereum.yaml); sending a
// transaction is not modelled.
func TestEthereumNode(t *testing.T) {
	runShared(t, "ethnodefix")
}

// TestIllTyped: a package that does not type-check is analysed for the
// rest (illtyped.Strip): only its ill-typed functions and their callers
// are unknown, with the type error as the reason.
func TestIllTyped(t *testing.T) {
	if res := runShared(t, "illtypedfix"); len(res) != 1 {
		t.Fatalf("illtypedfix: no result (the package was not analysed)")
	}
}

func TestPreparedStatements(t *testing.T) {
	runShared(t, "preparedfix/store", "preparedfix", "preparedfix/sqlutil", "preparedfix/tables")
}

// TestSQLTextArg: a function that runs the SQL text its parameter gives
// (ent's generated config.QueryContext) is decided at each call by the
// text passed there, also through a helper that passes its own parameter
// on; a text the delivery makes stays unknown (issue 28, flexprice
// ExportData).
func TestSQLTextArg(t *testing.T) {
	runShared(t, "sqlargfix")
}

// TestSQLShapes: SQL whose meaning depends on the migrations (functions,
// column types) or on the code around it (values read and written back,
// claims spelled as CTEs or as statements that report a change).
func TestSQLShapes(t *testing.T) {
	a := analyzer.New(analyzer.Options{Config: filepath.Join(testdata, "src", "sqlshapes", ".jobeffects.yaml")})
	results := analysistest.Run(t, testdata, a, "sqlshapes")
	// A read-modify-write names the read by its file and line (the read
	// may be in another file than the write).
	for _, h := range results[0].Result.(*result.Result).Handlers {
		if h.Name != "(*sqlshapes.Deps).Raise" {
			continue
		}
		for _, e := range h.Effects {
			if e.Op == "update-increment" {
				if !strings.Contains(e.Detail, "changed from the one read at rmwcalls.go:") {
					t.Errorf("Raise's increment detail %q does not name the read's file", e.Detail)
				}
				return
			}
		}
	}
	t.Error("no increment on Raise")
}

// TestMemoryWrites: writes to memory that outlives the delivery are
// memory_write effects (increment, insert, set); writes to what the
// handler allocates or is handed for the delivery are not.
//
// Retry bookkeeping (summary/backoff.go): Send's backoff increments are
// safe, with the reason and the reset's line; the near misses' increments
// carry no such note.
func TestMemoryWrites(t *testing.T) {
	res := runShared(t, "memfix")
	if len(res) != 1 {
		t.Fatal("memfix: no result")
	}
	for _, h := range res[0].Handlers {
		if !strings.HasPrefix(h.Name, "(*memfix.Sender).") {
			continue
		}
		for _, e := range h.Effects {
			if e.Op != "increment" {
				continue
			}
			note := strings.Contains(e.Detail, "retry bookkeeping")
			if want := h.Name == "(*memfix.Sender).Send"; note != want {
				t.Errorf("%s: increment of %s: detail %q, retry bookkeeping note wanted: %v", h.Name, e.Target, e.Detail, want)
			}
			if note && !strings.Contains(e.Detail, "reset to 0 on the success path at memfix.go:") {
				t.Errorf("%s: the note %q does not name the reset's line", h.Name, e.Detail)
			}
		}
	}
}

// TestChannelWorkers: a handler that sends its message on a channel has
// the effects of the functions that receive from it (a field's, a
// package-level variable's, another package's field's), with a
// (channel → worker) hop; a signal channel hands no work. A worker's
// type switch on what it received runs only the sent type's case
// (typeswitch.go; near miss: a value of unknown type, every case).
func TestChannelWorkers(t *testing.T) {
	runShared(t, "chanfix/pool", "chanfix")
}

// TestChannelWorkersAcrossPackages: one package at a time, each field's
// receivers are its package's facts; the consumer's send on a field of
// another type (the same make, wired in app) reaches them only over the
// whole program (wholeprogram's TestChannelAliasedAcrossPackages).
func TestChannelWorkersAcrossPackages(t *testing.T) {
	runShared(t, "chanalias/model", "chanalias/broker", "chanalias/service", "chanalias/app")
}

// TestBufferedWriter: a Write or Flush on a bufio.Writer (or the one a
// bufio.ReadWriter embeds) is a write into the writer it wraps, followed
// through its constructor and the stores into the package's unexported
// field or a variable a func literal captures: an accepted *net.TCPConn's
// network write, a file's or a buffer's nothing. A parameter's is decided
// by each caller (Effect.BufferedArg); an exported field stays an unknown
// write.
func TestBufferedWriter(t *testing.T) {
	runShared(t, "bufiofix")
}

// TestWrappingWriters: the standard library's other wrapping writers
// (gzip, flate, csv, tar, zip and its entries, tabwriter, io.MultiWriter;
// catalog writer_wrappers) write into what they wrap, chains composed: a
// dialled connection's network write, a buffer's, a file's or
// io.Discard's nothing. A parameter, a spread slice and a Reset writer
// stay unknown writes.
func TestWrappingWriters(t *testing.T) {
	runShared(t, "wrapwfix")
}

// TestMergedFuncField: a variable merging one of the package's own
// unexported func fields with a closure runs what production code stores
// there (nothing, or a method) or the closure; an exported field, or one
// set from a constructor's parameter, stays unknown.
func TestMergedFuncField(t *testing.T) {
	runShared(t, "funcfieldfix")
}

// TestParamFieldCallback: a callback passed in a field of an argument
// struct runs what the caller's literal stores there (an insert:
// unguarded; a set: safe).
func TestParamFieldCallback(t *testing.T) {
	runShared(t, "paramfieldfix")
}

// TestGlobalInterfaceVar: a call through one of a package's unexported
// interface-typed variables runs the methods of the types its code stores
// there (a default logger: no effect; an alert notifier: a post); an
// exported variable, one set from a parameter, one whose address is handed
// on and one only a test sets stay unknown.
func TestGlobalInterfaceVar(t *testing.T) {
	runShared(t, "globalifacefix/logx", "globalifacefix")
}

// TestRowIdempotencyKey: a row handed to a store interface whose
// IdempotencyKey field comes from a generator hashing a map stamped with
// time.Now() is random-key at the key; a map of the job's fields, or the
// clock in a field not named as a key, is not.
func TestRowIdempotencyKey(t *testing.T) {
	runShared(t, "rowkeyfix")
}

// TestInfeasibleBranches: an effect in a branch a test of a parameter
// decides is not the effect of a caller passing a constant that decides
// it false (a literal, a struct literal's field, a field stored just
// before the call, a zero value left out; through a function value the
// callee calls with its own argument); a constant that decides it true,
// a value from the job, or a store a call may change keeps it.
func TestInfeasibleBranches(t *testing.T) {
	runShared(t, "condfix")
}

// TestParamTypeSwitch: an effect in a case of a type switch on a
// function's interface parameter is not the effect of a caller that
// passes a value of another concrete type, through a helper handing its
// own parameter on; a caller passing the case's type, or a value of
// unknown dynamic type, keeps it, and a case of an interface type decides
// nothing.
func TestParamTypeSwitch(t *testing.T) {
	runShared(t, "typeswitchfix")
}

// TestNilFuncField: a func-typed field the caller's literals leave out is
// nil, so what a callee runs only under a nil test of it does not run
// (through a slice built by append, copied, sorted and indexed, and a
// closure capturing the value); a literal that sets it, or a slice of
// unknown origin, keeps the call.
func TestNilFuncField(t *testing.T) {
	runShared(t, "nilhookfix")
}
