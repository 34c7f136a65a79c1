package ecosystem

import (
	"flag"
	"testing"

	"github.com/jobeffects/jobeffects/internal/e2etest"
)

// Each framework module is a test package of its own, so that each has go
// test's whole 10-minute budget for its first go vet, which on empty
// caches downloads and type-checks every library it imports; what the
// tests call is internal/e2etest's.

var update = flag.Bool("update", false, "rewrite the golden files")

// binary is the command, built once for the go test run (e2etest.Build).
var binary string

func TestMain(m *testing.M) { e2etest.Main(m, &binary) }

// vetPackages are the packages go vet itself runs on
// (e2etest.PerPackage): none. Every diagnostic of the module is reported
// in jobs or cmd/worker, which import every framework of the module (454
// and 487 of its 471 dependencies beside the standard library): the
// CLI's per-package run stands for go vet here; go vet itself runs on the
// example, clean and gormv1 modules and on most of consumers.
var vetPackages []string

// go vet reports the command's findings on this module: the same handlers
// with the same rules (e2etest.VetEqualsCommand says what may differ). Not
// parallel, so it runs first: its go vet and command runs (shared) fill the
// caches the module's other test then finds warm, instead of both doing
// the first go vet at once.
func TestVetEqualsCommand(t *testing.T) {
	// The gate handlers test the outcome of the store's OpenGate, a
	// compare-and-set behind their package's GateStore interface that
	// internal/gatestore implements: only the command decides it. The
	// afterdup handlers return on the failure of an insert behind their
	// EventChannel interface before they post: go vet resolves the
	// interface calls where cmd/worker wires them, without the handler's
	// code, so only the command places the POST after the insert's error
	// test (wholeprogram/afterdup.go). The matrix to-device handler hands
	// a message whose MessageID (the receiver's dedup key) is random to a
	// queue behind an interface: go vet resolves the call but carries the
	// message's key only in the command's whole-program phase
	// (wholeprogram/resolve.go), so go vet says unguarded where the command
	// says random-key; both report the handler. So also for the parts
	// handlers, whose step follows the part's insert behind their
	// PartsStore interface (only the command says guard-separate-tx for
	// parts:keyed). The fx handlers call interfaces only go.uber.org/fx's
	// providers fill (wholeprogram/provide.go), and the registry's jobs are
	// made by reflection (handlers only over the whole program): go vet
	// reports neither fx:add nor reg:webhook. So also for RiverPageHooked,
	// whose hook is the closure a factory's closure returns, called through
	// the batch item's field: go vet leaves it unresolved, the command
	// resolves it to the child's River insert (unguarded); both report the
	// handler. A closure registered once per event channel
	// (cmd/worker/perreg.go) calls the channel it captured through an
	// interface: go vet leaves the call unresolved at each registration,
	// the command resolves it in each registration's channel
	// (wholeprogram/bound.go). The key workers' check, act and record
	// are calls through the KeyService and KeyRepo interfaces: go vet
	// resolves them where RegisterKeyWorkers wires them and says
	// unguarded; only the command places each effect at its call in the
	// validation helper and the service (wholeprogram/checkact.go) and
	// says check-then-act for shape:key-export; both report the handler.
	// The lock handlers (jobs/locks.go) call their store's
	// compare-and-set helpers behind the LockStore interface: only the
	// command reads the handler's code again with the helpers resolved
	// (wholeprogram/claims.go), so only it guards the mail sent after a
	// won lock and takes the optimistic lock on the version just read for
	// a lost race; both report every handler.
	// BlobMirrorStamped's put through blobs' exported Mirror is
	// unresolved to go vet; the command resolves it to
	// (*minio.Client).PutObject with a clock key: a create (unguarded).
	// ReplayAlert's notice after the replay gate's check is the helper's
	// act on its second path, which only the command's whole-program
	// check-then-act places (wholeprogram/otherpaths.go): go vet reports
	// the handler unguarded only, the command also check-then-act at the
	// gate's read in jobs/replaygate.go.
	// The cached handlers (jobs/fwdcb.go) call the Memo interface that
	// cmd/worker fills with internal/idem's Memory: only the command
	// resolves Remember and runs the callback it is handed, so only it
	// reports GrantCached's insert (and NoteCached's, merged there).
	// ItemProjectSaved writes its per-item status through a saver
	// interface over ent's builders (jobs/itemsaver.go): go vet leaves the
	// call unknown and says unguarded; the command resolves it to the
	// builders' Save and says check-then-act; both report the handler.
	// ItemNotifyClaimed notifies through the ItemNotifier interface after
	// its compare-and-set claim (jobs/itemnotify.go): only the command
	// resolves the POST and guards it by the claim (wholeprogram/claimgate.go).
	// CopyClose saves, behind the CopyTickets interface, the row that
	// GetByID returned beside its read's error (jobs/savedcopy.go): only
	// the command's whole-program phase decides the implementation's Save
	// of its parameter with the rows the interface call passes
	// (summary.ResolveSavedRowArg), so go vet says insert, unguarded, where
	// the command says upsert-set; both report CopyClone.
	// TripRefresh stores the trip a repository interface returned
	// (jobs/loadedkey.go): only the command's whole-program phase knows
	// that GetWithRoute returns it loaded and drops the create under
	// `t.ID == 0` (wholeprogram/loadedkey.go); go vet keeps the inserts
	// and reports the handler, which the command calls safe.
	// CountLabelBool tests the answer of a count behind the LabelStore
	// interface (jobs/gormcountbool.go): only the command resolves the
	// store's count and insert and says check-then-act; go vet sees both
	// as unknown calls.
	e2etest.VetEqualsCommand(t, binary, e2etest.TestdataDir(t, "ecosystem"), vetPackages, "jobs/gates.go", "jobs/afterdup.go", "jobs/matrix.go", "jobs/partsfresh.go", "internal/fxjobs/fxjobs.go", "internal/regjobs/regjobs.go", "jobs/nilhook.go", "cmd/worker/perreg.go", "jobs/keycheck.go", "jobs/blobstamped.go", "jobs/locks.go", "jobs/replaygate.go", "jobs/fwdcb.go", "jobs/itemsaver.go", "jobs/itemnotify.go", "jobs/tagger.go", "jobs/savedcopy.go", "jobs/loadedkey.go", "jobs/gormcountbool.go")
}
